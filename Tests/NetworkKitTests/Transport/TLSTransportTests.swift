import Foundation
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// TLS through the client against the fixture nginx (`scripts/fixtures/tls.sh`): trust anchors,
/// public-key pins, refused chains and HTTP versions, as the default transport applies them.
///
/// On Linux that is libcurl, which applies all of them. With `SERVICE_UTILS_TRANSPORT=urlSession`
/// it is FoundationNetworking's URLSession, which shows no certificates and takes no anchors: every
/// request to a pinned host is then refused with ``HTTPError/PinningFailureReason/unsupportedPlatform``
/// before anything is sent, and the fixture's private root is not trusted. Each test asserts the
/// outcome of the transport in use.
@Suite("TLS through the client: trust anchors, public-key pins, refused chains, HTTP versions")
struct TLSTransportTests {
    /// Where a test reads the fixture's root from.
    enum AnchorSource: String, CaseIterable, Sendable {
        case pemFile, derFile, pemText

        func anchors(_ fixture: TLSFixture) throws -> TrustAnchors {
            switch self {
            case .pemFile: try TrustAnchors(contentsOf: fixture.rootPEM)
            case .derFile: try TrustAnchors(contentsOf: fixture.rootDER)
            case .pemText: try TrustAnchors(pem: String(contentsOf: fixture.rootPEM, encoding: .utf8))
            }
        }
    }

    /// Whether `client`'s transport can apply neither trust anchors nor pins: URLSession on Linux.
    static func cannotApplyTLSSettings(_ client: HTTPClient) -> Bool {
        client.transportName == "URLSession" && !client.checksServerTrust
    }

    /// A client trusting the fixture's root and pinning localhost to the pins in the variables `pins`.
    static func pinnedClient(_ fixture: TLSFixture, pins: [String]) throws -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.trustAnchors = try fixture.anchors()
        try configuration.publicKeyPins.pin("localhost", to: pins.map { try Fixture.value($0) })
        return HTTPClient(configuration: configuration)
    }

    /// The error a client that cannot check pins gives for `request` to localhost.
    static func unsupported(_ request: URLRequest) -> HTTPError {
        .pinningFailed(
            HTTPError.PinningFailure(
                request: HTTPError.RequestSummary(request), host: "localhost", reason: .unsupportedPlatform))
    }

    /// Expects `error` to say that the server's chain is not trusted, as `client`'s transport says
    /// it: libcurl with code `serverCertificateUntrusted`; URLSession on Linux with FoundationNetworking's
    /// code for it, `-1` (unknown), and libcurl's message about the certificate.
    static func expectUntrustedChain(
        _ error: HTTPError?, on client: HTTPClient, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .transport(let failure)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        if cannotApplyTLSSettings(client) {
            #expect(
                failure.reason.localizedCaseInsensitiveContains("certificate"), "\(failure)",
                sourceLocation: sourceLocation)
        } else {
            #expect(failure.code == .serverCertificateUntrusted, "\(failure)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Trust anchors

    @Test(
        "a client trusting the fixture's root (PEM file, DER file or PEM text) gets 200 and the body",
        arguments: AnchorSource.allCases)
    func trustedRoot(source: AnchorSource) async throws {
        // Given the fixture's root as the only anchor, read from the source
        let fixture = try TLSFixture()
        let anchors = try source.anchors(fixture)
        #expect(anchors.certificates.count == 1 && anchors.scope == .exclusive)
        let client = HTTPClient { $0.trustAnchors = anchors }
        let probe = fixture.probe()

        if Self.cannotApplyTLSSettings(client) {
            // When URLSession on Linux (which cannot apply anchors) asks for /hello.json
            let error = await #expect(throws: HTTPError.self) { try await client.send(probe.request) }
            // Then the chain is not trusted, as a typed transport error, and nginx logged nothing
            Self.expectUntrustedChain(error, on: client)
            #expect(try await fixture.settledLogLines(containing: probe.marker).isEmpty)
            return
        }

        // When it asks for /hello.json
        let response = try await client.send(probe.request)

        // Then the server answered with its JSON, and logged the request
        #expect(response.statusCode == 200)
        #expect(response.text == #"{"hello":"tls"}"#)
        #expect(response.mimeType == "application/json")
        let line = try await fixture.logLine(containing: probe.marker)
        #expect(line.contains("\"GET /hello.json?\(probe.marker) HTTP/2.0\" 200"), "\(line)")
    }

    @Test("anchors are exclusive: trusting the other root reaches its server and refuses the fixture's own")
    func otherRoot() async throws {
        // Given a client trusting only the unrelated root, and the servers of both chains
        let fixture = try TLSFixture()
        let otherRoot = try TrustAnchors(contentsOf: fixture.otherRootPEM)
        let client = HTTPClient { $0.trustAnchors = otherRoot }
        let own = fixture.probe()
        let other = fixture.probe(on: try TLSFixture.server("SU_TLS_UNTRUSTED_URL"))

        // When it asks each for /hello.json
        let refused = await #expect(throws: HTTPError.self) { try await client.send(own.request) }
        if Self.cannotApplyTLSSettings(client) {
            // Then (URLSession on Linux) neither chain is trusted: typed errors, nothing logged
            let error = await #expect(throws: HTTPError.self) { try await client.send(other.request) }
            Self.expectUntrustedChain(refused, on: client)
            Self.expectUntrustedChain(error, on: client)
            #expect(try await fixture.settledLogLines(containing: other.marker).isEmpty)
            return
        }
        let response = try await client.send(other.request)

        // Then the other root's server answered, the fixture's own chain was refused, and only the
        // first request reached nginx
        #expect(response.statusCode == 200 && response.text == #"{"hello":"tls"}"#)
        Self.expectUntrustedChain(refused, on: client)
        _ = try await fixture.logLine(containing: other.marker)
        #expect(try await fixture.settledLogLines(containing: own.marker).isEmpty)
    }

    // MARK: - Refused chains

    @Test(
        "an expired leaf, a leaf for another host and a chain to another root are refused, pinned or not",
        arguments: ["SU_TLS_EXPIRED_URL", "SU_TLS_WRONGHOST_URL", "SU_TLS_UNTRUSTED_URL"])
    func refusedChain(variable: String) async throws {
        // Given the server, a client trusting the fixture's root, and one also pinning localhost to it
        let fixture = try TLSFixture()
        let server = try TLSFixture.server(variable)
        let anchors = try fixture.anchors()
        let plain = HTTPClient { $0.trustAnchors = anchors }
        let pinned = try Self.pinnedClient(fixture, pins: ["SU_TLS_ROOT_PIN"])
        let plainProbe = fixture.probe(on: server)
        let pinnedProbe = fixture.probe(on: server)

        // When each asks the server for /hello.json
        let plainError = await #expect(throws: HTTPError.self) { try await plain.send(plainProbe.request) }
        let pinnedError = await #expect(throws: HTTPError.self) { try await pinned.send(pinnedProbe.request) }

        // Then the plain client's chain is not trusted, as a transport error
        Self.expectUntrustedChain(plainError, on: plain)
        if Self.cannotApplyTLSSettings(pinned) {
            // and URLSession on Linux refused the pinned host before sending anything
            #expect(pinnedError == Self.unsupported(pinnedProbe.request))
        } else {
            // and the pinned client's failure is the pins' own, for localhost, carrying the reason
            #expect(pinnedError?.pinningFailure?.host == "localhost")
            guard case .untrustedChain(let message)? = pinnedError?.pinningFailure?.reason else {
                Issue.record("expected .untrustedChain, got \(String(describing: pinnedError))")
                return
            }
            #expect(!message.isEmpty)
            #expect(pinnedError?.description.contains("localhost") == true)
        }
        // And nginx never saw either request
        #expect(try await fixture.settledLogLines(containing: plainProbe.marker).isEmpty)
        #expect(try await fixture.settledLogLines(containing: pinnedProbe.marker).isEmpty)
    }

    // MARK: - Public-key pins

    @Test(
        "a pin of the leaf, of the intermediate or of the root lets the request through, as does a list with one right pin",
        arguments: [
            ["SU_TLS_LEAF_PIN"], ["SU_TLS_INTERMEDIATE_PIN"], ["SU_TLS_ROOT_PIN"],
            ["SU_TLS_WRONG_PIN", "SU_TLS_INTERMEDIATE_PIN"],
        ])
    func pinAccepted(pins: [String]) async throws {
        // Given a client trusting the fixture's root and pinning localhost to the pins
        let fixture = try TLSFixture()
        let client = try Self.pinnedClient(fixture, pins: pins)
        let probe = fixture.probe()

        if Self.cannotApplyTLSSettings(client) {
            // When URLSession on Linux asks for /hello.json
            let error = await #expect(throws: HTTPError.self) { try await client.send(probe.request) }
            // Then it was refused as unsupported before anything was sent
            #expect(error == Self.unsupported(probe.request))
            #expect(try await fixture.settledLogLines(containing: probe.marker).isEmpty)
            return
        }

        // When it asks for /hello.json
        let response = try await client.send(probe.request)

        // Then the chain's key matched a pin: the request went through and nginx logged it
        #expect(client.checksServerTrust)
        #expect(response.statusCode == 200 && response.text == #"{"hello":"tls"}"#)
        _ = try await fixture.logLine(containing: probe.marker)
    }

    @Test("a wrong pin fails with the presented chain's pins, names the host, and sends nothing")
    func wrongPin() async throws {
        // Given a client trusting the fixture's root and pinning localhost to a key in no chain
        let fixture = try TLSFixture()
        let client = try Self.pinnedClient(fixture, pins: ["SU_TLS_WRONG_PIN"])
        let probe = fixture.probe()
        let linesBefore = fixture.logLines.count

        // When it asks for /hello.json
        let error = await #expect(throws: HTTPError.self) { try await client.send(probe.request) }

        // Then nginx never got the request (a request sent after it is logged, this one is not)
        #expect(try await fixture.settledLogLines(containing: probe.marker).isEmpty)
        #expect(fixture.logLines.count > linesBefore)  // the follower's line: the log is written
        if Self.cannotApplyTLSSettings(client) {
            // And URLSession on Linux refused it as unsupported
            #expect(error == Self.unsupported(probe.request))
            return
        }
        // And the failure is the pins', for localhost and this request, carrying the chain's pins
        // leaf first: leaf, intermediate, root
        #expect(error?.pinningFailure?.host == "localhost")
        #expect(error?.pinningFailure?.request == HTTPError.RequestSummary(probe.request))
        guard case .noMatchingPin(let presented)? = error?.pinningFailure?.reason else {
            Issue.record("expected .noMatchingPin, got \(String(describing: error))")
            return
        }
        #expect(presented.map(\.base64) == [fixture.leafPin, fixture.intermediatePin, fixture.rootPin])
        #expect(!presented.map(\.base64).contains(fixture.wrongPin))
        let description = error?.description ?? ""
        #expect(description.contains("localhost") && description.contains(fixture.leafPin), "\(description)")
    }

    @Test("a pinned download over TLS writes the whole 1 MiB file")
    func pinnedDownload() async throws {
        // Given a client pinning localhost to the leaf, and a folder
        let fixture = try TLSFixture()
        let client = try Self.pinnedClient(fixture, pins: ["SU_TLS_LEAF_PIN"])
        let probe = fixture.probe("large.bin")
        let folder = try TestFolder()
        defer { folder.remove() }

        if Self.cannotApplyTLSSettings(client) {
            // When URLSession on Linux downloads /large.bin
            let error = await #expect(throws: HTTPError.self) {
                try await client.download(probe.request, to: folder.file("large.bin"))
            }
            // Then it was refused before anything was sent or written
            #expect(error == Self.unsupported(probe.request))
            #expect(folder.contents.isEmpty)
            #expect(try await fixture.settledLogLines(containing: probe.marker).isEmpty)
            return
        }

        // When it downloads /large.bin
        let download = try await client.download(probe.request, to: folder.file("large.bin"))

        // Then the file holds exactly nginx's 1 MiB, and nothing else is in the folder
        #expect(download.response.statusCode == 200)
        #expect(download.byteCount == 1024 * 1024)
        #expect(try Data(contentsOf: folder.file("large.bin")) == fixture.largeFile())
        #expect(folder.contents == ["large.bin"])
        let line = try await fixture.logLine(containing: probe.marker)
        #expect(line.hasSuffix(" 200 HTTP/2.0"), "\(line)")
    }

    // MARK: - HTTP versions

    @Test(
        "HTTP/2 is negotiated by default; http1Only keeps to HTTP/1.1 (as nginx logs it)",
        arguments: zip([HTTPVersionPolicy.automatic, .http1Only], ["HTTP/2.0", "HTTP/1.1"]))
    func httpVersion(policy: HTTPVersionPolicy, logged: String) async throws {
        // Given a client trusting the fixture's root, with the policy
        let fixture = try TLSFixture()
        let anchors = try fixture.anchors()
        let client = HTTPClient {
            $0.trustAnchors = anchors
            $0.httpVersion = policy
        }
        let probe = fixture.probe()

        if Self.cannotApplyTLSSettings(client) {
            // When URLSession on Linux asks, Then the root is not trusted: a typed error
            let error = await #expect(throws: HTTPError.self) { try await client.send(probe.request) }
            Self.expectUntrustedChain(error, on: client)
            return
        }

        // When it asks for /hello.json
        let response = try await client.send(probe.request)

        // Then nginx logged the request with the version (HTTPResponse does not carry it)
        #expect(response.statusCode == 200)
        let line = try await fixture.logLine(containing: probe.marker)
        #expect(line.contains("\"GET /hello.json?\(probe.marker) \(logged)\" 200"), "\(line)")
        #expect(line.hasSuffix(" \(logged)"), "\(line)")
    }

    @Test("20 concurrent requests over HTTP/2 all succeed")
    func concurrentHTTP2() async throws {
        // Given one client trusting the fixture's root, and 20 requests
        let fixture = try TLSFixture()
        let anchors = try fixture.anchors()
        let client = HTTPClient { $0.trustAnchors = anchors }
        let probes = (0..<20).map { _ in fixture.probe() }
        let refuses = Self.cannotApplyTLSSettings(client)

        // When they are sent at once
        let results = await withTaskGroup(of: (String, Int?, String, HTTPError?).self) { group in
            for probe in probes {
                group.addTask {
                    do throws(HTTPError) {
                        let response = try await client.send(probe.request)
                        return (probe.marker, response.statusCode, response.text, nil)
                    } catch {
                        return (probe.marker, nil, "", error)
                    }
                }
            }
            var results: [(String, Int?, String, HTTPError?)] = []
            for await result in group { results.append(result) }
            return results
        }

        // Then each got the body (or, on URLSession on Linux, the typed untrusted error), and nginx
        // logged each over HTTP/2
        #expect(results.count == 20)
        for (marker, status, text, error) in results {
            if refuses {
                Self.expectUntrustedChain(error, on: client)
                continue
            }
            #expect(error == nil, "\(String(describing: error))")
            #expect(status == 200 && text == #"{"hello":"tls"}"#)
            let line = try await fixture.logLine(containing: marker)
            #expect(line.hasSuffix(" 200 HTTP/2.0"), "\(line)")
        }
    }
}
