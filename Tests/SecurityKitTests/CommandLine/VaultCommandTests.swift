import Foundation
import ServiceUtilsTestSupport
import Testing

@Suite("service-utils vault: PIN and secret on standard input, never in arguments")
struct VaultCommandTests {
    /// Runs `service-utils vault` with `arguments`, writing `input` to its standard input.
    static func run(
        _ arguments: [String], input: String, environment: CommandRunner.Environment = .inherited
    ) async throws -> CommandOutcome {
        try await CommandRunner.run(["vault"] + arguments, input: input, environment: environment)
    }

    @Test("set, get, wrong PIN, change-pin and remove on a file store")
    func fileStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("su-vault-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["--store", "file", "--dir", folder.path, "--kdf-cost", "10"]
        // Given a secret set through standard input
        let set = try await Self.run(["set"] + common, input: "1234\nmy secret token\n")
        #expect(set.status == 0, "\(set.error)")
        // When it is read with the right PIN, Then it is printed
        let get = try await Self.run(["get"] + common, input: "1234\n")
        #expect(get.status == 0)
        #expect(get.output == "my secret token\n")
        // When a wrong PIN is given, Then it fails, says so, and prints no secret
        let wrong = try await Self.run(["get"] + common, input: "0000\n")
        #expect(wrong.status == 1)
        #expect(wrong.output.isEmpty)
        #expect(wrong.error.contains("wrong PIN (4 attempts left)"))
        #expect(!wrong.error.contains("my secret token"))
        // When the PIN is changed, Then only the new one opens it
        #expect(try await Self.run(["change-pin"] + common, input: "1234\n5678\n").status == 0)
        #expect(try await Self.run(["get"] + common, input: "5678\n").output == "my secret token\n")
        #expect(try await Self.run(["get"] + common, input: "1234\n").status == 1)
        // When it is removed, Then get finds nothing
        #expect(try await Self.run(["remove"] + common, input: "").status == 0)
        let gone = try await Self.run(["get"] + common, input: "5678\n")
        #expect(gone.status == 1)
        #expect(gone.error.contains("no secret is saved"))
    }

    #if canImport(Glibc)
        @Test("Without a Secret Service on the bus, --store secret-service says it is unavailable")
        func secretServiceUnavailable() async throws {
            let outcome = try await Self.run(
                ["get", "--store", "secret-service"], input: "1234\n",
                environment: .adding(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/service-utils-test-bus"]))
            #expect(outcome.status == 1)
            #expect(outcome.error.contains("unavailable"))
        }
    #endif

    @Test(
        "Bad arguments are usage errors (exit 64)", arguments: [["get", "set"], ["fly"], ["get", "--store", "cloud"]])
    func usageErrors(arguments: [String]) async throws {
        let outcome = try await Self.run(
            arguments + ["--dir", FileManager.default.temporaryDirectory.path + "/su-unused"], input: "")
        #expect(outcome.status == 64)
        #expect(outcome.error.contains("usage:"))
    }
}
