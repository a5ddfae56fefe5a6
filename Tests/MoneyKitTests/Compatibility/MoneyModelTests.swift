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
        let sum = try MoneyModel(decimal: 1, digit: 0).adding(value)
        #expect(sum.asString() == "0.50")
        #expect(try value.adding(value).asString() == "-1")
        #expect(MoneyModel(decimal: 1, digit: 0).add(value) == sum)
        #expect(value.add(value).asString() == "-1")
        #expect(MoneyModel(decimal: -2, digit: -30).add(MoneyModel(decimal: 1, digit: 50)).asString() == "-0.80")
    }

    @Test("kopecks of 100 or more are carried into roubles")
    func normalised() {
        #expect(MoneyModel(decimal: 1, digit: 250) == MoneyModel(decimal: 3, digit: 50))
        #expect(MoneyModel(decimal: 1, digit: -50).asString() == "0.50")
        #expect(MoneyModel(decimal: .max, digit: 100).decimal == .max)
    }

    @Test("adding carries kopecks and reports overflow")
    func adding() throws {
        #expect(try MoneyModel(decimal: 10, digit: 99).adding(MoneyModel(decimal: 0, digit: 1)).asString() == "11")
        #expect(try MoneyModel(decimal: 10, digit: 50).adding(MoneyModel(decimal: 5, digit: 75)).asString() == "16.25")
        #expect(throws: MoneyError.overflow) {
            try MoneyModel(decimal: .max, digit: 0).adding(MoneyModel(decimal: 1, digit: 0))
        }
        #expect(throws: MoneyError.overflow) {
            try MoneyModel(decimal: .max, digit: 99).adding(MoneyModel(decimal: 0, digit: 1))
        }
    }

    @Test("add (SurfUtils' non-throwing form) gives the same sums as adding, up to the largest amount")
    func add() throws {
        // Given pairs of amounts with every combination of signs and kopeck carries
        let amounts = [
            MoneyModel(decimal: 0, digit: 0), MoneyModel(decimal: 10, digit: 99), MoneyModel(decimal: 0, digit: -1),
            MoneyModel(decimal: -7, digit: -45), MoneyModel(decimal: 3, digit: 60),
            MoneyModel(decimal: .max - 1, digit: 0),
        ]
        for left in amounts {
            for right in amounts {
                // When both forms add them
                let checked = try? left.adding(right)
                // Then the sums agree wherever the checked form has one
                if let checked { #expect(left.add(right) == checked) }
            }
        }
        // And a carry into the last rouble still fits
        #expect(MoneyModel(decimal: .max - 1, digit: 99).add(MoneyModel(decimal: 0, digit: 1)).decimal == .max)
    }

    @Test("converts to Money")
    func toMoney() throws {
        #expect(try MoneyModel(decimal: -3, digit: -7).money() == Money(minorUnits: -307, currency: .rub))
        #expect(throws: MoneyError.overflow) { try MoneyModel(decimal: .max, digit: 0).money() }
    }

    @Test("converts to Money at the currency's own minor unit: thousandths, hundredths, or none")
    func toMoneyInOtherCurrencies() throws {
        // Given 10.05 (ten units, five hundredths)
        let amount = MoneyModel(decimal: 10, digit: 5)
        // Then the Iraqi dinar (3 digits) holds 10.050, and the yen (no minor unit) cannot hold it
        let dinar = try #require(Currency(code: "IQD"))
        #expect(try amount.money(in: dinar) == Money(minorUnits: 10_050, currency: dinar))
        #expect(try MoneyModel(decimal: -2, digit: -50).money(in: dinar) == Money(minorUnits: -2_500, currency: dinar))
        #expect(throws: MoneyError.invalidAmount("10.05", reason: .tooManyFractionDigits(allowed: 0))) {
            try amount.money(in: .jpy)
        }
        #expect(try MoneyModel(decimal: 7, digit: 0).money(in: .jpy) == Money(minorUnits: 7, currency: .jpy))
        #expect(throws: MoneyError.overflow) { try MoneyModel(decimal: .max / 100, digit: 0).money(in: dinar) }
    }
}
