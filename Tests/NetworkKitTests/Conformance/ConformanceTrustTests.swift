import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport conformance suite, server trust: a pinned host is never sent a byte unchecked.
///
/// A transport that shows TLS chains to the exchange (``HTTPTransport/checksServerTrust``) refuses a
/// chain that fails the pins or the trust anchors during the handshake; one that does not never
/// reaches a pinned host, which the exchange refuses with
/// ``HTTPError/PinningFailureReason/unsupportedPlatform``. Each case asserts its transport's side,
/// and that the transport says which side it is on. TLS comes from a ``TLSFront`` before the
/// MockServer: the server records no request when the front carried no byte.
@Suite("Transport conformance: server trust and public-key pins", .timeLimit(.minutes(1)))
struct ConformanceTrustTests {
    /// A pin of no key of these servers.
    static let wrongPin = "i7WTqTvh0OioIruIfFR4kMPnBqrS2rdiVPl/s2uC/CY="

    /// Pins for localhost.
    static func pins(_ pin: String) throws -> PublicKeyPins {
        var pins = PublicKeyPins()
        try pins.pin("localhost", to: [pin])
        return pins
    }

    @Test(
        "the transport says whether it checks server trust, and a pinned host over plain http is never asked",
        arguments: ConformanceTransport.all, ConformancePath.allCases)
    func pinnedHostOverHTTP(transport: ConformanceTransport, path: ConformancePath) async throws {
        // Given a server reachable as localhost, and pins for localhost
        let rig = try ConformanceRig(transport)
        rig.server.stub(method: .get, path: "/secret") { _ in .text("secret") }
        let request = URLRequest(url: try #require(URL(string: "http://localhost:\(rig.server.port)/secret")))

        // When the transport is asked for it
        let error = await #expect(throws: HTTPError.self) {
            try await rig.send(request, via: path, pins: try Self.pins(Self.wrongPin))
        }
        await rig.finish()

        // Then the transport's claim is the expected one, the request was refused for it, and the
        // server saw nothing
        #expect(rig.transport.checksServerTrust == transport.checksServerTrust)
        let reason: HTTPError.PinningFailureReason =
            transport.checksServerTrust ? .insecureScheme("http") : .unsupportedPlatform
        #expect(error?.pinningFailure?.reason == reason, "\(String(describing: error))")
        #expect(rig.server.requests.isEmpty)
        #expect(rig.transport.exchanges.value.isEmpty, "the transport was given the request")
    }

    #if canImport(Glibc)
        /// A rig trusting the conformance authority (where the transport can), and a TLS front for
        /// its server; the request is for `/secret` on the front, as localhost.
        static func tlsRig(_ transport: ConformanceTransport, trusting: Bool) async throws
            -> (rig: ConformanceRig, front: TLSFront, request: URLRequest, certificates: ConformanceCertificates)
        {
            let certificates = try await ConformanceCertificates.shared.value
            let anchors = trusting ? try TrustAnchors(pem: certificates.authorityPEM) : nil
            let rig = try ConformanceRig(transport, trustAnchors: anchors)
            rig.server.stub(method: .get, path: "/secret") { _ in .text("secret") }
            let front = try TLSFront(
                chain: certificates.chainPEM, key: certificates.keyPEM, upstreamPort: rig.server.port)
            let url = try #require(URL(string: "https://localhost:\(front.port)/secret"))
            return (rig, front, URLRequest(url: url), certificates)
        }

        @Test(
            "a chain that fails the pins is refused in the handshake: the server records no request",
            arguments: ConformanceTransport.all, ConformancePath.allCases)
        func pinMismatch(transport: ConformanceTransport, path: ConformancePath) async throws {
            // Given a TLS server whose chain the transport trusts, and pins of another key
            let (rig, front, request, _) = try await Self.tlsRig(transport, trusting: true)
            defer { front.stop() }

            // When the transport is asked for /secret
            let error = await #expect(throws: HTTPError.self) {
                try await rig.send(request, via: path, pins: try Self.pins(Self.wrongPin))
            }
            await rig.finish()

            // Then a checking transport met the server and refused its chain; another never met it
            if transport.checksServerTrust {
                guard case .noMatchingPin(let presented)? = error?.pinningFailure?.reason else {
                    Issue.record("expected noMatchingPin, got \(String(describing: error))")
                    return
                }
                #expect(!presented.isEmpty)
                #expect(front.connections.value >= 1)
            } else {
                #expect(error?.pinningFailure?.reason == .unsupportedPlatform, "\(String(describing: error))")
                #expect(front.connections.value == 0)
            }
            #expect(front.handshakes.value == 0)
            #expect(rig.server.requests.isEmpty)
        }

        @Test(
            "a chain that satisfies the pins is used: the request reaches the server through TLS",
            arguments: ConformanceTransport.all, ConformancePath.allCases)
        func pinMatch(transport: ConformanceTransport, path: ConformancePath) async throws {
            // Given a TLS server whose chain the transport trusts, and the pin of its leaf
            let (rig, front, request, certificates) = try await Self.tlsRig(transport, trusting: true)
            defer { front.stop() }
            let pins = try Self.pins(certificates.leafPin)

            if transport.checksServerTrust {
                // When a checking transport is asked for /secret
                let response = try await rig.send(request, via: path, pins: pins)
                await rig.finish()
                // Then the server answered through the front
                #expect(response.text == "secret")
                #expect(front.handshakes.value >= 1)
                #expect(rig.server.requests.map(\.path) == ["/secret"])
            } else {
                // When another transport is asked for it
                let error = await #expect(throws: HTTPError.self) { try await rig.send(request, via: path, pins: pins) }
                await rig.finish()
                // Then it was refused before any connection, pins or not
                #expect(error?.pinningFailure?.reason == .unsupportedPlatform, "\(String(describing: error))")
                #expect(front.connections.value == 0 && rig.server.requests.isEmpty)
            }
        }

        @Test(
            "a chain of an untrusted root is refused in the handshake, pinned host or not",
            arguments: ConformanceTransport.all)
        func untrustedRoot(transport: ConformanceTransport) async throws {
            // Given a TLS server whose root the transport does not trust
            let (rig, front, request, certificates) = try await Self.tlsRig(transport, trusting: false)
            defer { front.stop() }

            // When the transport is asked for /secret without pins, then with the leaf's pin
            let unpinned = await #expect(throws: HTTPError.self) { try await rig.send(request, via: .exchange) }
            let pinned = await #expect(throws: HTTPError.self) {
                try await rig.send(request, via: .exchange, pins: try Self.pins(certificates.leafPin))
            }
            await rig.finish()

            // Then neither reached the server; each failed as the transport's side of the seam says
            #expect(rig.server.requests.isEmpty)
            #expect(front.handshakes.value == 0)
            switch transport {
            case .libcurl:
                #expect(unpinned?.urlErrorCode == .serverCertificateUntrusted, "\(String(describing: unpinned))")
                guard case .untrustedChain? = pinned?.pinningFailure?.reason else {
                    Issue.record("expected untrustedChain, got \(String(describing: pinned))")
                    return
                }
            case .urlSession:
                // FoundationNetworking reports libcurl's certificate error with an unknown code.
                guard case .transport(let failure)? = unpinned else {
                    Issue.record("expected a transport error, got \(String(describing: unpinned))")
                    return
                }
                #expect(failure.reason.localizedCaseInsensitiveContains("certificate"), "\(failure)")
                #expect(pinned?.pinningFailure?.reason == .unsupportedPlatform, "\(String(describing: pinned))")
            case .sockets:
                // No TLS at all: URLError(.unsupportedURL) before connecting, which the caller reads
                // as it was said (a transport that cannot send https, not a server that answered badly).
                #expect(unpinned?.urlErrorCode == .unsupportedURL, "\(String(describing: unpinned))")
                #expect(pinned?.pinningFailure?.reason == .unsupportedPlatform, "\(String(describing: pinned))")
                #expect(front.connections.value == 0)
            }
        }
    #endif
}
