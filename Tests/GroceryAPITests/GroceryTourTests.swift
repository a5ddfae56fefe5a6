import Foundation
import ServiceUtilsTestSupport
import Testing

@Suite("service-utils tour, GroceryAPI section")
struct GroceryTourTests {
    @Test("runs the whole flow through AuthService over loopback and prints each step")
    func tourRunsTheFlow() async throws {
        // Given the built CLI
        let process = Process()
        process.executableURL = try BuiltProducts.executable("service-utils")
        process.arguments = ["tour", "--section", "GroceryAPI"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // When the grocery section runs to the end
        let text = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        let data = try output.fileHandleForReading.readToEnd() ?? Data()
                        process.waitUntilExit()
                        return String(decoding: data, as: UTF8.self)
                    })
            }
        }

        // Then it succeeded, and the steps show the e-mail conflict, one automatic refresh and the rejections
        #expect(process.terminationStatus == 0)
        for step in [
            "sign up again → SignUpError.emailExists",
            "POST /token/refresh → 200",
            "GET /user → 200 (attempt 2)",
            "server counted 1 refresh call(s)",
            "categories → Fruit, Dairy, Bakery",
            "POST /logout → 204",
            "validate with the last access token → rejected: invalid_token",
        ] {
            #expect(text.contains(step), "missing step: \(step)")
        }
    }
}
