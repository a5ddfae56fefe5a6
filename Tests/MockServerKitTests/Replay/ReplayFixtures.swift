import Foundation
import MockServerKit
import ServiceUtilsTestSupport

/// The HAR files under Tests/Fixtures/MockServerKit/HAR, shaped like real exports of Chrome,
/// Firefox, Charles and mitmproxy, found from this file's path.
enum ReplayFixtures {
    static var directory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Replay
            .deletingLastPathComponent()  // MockServerKitTests
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("Fixtures/MockServerKit/HAR")
    }

    static func file(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// A server replaying the fixture `name`.
    static func server(replaying name: String, options: MockServer.ReplayOptions = .init()) throws -> MockServer {
        let server = try MockServer()
        do {
            try server.replay(archiveAt: file(name), options: options)
        } catch {
            server.stop()
            throw error
        }
        return server
    }

    /// Sends one raw request (with exactly these header lines) and reads the response.
    static func raw(_ server: MockServer, _ requestHead: String, body: String = "") async throws -> RawResponse {
        let port = server.port
        return try await onThread {
            let client = try RawClient(port: port)
            let length = body.isEmpty ? "" : "Content-Length: \(body.utf8.count)\r\n"
            try client.write("\(requestHead)\r\n\(length)Connection: close\r\n\r\n\(body)")
            return try client.readResponse()
        }
    }
}
