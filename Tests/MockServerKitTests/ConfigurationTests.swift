import Foundation
import MockServerKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("MockServer configuration and start-up errors")
struct ConfigurationTests {
    @Test("by default the server binds 127.0.0.1 on a port the OS picked")
    func defaultBinding() throws {
        // Given the default configuration
        let server = try MockServer()
        defer { server.stop() }

        // Then the base URL is on loopback, with the real port and a trailing slash
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)/")
        #expect(server.port != 0)
        #expect(server.url("/category/7?x=1").absoluteString == "http://127.0.0.1:\(server.port)/category/7?x=1")
    }

    @Test("a host name that is not a numeric address is refused with an explanation")
    func invalidHost() throws {
        // Given a configuration naming a host instead of an address
        var configuration = MockServer.Configuration()
        configuration.host = "localhost"

        // When the server starts, Then it throws invalidHost with a readable message
        let error = #expect(throws: MockServerError.self) { try MockServer(configuration: configuration) }
        #expect(error == .startFailed(.invalidHost("localhost")))
        #expect(error?.localizedDescription.contains("numeric IPv4 or IPv6") == true)
    }

    @Test("a port already in use is reported as a failed bind")
    func portInUse() throws {
        // Given a running server
        let first = try MockServer()
        defer { first.stop() }
        var configuration = MockServer.Configuration()
        configuration.port = first.port

        // When a second one asks for the same port, Then bind fails with EADDRINUSE
        let error = #expect(throws: MockServerError.self) { try MockServer(configuration: configuration) }
        #expect(error == .startFailed(.systemCall("bind", EADDRINUSE)))
    }
}
