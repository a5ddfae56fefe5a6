import MoneyKit
import Testing

@Suite("MoneyModel (SurfUtils API, bugs fixed)")
struct MoneyModelTests {
    @Test("SurfUtils' documented outputs")
    func documented() {
        #expect(MoneyModel(decimal: 10, digit: 0).asString() == "10")
        #expect(MoneyModel(decimal: 10, digit: 9).asString() == "10.09")
        #expect(MoneyModel(decimal: 10, digit: 99).asString() == "10.99")
        #expect(MoneyModel(value: "10")?.asString() == "10")
        #expect(MoneyModel(value: "10.00")?.asString() == "10")
        #expect(MoneyModel(value: "10.01") == MoneyModel(decimal: 10, digit: 1))
        #expect(MoneyModel(value: "10.100") == nil)
        #expect(MoneyModel(value: "10.00.00") == nil)
        #expect(MoneyModel(value: "ten") == nil)
    }

    @Test("\"10.1\" is 10 roubles 10 kopecks, not 10.01")
    func oneFractionDigit() {
        #expect(MoneyModel(value: "10.1") == MoneyModel(decimal: 10, digit: 10))
        #expect(MoneyModel(value: "10.1")?.asString() == "10.10")
    }

    @Test("negative amounts keep their sign in both parts")
    func negative() throws {
        let value = try #require(MoneyModel(value: "-0.5"))
        #expect(value.decimal == 0 && value.digit == -50)
        #expect(value.asString() == "-0.50")
        #expect(MoneyModel(value: "-10.05")?.asString() == "-10.05")
        let sum = try MoneyModel(decimal: 1, digit: 0).add(value)
        #expect(sum.asString() == "0.50")
        #expect(try value.add(value).asString() == "-1")
    }

    @Test("kopecks of 100 or more are carried into roubles")
    func normalised() {
        #expect(MoneyModel(decimal: 1, digit: 250) == MoneyModel(decimal: 3, digit: 50))
        #expect(MoneyModel(decimal: 1, digit: -50).asString() == "0.50")
        #expect(MoneyModel(decimal: .max, digit: 100).decimal == .max)
    }

    @Test("add carries kopecks and reports overflow")
    func add() throws {
        #expect(try MoneyModel(decimal: 10, digit: 99).add(MoneyModel(decimal: 0, digit: 1)).asString() == "11")
        #expect(try MoneyModel(decimal: 10, digit: 50).add(MoneyModel(decimal: 5, digit: 75)).asString() == "16.25")
        #expect(throws: MoneyError.overflow) {
            try MoneyModel(decimal: .max, digit: 0).add(MoneyModel(decimal: 1, digit: 0))
        }
        #expect(throws: MoneyError.overflow) {
            try MoneyModel(decimal: .max, digit: 99).add(MoneyModel(decimal: 0, digit: 1))
        }
    }

    @Test("converts to Money")
    func toMoney() throws {
        #expect(try MoneyModel(decimal: -3, digit: -7).money() == Money(minorUnits: -307, currency: .rub))
        #expect(throws: MoneyError.overflow) { try MoneyModel(decimal: .max, digit: 0).money() }
    }
}
