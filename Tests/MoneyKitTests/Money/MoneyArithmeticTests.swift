import Foundation
import MoneyKit
import Testing

@Suite("Money arithmetic, rounding and allocation")
struct MoneyArithmeticTests {
    func rub(_ units: Int64) -> Money { Money(minorUnits: units, currency: .rub) }

    @Test("adding and subtracting in one currency")
    func sameCurrency() throws {
        #expect(try rub(1_050).adding(rub(275)) == rub(1_325))
        #expect(try rub(100).subtracting(rub(250)) == rub(-150))
        #expect(try rub(-5).negated() == rub(5))
    }

    @Test("mixing currencies is a typed error")
    func mismatch() {
        #expect(throws: MoneyError.currencyMismatch(.rub, .usd)) {
            try rub(1).adding(Money(minorUnits: 1, currency: .usd))
        }
        #expect(throws: MoneyError.currencyMismatch(.rub, .eur)) {
            try rub(1).subtracting(Money(minorUnits: 1, currency: .eur))
        }
    }

    @Test("overflow throws instead of trapping")
    func overflow() {
        #expect(throws: MoneyError.overflow) { try rub(.max).adding(rub(1)) }
        #expect(throws: MoneyError.overflow) { try rub(.min).subtracting(rub(1)) }
        #expect(throws: MoneyError.overflow) { try rub(.min).negated() }
        #expect(throws: MoneyError.overflow) { try rub(.max).multiplied(by: 2) }
    }

    @Test(
        "multiplication rounds with the chosen rule",
        arguments: [
            ("0.125", MoneyRounding.halfEven, Int64(12)), ("0.135", .halfEven, 14), ("0.125", .halfUp, 13),
            ("0.129", .down, 12), ("0.121", .up, 13), ("-0.125", .halfUp, -13), ("-0.129", .down, -12),
            ("-0.121", .up, -13), ("-0.125", .halfEven, -12), ("0.12", .up, 12),
        ]
    )
    func rounding(factor: String, rule: MoneyRounding, expected: Int64) throws {
        // Given 1.00 and a factor that lands between two kopecks
        let factor = try #require(Decimal(string: factor))
        // When it is multiplied with a rounding rule
        let product = try rub(100).multiplied(by: factor, rounding: rule)
        // Then the rule decides the last kopeck
        #expect(product == rub(expected))
    }

    @Test("split and allocate distribute every minor unit")
    func allocation() throws {
        #expect(try rub(100_00).split(into: 3) == [rub(33_34), rub(33_33), rub(33_33)])
        #expect(try rub(-100).split(into: 3) == [rub(-34), rub(-33), rub(-33)])
        #expect(try rub(5).allocate(ratios: [3, 7]) == [rub(2), rub(3)])
        #expect(try rub(100).allocate(ratios: [0, 1, 1]) == [rub(0), rub(50), rub(50)])
        let parts = try rub(.max).allocate(ratios: [1, 2, 3])
        #expect(parts.reduce(Decimal(0)) { $0 + Decimal($1.minorUnits) } == Decimal(Int64.max))
        #expect(try rub(.min).allocate(ratios: [1]) == [rub(.min)])
    }

    @Test("bad allocations are typed errors")
    func badAllocation() {
        #expect(throws: MoneyError.invalidAllocation(.empty)) { try rub(1).split(into: 0) }
        #expect(throws: MoneyError.invalidAllocation(.empty)) { try rub(1).allocate(ratios: []) }
        #expect(throws: MoneyError.invalidAllocation(.negativeRatio)) { try rub(1).allocate(ratios: [1, -1]) }
        #expect(throws: MoneyError.invalidAllocation(.zeroTotal)) { try rub(1).allocate(ratios: [0, 0]) }
    }

    @Test("amounts compare within a currency and sort by code across currencies")
    func comparison() {
        #expect(rub(1) < rub(2))
        #expect(rub(-1) < rub(0))
        #expect(Money(minorUnits: 1, currency: .eur) < Money(minorUnits: 0, currency: .rub))
        #expect([rub(3), rub(1), rub(2)].sorted() == [rub(1), rub(2), rub(3)])
    }

    @Test("decimal amounts: exact or rounded")
    func decimals() throws {
        let amount = try #require(Decimal(string: "12.345"))
        #expect(throws: MoneyError.self) { try Money(exactly: amount, currency: .rub) }
        #expect(try Money(exactly: amount, currency: .kwd).minorUnits == 12_345)
        #expect(try Money(rounding: amount, currency: .rub).minorUnits == 1_234)
        #expect(try Money(rounding: amount, currency: .rub, rule: .halfUp).minorUnits == 1_235)
        #expect(Money(minorUnits: 1_234, currency: .rub).amount == Decimal(string: "12.34"))
    }
}
