import Foundation
import MoneyKit
import ServiceUtilsTestSupport
import Testing

@Suite("service-utils money")
struct MoneyCommandTests {
    @Test("parse, format and split")
    func subcommands() async throws {
        // Given amounts as users and programs write them
        // When each subcommand runs
        let parsed = try await CommandRunner.run(["money", "parse", "1 234,56 ₽"])
        let formatted = try await CommandRunner.run([
            "money", "format", "1234.5", "--currency", "USD", "--locale", "en_US",
        ])
        let split = try await CommandRunner.run(["money", "split", "100", "3"])
        let ratios = try await CommandRunner.run(["money", "split", "0.05", "--ratios", "3,7", "--currency", "USD"])
        // Then the amounts are exact
        #expect(parsed.lines == ["1234.56 RUB", "minor units: 123456"])
        #expect(formatted.lines == ["$1,234.50"])
        #expect(split.lines == ["33.34 RUB", "33.33 RUB", "33.33 RUB"])
        #expect(ratios.lines == ["0.02 USD", "0.03 USD"])
    }

    @Test("the tour's MoneyKit section names the ISO 4217 list and the CLDR release")
    func tour() async throws {
        // When the MoneyKit part of the tour runs
        let result = try await CommandRunner.run(["tour", "--section", "MoneyKit"])
        // Then it says where the currency table comes from, and ISO's three digits for the Iraqi dinar
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("ISO 4217 (\(Currency.iso4217Published))"))
        #expect(result.output.contains("CLDR \(Currency.cldrVersion)"))
        #expect(result.output.contains("IQD 3"))
    }

    @Test("bad input fails without a trap")
    func badInput() async throws {
        #expect(try await CommandRunner.run(["money", "parse", "12abc"]).status == 1)
        #expect(try await CommandRunner.run(["money", "parse", "1", "--currency", "QQQ"]).status == 64)
        #expect(try await CommandRunner.run(["money", "split", "100", "0"]).status == 64)
        #expect(try await CommandRunner.run(["money", "frobnicate", "1"]).status == 64)
    }
}
