import Foundation
import ServiceUtilsTestSupport
import Testing

@Suite("service-utils money")
struct MoneyCommandTests {
    /// Runs the built `service-utils` and returns its exit status and standard output lines.
    static func run(_ arguments: [String]) throws -> (status: Int32, lines: [String]) {
        let process = Process()
        process.executableURL = try BuiltProducts.executable("service-utils")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        )
    }

    @Test("parse, format and split")
    func subcommands() throws {
        // Given amounts as users and programs write them
        // When each subcommand runs
        let parsed = try Self.run(["money", "parse", "1 234,56 ₽"])
        let formatted = try Self.run(["money", "format", "1234.5", "--currency", "USD", "--locale", "en_US"])
        let split = try Self.run(["money", "split", "100", "3"])
        let ratios = try Self.run(["money", "split", "0.05", "--ratios", "3,7", "--currency", "USD"])
        // Then the amounts are exact
        #expect(parsed.lines == ["1234.56 RUB", "minor units: 123456"])
        #expect(formatted.lines == ["$1,234.50"])
        #expect(split.lines == ["33.34 RUB", "33.33 RUB", "33.33 RUB"])
        #expect(ratios.lines == ["0.02 USD", "0.03 USD"])
    }

    @Test("bad input fails without a trap")
    func badInput() throws {
        #expect(try Self.run(["money", "parse", "12abc"]).status == 1)
        #expect(try Self.run(["money", "parse", "1", "--currency", "QQQ"]).status == 64)
        #expect(try Self.run(["money", "split", "100", "0"]).status == 64)
        #expect(try Self.run(["money", "frobnicate", "1"]).status == 64)
    }
}
