import Foundation
import ServiceUtils
import XCTest

// SurfUtils' WordDeclinationSelector as SurfUtils 13.2 code calls it: the static
// `declineWord(for:from:)` with a `WordDeclinations` made by its unlabelled initialiser, and the
// README's spelling `WordDeclensions`.

// A user extension that only compiles when WordDeclinations is a class, as in SurfUtils.
extension WordDeclinations {
    convenience init(roubles: Void) {
        self.init("рубль", "рубля", "рублей")
    }
}

final class WordDeclinationSelectorTests: XCTestCase {

    // MARK: - Constants

    private let one = "минута"
    private let few = "минуты"
    private let many = "минут"

    // MARK: - Tests

    func testTeensTakeTheGenitivePlural() {
        checkSelector(numbers: [11, 12, 13, 14, 15, 16, 17, 18, 19, 211, 3014, 70_817], expected: many)
    }

    func testNumbersEndingInOneTakeTheNominativeSingular() {
        checkSelector(numbers: [1, 21, 61, 301, 5071], expected: one)
    }

    func testNumbersEndingInTwoToFourTakeTheGenitiveSingular() {
        checkSelector(numbers: [2, 3, 4, 32, 93, 104, 7022, 90_003], expected: few)
    }

    func testNumbersEndingInFiveToNineOrZeroTakeTheGenitivePlural() {
        checkSelector(numbers: [0, 5, 6, 7, 8, 9, 10, 30, 45, 99, 100, 2006, 10_000, 123_457], expected: many)
    }

    func testServiceUtilsReadmeExample() {
        // The README's line, with its `WordDeclensions` spelling.
        let correctForm = WordDeclinationSelector.declineWord(for: 6, from: WordDeclensions("день", "дня", "дней"))
        XCTAssertEqual(correctForm, "дней")
    }

    func testAUserConvenienceInitialiserWorks() {
        let roubles = WordDeclinations(roubles: ())
        XCTAssertEqual(WordDeclinationSelector.declineWord(for: 22, from: roubles), "рубля")
    }

    func testNegativeNumbersFollowTheirAbsoluteValue() {
        // SurfUtils gave the genitive plural for every negative number ("-1 минут").
        let forms = WordDeclinations(one, few, many)
        XCTAssertEqual(WordDeclinationSelector.declineWord(for: -1, from: forms), one)
        XCTAssertEqual(WordDeclinationSelector.declineWord(for: -23, from: forms), few)
        XCTAssertEqual(WordDeclinationSelector.declineWord(for: -11, from: forms), many)
    }
}

extension WordDeclinationSelectorTests {

    fileprivate func checkSelector<S: Sequence>(numbers: S, expected: String) where S.Element == Int {
        for number in numbers {
            let word = WordDeclinationSelector.declineWord(for: number, from: WordDeclinations(one, few, many))
            XCTAssertEqual(word, expected, "\(number)")
        }
    }
}
