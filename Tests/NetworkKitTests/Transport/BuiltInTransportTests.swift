import Foundation
import MockServerKit
import ServiceUtilsTestSupport
import Testing

@testable import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPClient.Configuration.transport` is the one setting that chooses a transport: a built-in one
/// by name (`.automatic`, `.libcurl`, `.urlSession`), made by the client from its configuration, or
/// a transport of one's own.
@Suite("Built-in transport choice")
struct BuiltInTransportTests {
    @Test("each built-in choice gives the client that transport, which answers")
    func choices() async throws {
        // Given a server
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/hello") { _ in MockResponse(status: 200, body: Data("hi".utf8)) }

        // When clients are made with each choice, written as a value of the setting and as the type
        let session = HTTPClient { $0.transport = .urlSession }
        let named = HTTPClient { $0.transport = BuiltInTransport.urlSession }
        let curl = HTTPClient { $0.transport = .libcurl }
        let automatic = HTTPClient { $0.transport = .automatic }
        let unset = HTTPClient()

        // Then each client runs the transport it names, and every one of them answers
        #expect(session.transportName == "URLSession" && named.transportName == "URLSession")
        #if os(Linux)
            #expect(curl.transportName == "libcurl")
            let automaticName =
                ProcessInfo.processInfo.environment["SERVICE_UTILS_TRANSPORT"] == "urlSession"
                ? "URLSession" : "libcurl"
            #expect(automatic.transportName == automaticName && unset.transportName == automaticName)
        #else
            #expect(curl.transportName == "URLSession" && automatic.transportName == "URLSession")
        #endif
        for client in [session, named, curl, automatic, unset] {
            let response = try await client.send(URLRequest(url: server.url("hello")))
            #expect(response.text == "hi")
        }
        #expect(server.requests.count == 5)
    }

    @Test(
        "automatic is libcurl unless SERVICE_UTILS_TRANSPORT (or its former name) says urlSession; named choices ignore it"
    )
    func environmentChoice() {
        let cases: [([String: String], BuiltInTransport)] = [
            ([:], .libcurl),
            (["SERVICE_UTILS_TRANSPORT": "urlSession"], .urlSession),
            (["SERVICE_UTILS_TRANSPORT": "libcurl"], .libcurl),
            (["SERVICE_UTILS_TRANSFER_ENGINE": "urlSession"], .urlSession),
            (["SERVICE_UTILS_TRANSPORT": "libcurl", "SERVICE_UTILS_TRANSFER_ENGINE": "urlSession"], .libcurl),
            (["SERVICE_UTILS_TRANSPORT": "URLSESSION"], .libcurl),
        ]
        for (environment, expected) in cases {
            #expect(BuiltInTransport.automatic.resolved(in: environment) == expected, "\(environment)")
            #expect(BuiltInTransport.libcurl.resolved(in: environment) == .libcurl)
            #expect(BuiltInTransport.urlSession.resolved(in: environment) == .urlSession)
        }
    }

    @Test("a built-in choice sent an exchange outside a client says that a client makes it")
    func sentDirectly() async throws {
        // Given the value naming URLSession, and a client over it wrapped as a custom transport
        let choice = BuiltInTransport.urlSession
        let client = HTTPClient { $0.transport = ForwardingTransport(inner: choice) }

        // When a request goes to it directly
        let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/")))
        let error = await #expect(throws: HTTPError.self) { try await client.send(request) }

        // Then it fails at once with resourceUnavailable, saying why, and nothing is sent anywhere
        #expect(error?.urlErrorCode == .resourceUnavailable)
        #expect(String(describing: error).contains("built-in transport"))
    }

    /// A transport of one's own that hands every exchange to `inner`.
    struct ForwardingTransport: HTTPTransport {
        let inner: any HTTPTransport
        var name: String { "forwarding" }
        func send(_ exchange: HTTPExchange) { inner.send(exchange) }
    }
}
