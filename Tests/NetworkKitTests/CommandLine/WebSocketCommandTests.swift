import Foundation
import ServiceUtilsTestSupport
import Testing

/// `service-utils ws`, websocat's shape, run as the built executable against the Python websockets
/// fixture (scripts/fixtures/websockets.sh).
@Suite("service-utils ws")
struct WebSocketCommandTests {
    static func url(_ path: String, on variable: String = "SU_WEBSOCKETS_URL") throws -> String {
        try Fixture.value(variable) + path
    }

    @Test("messages received print one per line, binary ones as base64 with --binary; a normal close exits 0")
    func printsMessages() async throws {
        // When the client waits (-n) for a server that sends two texts and a binary message, then closes
        let outcome = try await CommandRunner.run(["ws", "-n", "--binary", try Self.url("/script")], input: "")

        // Then each is a line, and the exit status is 0
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.lines == ["one", "AQID", "three"])
    }

    @Test("-H adds a field to the handshake")
    func handshakeField() async throws {
        // The server sends the fields it received, then closes normally.
        let outcome = try await CommandRunner.run(
            ["ws", "-n", "-H", "X-Probe: 1", try Self.url("/headers")], input: "")
        #expect(outcome.status == 0, "\(outcome.error)")
        let fields = try JSONDecoder().decode(
            [String: String].self, from: Data((outcome.lines.first ?? "{}").utf8))
        #expect(fields["x-probe"] == "1")
    }

    @Test("another close code exits 1 after printing the code and reason")
    func abnormalClose() async throws {
        let outcome = try await CommandRunner.run(
            ["ws", "-n", try Self.url("/close?code=4000&reason=bye")], input: "")
        #expect(outcome.status == 1)
        #expect(outcome.error.contains("closed with 4000 bye"), "\(outcome.error)")
    }

    @Test("--protocol offers subprotocols, and the chosen one is printed on standard error")
    func subprotocol() async throws {
        let outcome = try await CommandRunner.run(
            ["ws", "-n", "--protocol", "nope", "--protocol", "chat.v2", try Self.url("/script")], input: "")
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.error.contains("subprotocol chat.v2"))
    }

    @Test("wss with --cacert, and without it a refusal that exits 1")
    func tls() async throws {
        let trusted = try await CommandRunner.run(
            [
                "ws", "-n", "--cacert", try Fixture.value("SU_TLS_CA"),
                try Self.url("/script", on: "SU_WEBSOCKETS_TLS_URL"),
            ],
            input: "")
        let refused = try await CommandRunner.run(
            ["ws", "-n", try Self.url("/script", on: "SU_WEBSOCKETS_TLS_URL")], input: "")
        #expect(trusted.status == 0, "\(trusted.error)")
        #expect(trusted.lines.first == "one")
        #expect(refused.status == 1)
        #expect(refused.error.contains("not trusted"), "\(refused.error)")
    }

    @Test("at the end of standard input the client closes with 1000 and exits 0")
    func closesAtEndOfInput() async throws {
        let outcome = try await CommandRunner.run(["ws", try Self.url("/echo")], input: "")
        #expect(outcome.status == 0, "\(outcome.error)")
    }

    @Test("through an HTTP proxy (http_proxy, https_proxy) the connection is a CONNECT tunnel, for ws and wss")
    func proxy() async throws {
        // Given a tunnelling proxy
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let plain = try Self.url("/script")
        let secure = try Self.url("/script", on: "SU_WEBSOCKETS_TLS_URL")

        // When ws and wss go through it (only a loopback server, so the proxy connects to 127.0.0.1)
        let viaPlain = try await CommandRunner.run(
            ["ws", "-n", plain], input: "", environment: .adding(["http_proxy": proxy.url, "no_proxy": ""]))
        let viaSecure = try await CommandRunner.run(
            ["ws", "-n", "--cacert", try Fixture.value("SU_TLS_CA"), secure], input: "",
            environment: .adding(["https_proxy": proxy.url, "no_proxy": ""]))

        // Then both conversations arrived, and the proxy saw one CONNECT for each
        #expect(viaPlain.status == 0, "\(viaPlain.error)")
        #expect(viaPlain.lines.first == "one")
        #expect(viaSecure.status == 0, "\(viaSecure.error)")
        #expect(viaSecure.lines.first == "one")
        let port = try #require(URL(string: plain)?.port)
        #expect(proxy.requestLines.contains("CONNECT 127.0.0.1:\(port) HTTP/1.1"))
        #expect(proxy.requestLines.contains { $0.hasPrefix("CONNECT localhost:") })
    }

    @Test("a URL that is not ws, wss, http or https is a usage error")
    func usage() async throws {
        let outcome = try await CommandRunner.run(["ws", "ftp://example.com/"], input: "")
        #expect(outcome.status == 64)
    }
}
