import Foundation
import ServiceUtilsTestSupport
import Testing

/// Runs the built `service-utils` executable and checks what it prints and how it exits.
@Suite("service-utils command line")
struct CommandLineTests {
    @Test("help lists tour and exits 0")
    func help() async throws {
        // When help is asked for
        let outcome = try await CommandRunner.run(["help"])
        // Then it lists the tour command and succeeds
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("tour"))
    }

    @Test("an unknown command prints a usage line on stderr and exits 64")
    func unknownCommand() async throws {
        let outcome = try await CommandRunner.run(["no-such-command"])
        #expect(outcome.status == 64)
        #expect(outcome.error.contains("usage: service-utils"))
        #expect(outcome.output.isEmpty)
    }

    @Test("no arguments is a usage error")
    func noArguments() async throws {
        let outcome = try await CommandRunner.run([])
        #expect(outcome.status == 64)
        #expect(outcome.error.contains("usage:"))
    }

    @Test("every command answers --help with its usage and exits 0")
    func everyCommandHasHelp() async throws {
        // Given the list of commands that help prints
        let list = try await CommandRunner.run(["help"]).output
        let names = list.split(separator: "\n")
            .filter { $0.hasPrefix("  ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names.contains("tour"))
        // When each is asked for help, then each prints its usage
        for name in names where name != "help" {
            let outcome = try await CommandRunner.run([name, "--help"])
            #expect(outcome.status == 0, "\(name) --help")
            #expect(outcome.output.hasPrefix("usage: service-utils \(name)"), "\(name) --help")
        }
    }

    @Test("a bad option to tour is a usage error, not a crash")
    func badOption() async throws {
        let outcome = try await CommandRunner.run(["tour", "--no-such-option"])
        #expect(outcome.status == 64)
        #expect(outcome.error.contains("unknown option --no-such-option"))
    }

    @Test("tour runs every section and exits 0")
    func tour() async throws {
        let outcome = try await CommandRunner.run(["tour"])
        #expect(outcome.status == 0, "\(outcome.error)")
        for module in ["NetworkKit", "SecurityKit", "StorageKit", "StringKit", "MoneyKit", "PlatformKit", "GeoKit"] {
            #expect(outcome.output.contains("== \(module)"), "tour has no \(module) section")
        }
        #expect(!outcome.output.contains("FAILED"))
    }
}
