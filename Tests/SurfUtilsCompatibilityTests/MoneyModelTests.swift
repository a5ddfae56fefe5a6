import Foundation
import ServiceUtils
import XCTest

// SurfUtils' MoneyModel as SurfUtils 13.2 code uses it: `init(decimal:digit:)`, `init?(value:)`, the
// non-throwing `add(_:)`, `asString()`, and the `decimal` / `digit` parts read back.

final class MoneyModelTests: XCTestCase {

    // MARK: - add(_:)

    func testAddingNothingToNothingIsNothing() {
        // given
        let first = MoneyModel(decimal: 0, digit: 0)
        let second = MoneyModel(decimal: 0, digit: 0)
        // when
        let sum = first.add(second)
        // then
        XCTAssertEqual(sum.decimal, 0)
        XCTAssertEqual(sum.digit, 0)
    }

    func testOneKopeckAddedToNothing() {
        let sum = MoneyModel(decimal: 0, digit: 0).add(MoneyModel(decimal: 0, digit: 1))
        XCTAssertEqual(sum.decimal, 0)
        XCTAssertEqual(sum.digit, 1)
    }

    func testNinetyNineKopecksStayKopecks() {
        let sum = MoneyModel(decimal: 0, digit: 0).add(MoneyModel(decimal: 0, digit: 99))
        XCTAssertEqual(sum.decimal, 0)
        XCTAssertEqual(sum.digit, 99)
    }

    func testKopecksJustBelowOneRoubleAreNotCarried() {
        let sum = MoneyModel(decimal: 0, digit: 38).add(MoneyModel(decimal: 0, digit: 61))
        XCTAssertEqual(sum.decimal, 0)
        XCTAssertEqual(sum.digit, 99)
    }

    func testKopecksMakingExactlyOneRoubleAreCarried() {
        let sum = MoneyModel(decimal: 0, digit: 38).add(MoneyModel(decimal: 0, digit: 62))
        XCTAssertEqual(sum.decimal, 1)
        XCTAssertEqual(sum.digit, 0)
    }

    func testRoublesAreKeptWhenKopecksDoNotCarry() {
        let sum = MoneyModel(decimal: 2, digit: 25).add(MoneyModel(decimal: 0, digit: 74))
        XCTAssertEqual(sum.decimal, 2)
        XCTAssertEqual(sum.digit, 99)
    }

    func testRoublesAndKopecksAddSeparately() {
        let sum = MoneyModel(decimal: 31, digit: 20).add(MoneyModel(decimal: 12, digit: 79))
        XCTAssertEqual(sum.decimal, 43)
        XCTAssertEqual(sum.digit, 99)
    }

    func testLargestKopecksCarryOneRouble() {
        // given two amounts whose kopecks sum to 1.98
        let price = MoneyModel(decimal: 45, digit: 99)
        // when one is added to itself
        let sum = price.add(price)
        // then one rouble is carried and 98 kopecks remain
        XCTAssertEqual(sum.decimal, 91)
        XCTAssertEqual(sum.digit, 98)
    }

    // MARK: - init?(value:)

    func testWholeNumberTextHasNoKopecks() {
        let money = MoneyModel(value: "25")
        XCTAssertEqual(money?.decimal, 25)
        XCTAssertEqual(money?.digit, 0)
    }

    func testZeroFractionIsNoKopecks() {
        let money = MoneyModel(value: "25.00")
        XCTAssertEqual(money?.decimal, 25)
        XCTAssertEqual(money?.digit, 0)
    }

    func testTwoFractionDigitsAreKopecks() {
        let money = MoneyModel(value: "25.07")
        XCTAssertEqual(money?.decimal, 25)
        XCTAssertEqual(money?.digit, 7)
    }

    func testThreeFractionDigitsAreRejected() {
        XCTAssertNil(MoneyModel(value: "25.700"))
    }

    func testTwoSeparatorsAreRejected() {
        XCTAssertNil(MoneyModel(value: "25.70.70"))
    }

    func testTextThatIsNotANumberIsRejected() {
        XCTAssertNil(MoneyModel(value: "twenty"))
    }

    // MARK: - asString()

    func testTextHasNoRoundingAndPadsKopecks() {
        XCTAssertEqual(MoneyModel(decimal: 7, digit: 0).asString(), "7")
        XCTAssertEqual(MoneyModel(decimal: 7, digit: 5).asString(), "7.05")
        XCTAssertEqual(MoneyModel(decimal: 7, digit: 50).asString(), "7.50")
    }

    func testServiceUtilsReadmeExamples() {
        // The three lines of the "Service utils" page, printed there and compared here.
        print(MoneyModel(decimal: 10, digit: 0).asString())
        print(MoneyModel(decimal: 10, digit: 9).asString())
        print(MoneyModel(decimal: 10, digit: 99).asString())
        XCTAssertEqual(MoneyModel(decimal: 10, digit: 0).asString(), "10")
        XCTAssertEqual(MoneyModel(decimal: 10, digit: 9).asString(), "10.09")
        XCTAssertEqual(MoneyModel(decimal: 10, digit: 99).asString(), "10.99")
    }

    func testTextRoundTripsThroughInitValue() {
        // given amounts written by asString()
        for text in ["0", "3", "3.01", "3.10", "1999.99"] {
            // when read back and written again
            let again = MoneyModel(value: text)?.asString()
            // then the text is unchanged
            XCTAssertEqual(again, text)
        }
    }

    // MARK: - Bugs fixed inside the same signatures

    func testOneFractionDigitMeansTensOfKopecks() {
        // SurfUtils read "10.1" as 10 roubles 1 kopeck.
        XCTAssertEqual(MoneyModel(value: "10.1")?.digit, 10)
        XCTAssertEqual(MoneyModel(value: "10.1")?.asString(), "10.10")
    }

    func testAThrowingTwinReportsOverflowInsteadOfTrapping() {
        var caught: Error?
        XCTAssertThrowsError(try MoneyModel(decimal: Int.max, digit: 50).adding(MoneyModel(decimal: 0, digit: 50))) {
            caught = $0
        }
        XCTAssertEqual(caught as? MoneyError, .overflow)
        XCTAssertEqual(try MoneyModel(decimal: 1, digit: 50).adding(MoneyModel(decimal: 1, digit: 50)).asString(), "3")
    }
}
