import StringKit
import Testing

@Suite("WordDeclinationSelector (SurfUtils API)")
struct WordDeclinationSelectorTests {
    let days = WordDeclinations("день", "дня", "дней")

    @Test(
        "Russian forms follow the last two digits",
        arguments: [
            (0, "дней"), (1, "день"), (2, "дня"), (4, "дня"), (5, "дней"), (11, "дней"), (12, "дней"),
            (14, "дней"), (21, "день"), (22, "дня"), (25, "дней"), (101, "день"), (111, "дней"), (1_000, "дней"),
        ]
    )
    func smallNumbers(number: Int, expected: String) {
        // Given "день", "дня", "дней"
        // When a number picks its form
        let word = WordDeclinationSelector.declineWord(for: number, from: days)
        // Then it is the form a Russian speaker uses
        #expect(word == expected)
    }

    @Test("negative numbers take the form of their absolute value")
    func negatives() {
        // Given negative numbers
        // When they pick forms
        // Then they match their absolute values
        #expect(WordDeclinationSelector.declineWord(for: -1, from: days) == "день")
        #expect(WordDeclinationSelector.declineWord(for: -3, from: days) == "дня")
        #expect(WordDeclinationSelector.declineWord(for: -11, from: days) == "дней")
        #expect(WordDeclinationSelector.declineWord(for: Int.min, from: days) == "дней")  // …808
    }

    @Test("numbers above Int32 keep the Russian rule")
    func largeNumbers() {
        // Given numbers beyond Int32.max
        // When they pick forms
        // Then the last digits decide, as for small numbers
        #expect(WordDeclinationSelector.declineWord(for: 4_294_967_301, from: days) == "день")
        #expect(WordDeclinationSelector.declineWord(for: 4_294_967_302, from: days) == "дня")
        #expect(WordDeclinationSelector.declineWord(for: 4_294_967_311, from: days) == "дней")
        #expect(WordDeclinationSelector.declineWord(for: Int.max, from: days) == "дней")  // …807
    }

    @Test("correctly spelled accessors return the same forms")
    func aliases() {
        #expect(days.genitiveSingular == "дня")
        #expect(days.genitivePlural == "дней")
    }
}
