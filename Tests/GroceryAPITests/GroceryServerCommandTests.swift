import Foundation
import GroceryAPI
import InternalServiceUtilities
import ServiceUtilsTestSupport
import Testing

@Suite("service-utils grocery-server")
struct GroceryServerCommandTests {
    @Test("prints its base URL first, serves the API there, and exits 0 on SIGTERM")
    func servesUntilTerminated() async throws {
        // Given the built CLI started as a grocery server
        let process = try ChildProcess(
            try BuiltProducts.executable("service-utils"), arguments: ["grocery-server"], standardOutput: .pipe)
        defer { process.send(SIGKILL) }
        let output = try #require(process.standardOutput)

        // When its first line is read and a client uses that URL
        let firstLine = try await onThread { () -> String in
            var bytes: [UInt8] = []
            while let byte = try output.read(upToCount: 1)?.first, byte != 0x0A {
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        let baseURL = try #require(URL(string: firstLine))
        let client = GroceryClient(baseURL: baseURL)
        let answer = try await client.send("POST", "validate/email", body: EmailModel(email: "ann@example.com"))

        // Then the URL is a loopback base URL that serves the API, and SIGTERM ends it cleanly
        #expect(firstLine.hasPrefix("http://127.0.0.1:"))
        #expect(firstLine.hasSuffix("/"))
        #expect(answer.status == 200)
        process.send(SIGTERM)
        let status = try await onThread { process.wait() }
        #expect(status == 0)
    }
}
