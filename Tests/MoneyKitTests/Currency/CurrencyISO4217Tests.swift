import Foundation
import MoneyKit
import Testing

/// The currency table against ISO 4217's current list, which `scripts/generate-currencies` writes to
/// `Tests/Fixtures/MoneyKit/iso4217.json` from ISO's own XML after checking its codes and numeric codes
/// against pycountry's.
@Suite("Currency table against ISO 4217's current list")
struct CurrencyISO4217Tests {
    struct Entry: Decodable {
        let code: String
        let numeric: Int
        let minorUnits: Int?
    }

    struct List: Decodable {
        let published: String
        let currencies: [Entry]
        let former: [String]
    }

    static func load() throws -> List {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/MoneyKit/iso4217.json")
        return try JSONDecoder().decode(List.self, from: Data(contentsOf: url))
    }

    @Test("the catalog is exactly ISO's current list, with its numeric codes and minor units")
    func wholeList() throws {
        // Given ISO 4217's current list
        let list = try Self.load()
        #expect(list.published == Currency.iso4217Published)
        #expect(list.currencies.count > 170)
        // Then the catalog has the same codes
        #expect(Currency.catalog.map(\.code) == list.currencies.map(\.code))
        for entry in list.currencies {
            // And each code finds a currency with ISO's numeric code and minor units
            let currency = try #require(Currency(code: entry.code))
            #expect(currency.numericCode == entry.numeric, "\(entry.code)")
            #expect(Currency(numericCode: entry.numeric) == currency, "\(entry.code)")
            // (ISO gives no minor unit for funds, metals and XXX: the table keeps CLDR's 2 for them, as
            // the CLDR-41 table did, so stored amounts keep their meaning)
            #expect(currency.minorUnitDigits == entry.minorUnits ?? 2, "\(entry.code)")
        }
    }

    @Test(
        "the facts CLDR 41 got wrong or lacked",
        arguments: [
            // BYN had no numeric code in CLDR 41; IQD, LAK and MGA had CLDR's display digits (0), not
            // ISO's minor units; SLE, ZWG and XCG were added to ISO 4217 after CLDR 41.
            ("BYN", 933, 2), ("IQD", 368, 3), ("LAK", 418, 2), ("MGA", 969, 2), ("SLE", 925, 2), ("ZWG", 924, 2),
            ("XCG", 532, 2),
        ]
    )
    func formerlyWrong(code: String, numeric: Int, digits: Int) throws {
        // Given a code the CLDR-41 table got wrong or lacked
        // When it is looked up
        let currency = try #require(Currency(code: code))
        // Then it has the current list's numeric code and minor units
        #expect(currency.numericCode == numeric)
        #expect(currency.minorUnitDigits == digits)
        #expect(Currency(numericCode: numeric) == currency)
    }

    @Test("withdrawn codes still decode, but are not in the catalog or found by number")
    func formerCodes() throws {
        // Given the codes the CLDR-41 table carried and ISO's current list does not
        let former = try Self.load().former
        #expect(Set(former).isSuperset(of: ["HRK", "SLL", "BGN", "ANG", "CNH"]))
        for code in former {
            // Then each is still found by code, outside the catalog
            let currency = try #require(Currency(code: code))
            #expect(!Currency.catalog.contains(currency), "\(code)")
            // And its numeric code, where it has one, finds the current currency instead, if any
            if let numeric = currency.numericCode {
                #expect(Currency(numericCode: numeric) != currency, "\(code)")
            }
        }
        // 532 is XCG (ANG's successor) and 156 is CNY, not CLDR's offshore CNH
        #expect(Currency(numericCode: 532) == .xcg)
        #expect(Currency(numericCode: 156) == .cny)
    }

    @Test("a stored amount in a withdrawn currency still decodes")
    func storedFormerAmount() throws {
        // Given an amount stored in kuna before Croatia adopted the euro
        let stored = Data(#"{"amount": "12.50", "currency": "HRK"}"#.utf8)
        // When it is decoded
        let money = try JSONDecoder().decode(Money.self, from: stored)
        // Then nothing is lost
        #expect(money.currency == .hrk)
        #expect(money.minorUnits == 1250)
    }

    @Test("an amount takes ISO's minor units: three for the Iraqi dinar")
    func threeDigitDinar() throws {
        // Given an amount with fils, the dinar's thousandths
        let money = try Money(amount: "1.234", currency: .iqd)
        // Then it is exact in minor units, and written back with three digits
        #expect(money.minorUnits == 1234)
        #expect(money.plainAmount == "1.234")
        #expect(Money(minorUnits: 5000, currency: .iqd).description == "5.000 IQD")
        #expect(throws: MoneyError.self) { try Money(amount: "1.2345", currency: .iqd) }
    }
}
