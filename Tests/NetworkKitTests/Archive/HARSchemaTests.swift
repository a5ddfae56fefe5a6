import Foundation
import ServiceUtilsTestSupport
import Testing

@Suite("The HAR 1.2 schema the tests check recordings with")
struct HARSchemaTests {
    private static let exports = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Archive
        .deletingLastPathComponent()  // NetworkKitTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures/MockServerKit/HAR")

    @Test(
        "accepts files shaped like Chrome, Firefox, Charles and mitmproxy exports",
        arguments: [
            "chrome.har", "firefox.har", "charles.har", "mitmproxy.har",
        ])
    func acceptsExports(name: String) async throws {
        // Given a browser's or a proxy's export
        let file = Self.exports.appendingPathComponent(name)

        // When the readers check it
        let check = try await HARCheck.run(file)

        // Then it meets the schema
        #expect(check.schemaErrors == [])
        #expect(!check.entries.isEmpty)
    }

    @Test("refuses a missing required field and an unknown field without an underscore")
    func refusesBrokenFile() async throws {
        // Given Charles's export without a redirectURL and with a field the specification does not know
        let folder = try TestFolder()
        defer { folder.remove() }
        let original = try String(contentsOf: Self.exports.appendingPathComponent("charles.har"), encoding: .utf8)
        let broken = original.replacingOccurrences(of: "\"redirectURL\": \"\",", with: "\"extra\": 1,")
        let file = try folder.write(Data(broken.utf8), to: "broken.har")

        // When the readers check it
        let check = try await HARCheck.run(file)

        // Then the schema names both problems in each entry
        #expect(check.schemaErrors.contains { $0.contains("'redirectURL' is a required property") })
        #expect(check.schemaErrors.contains { $0.contains("'extra'") })
    }
}
