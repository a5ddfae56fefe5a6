import Foundation
import MoneyKit
import Testing

@Suite("Currency table generated from ISO 4217")
struct CurrencyTests {
    @Test(
        "ISO 4217 minor units and numeric codes",
        arguments: [
            ("RUB", 643, 2), ("USD", 840, 2), ("EUR", 978, 2), ("JPY", 392, 0), ("KWD", 414, 3), ("BHD", 48, 3),
            ("GBP", 826, 2), ("CLF", 990, 4),
        ]
    )
    func knownCurrencies(code: String, numeric: Int, digits: Int) throws {
        // Given a code from ISO 4217
        // When it is looked up
        let currency = try #require(Currency(code: code))
        // Then the table has ISO's numeric code and minor units
        #expect(currency.numericCode == numeric)
        #expect(currency.minorUnitDigits == digits)
        #expect(Currency(numericCode: numeric) == currency)
    }

    @Test("static members, case-insensitive lookup and unknown codes")
    func lookup() {
        #expect(Currency.rub.code == "RUB")
        #expect(Currency(code: "usd") == .usd)
        #expect(Currency(code: "XYZ") == nil)
        #expect(Currency(rawValue: "JPY")?.minorUnitsPerMajorUnit == 1)
        #expect(Currency.catalog.count > 150)
        #expect(Currency.iso4217Published >= "2026-01-01")
        #expect(Set(Currency.catalog.map(\.code)).count == Currency.catalog.count)
    }

    @Test("Codable as the code alone")
    func codable() throws {
        let data = try JSONEncoder().encode([Currency.kwd])
        #expect(String(decoding: data, as: UTF8.self) == #"["KWD"]"#)
        #expect(try JSONDecoder().decode([Currency].self, from: data) == [.kwd])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Currency].self, from: Data(#"["QQQ"]"#.utf8)) }
    }
}
