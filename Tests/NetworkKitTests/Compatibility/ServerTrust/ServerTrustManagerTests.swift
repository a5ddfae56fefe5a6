import Dispatch
import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A custom evaluator: the fixture's root as an extra anchor, and the given pins.
struct AnchoredPinsEvaluator: ServerTrustEvaluating {
    let root: Data
    let pins: [String]

    func requirements(forHost host: String) throws -> ServerTrustRequirements {
        ServerTrustRequirements(
            publicKeyPins: Set(try pins.map { try PublicKeyPin(base64: $0) }), anchorCertificates: [root])
    }
}

/// Alamofire's `ServerTrustManager` and evaluators, mapped onto NetworkKit's pins and trust anchors.
@Suite("ServerTrustManager: Alamofire's evaluators over NetworkKit's pins and roots")
struct ServerTrustManagerTests {
    let queue = DispatchQueue(label: "ServerTrustManagerTests")

    func response(_ request: DataRequest, of session: Session) async -> AFDataResponse<Data> {
        defer { withExtendedLifetime(session) {} }
        return await withCheckedContinuation { continuation in
            request.validate().responseData(queue: queue) { continuation.resume(returning: $0) }
        }
    }

    /// The reason of `error` if it is a server trust failure.
    func trustReason(_ error: AFError?) -> AFError.ServerTrustFailureReason? {
        if case .serverTrustEvaluationFailed(let reason)? = error { reason } else { nil }
    }

    @Test("evaluators are found by exact host; a missing one throws only when all hosts must be evaluated")
    func evaluatorLookup() throws {
        // Given a strict and a lenient manager with one evaluator
        let strict = ServerTrustManager(evaluators: ["api.example.com": DefaultTrustEvaluator()])
        let lenient = ServerTrustManager(allHostsMustBeEvaluated: false, evaluators: ["api.example.com": .disabled])
        // Then the listed host has its evaluator and another host has none
        #expect(try strict.serverTrustEvaluator(forHost: "api.example.com") is DefaultTrustEvaluator)
        #expect(try lenient.serverTrustEvaluator(forHost: "cdn.example.com") == nil)
        do {
            _ = try strict.serverTrustEvaluator(forHost: "cdn.example.com")
            Issue.record("expected noRequiredEvaluator")
        } catch {
            guard case .noRequiredEvaluator(let host)? = trustReason(error as? AFError) else {
                Issue.record("expected noRequiredEvaluator, got \(error)")
                return
            }
            #expect(host == "cdn.example.com")
        }
    }

    @Test("pinned certificates give their keys as pins and themselves as roots; a chain is checked against them")
    func pinnedCertificatesRequirements() async throws {
        // Given OpenSSL-made certificates and an evaluator pinning the authority
        let certificates = try await OpenSSLCertificates.shared.value
        let evaluator = PinnedCertificatesTrustEvaluator(certificates: [certificates.authority.der])
        // When its requirements are read and chains are evaluated
        let requirements = try evaluator.requirements(forHost: "api.example.com")
        // Then the pin is OpenSSL's and the authority is an anchor
        #expect(requirements.publicKeyPins.map(\.base64) == [certificates.authority.pin])
        #expect(requirements.anchorCertificates == [certificates.authority.der])
        try evaluator.evaluate(
            certificateChain: [certificates.leaf.der, certificates.authority.der], forHost: "api.example.com")
        #expect(throws: AFError.self) {
            try evaluator.evaluate(certificateChain: [certificates.ed25519.der], forHost: "api.example.com")
        }
        #expect(throws: AFError.self) {
            try PinnedCertificatesTrustEvaluator(certificates: [Data("x".utf8)]).requirements(forHost: "h")
        }
    }

    @Test("public keys are checked against a chain; no key and no certificate fail as Alamofire's")
    func publicKeysAndEmptyEvaluators() async throws {
        // Given the leaf's key pinned
        let certificates = try await OpenSSLCertificates.shared.value
        let evaluator = PublicKeysTrustEvaluator.publicKeys(keys: [try PublicKeyPin(base64: certificates.leaf.pin)])
        // Then its chain passes, another fails, and empty evaluators throw Alamofire's reasons
        try evaluator.evaluate(certificateChain: [certificates.leaf.der], forHost: "api.example.com")
        #expect(throws: AFError.self) {
            try evaluator.evaluate(certificateChain: [certificates.authority.der], forHost: "api.example.com")
        }
        do {
            _ = try PublicKeysTrustEvaluator(keys: []).requirements(forHost: "h")
            Issue.record("expected noPublicKeysFound")
        } catch {
            guard case .noPublicKeysFound? = trustReason(error as? AFError) else {
                Issue.record("\(error)")
                return
            }
        }
        do {
            _ = try PinnedCertificatesTrustEvaluator(certificates: []).requirements(forHost: "h")
            Issue.record("expected noCertificatesFound")
        } catch {
            guard case .noCertificatesFound? = trustReason(error as? AFError) else {
                Issue.record("\(error)")
                return
            }
        }
    }

    @Test("a secure request to a host without an evaluator, or whose evaluator has no key, fails unsent")
    func refusedBeforeSending() async throws {
        // Given a manager that knows only localhost, with no key, and a plain-HTTP server on 127.0.0.1
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/open") { _ in .text("open") }
        let manager = ServerTrustManager(evaluators: ["localhost": PublicKeysTrustEvaluator(keys: [])])
        let session = Session(serverTrustManager: manager)
        // When it asks for https on both hosts, and for plain http on the unlisted one
        let unlisted = await response(session.request("https://127.0.0.1:\(server.port)/open"), of: session)
        let keyless = await response(session.request("https://localhost:\(server.port)/open"), of: session)
        let plain = await response(session.request(server.url("open")), of: session)
        // Then the secure ones failed with Alamofire's reasons and only the plain one was sent
        guard case .noRequiredEvaluator(let host)? = trustReason(unlisted.error) else {
            Issue.record("expected noRequiredEvaluator, got \(String(describing: unlisted.error))")
            return
        }
        #expect(host == "127.0.0.1")
        guard case .noPublicKeysFound? = trustReason(keyless.error) else {
            Issue.record("expected noPublicKeysFound, got \(String(describing: keyless.error))")
            return
        }
        #expect(plain.error == nil)
        #expect(session.serverTrustManager === manager)
        #expect(server.requests.map(\.path) == ["/open"])
    }

    @Test("a host pinned through the manager is never reached without its key")
    func pinnedHostWithoutTLS() async throws {
        // Given localhost pinned to a key of no server, and a plain-HTTP server
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/secret") { _ in .text("secret") }
        let pin = try PublicKeyPin(base64: "i7WTqTvh0OioIruIfFR4kMPnBqrS2rdiVPl/s2uC/CY=")
        let session = Session(
            serverTrustManager: ServerTrustManager(
                allHostsMustBeEvaluated: false, evaluators: ["localhost": PublicKeysTrustEvaluator(keys: [pin])]))
        // When it asks for it over plain HTTP
        let response = await response(session.request("http://localhost:\(server.port)/secret"), of: session)
        // Then NetworkKit refused it (no key to check), as a server trust failure, unsent
        guard case .customEvaluationFailed(let error)? = trustReason(response.error) else {
            Issue.record("expected customEvaluationFailed, got \(String(describing: response.error))")
            return
        }
        #expect((error as? HTTPError)?.pinningFailure?.host == "localhost")
        #expect(server.requests.isEmpty)
    }

    // MARK: - Against the TLS fixture

    @Test("pinned certificates: the fixture's root, trusted and pinned through the manager, reaches the server")
    func pinnedRootOverTLS() async throws {
        // Given the fixture's root pinned for localhost
        let fixture = try TLSFixture()
        let root = try Data(contentsOf: fixture.rootDER)
        let session = Session(
            serverTrustManager: ServerTrustManager(
                evaluators: ["localhost": PinnedCertificatesTrustEvaluator(certificates: [root])]))
        // When it asks the fixture
        let response = await response(session.request(fixture.probe().request), of: session)
        // Then it succeeded, unless the transport cannot apply roots and pins
        if TLSTransportTests.cannotApplyTLSSettings(session.client) {
            #expect(trustReason(response.error) != nil)
        } else {
            #expect(response.error == nil)
            #expect(response.data.map { String(decoding: $0, as: UTF8.self) } == #"{"hello":"tls"}"#)
        }
    }

    @Test("a pin mismatch over TLS fails the request with serverTrustEvaluationFailed, unsent")
    func pinMismatchOverTLS() async throws {
        // Given the fixture's root trusted, and localhost pinned to a key in no chain, then to the leaf's
        let fixture = try TLSFixture()
        let root = try Data(contentsOf: fixture.rootDER)
        let wrong = Session(
            serverTrustManager: ServerTrustManager(
                evaluators: ["localhost": AnchoredPinsEvaluator(root: root, pins: [fixture.wrongPin])]))
        let right = Session(
            serverTrustManager: ServerTrustManager(
                evaluators: ["localhost": AnchoredPinsEvaluator(root: root, pins: [fixture.leafPin])]))
        // When each asks the fixture
        let refused = await response(wrong.request(fixture.probe().request), of: wrong)
        let accepted = await response(right.request(fixture.probe().request), of: right)
        // Then the wrong pin failed as a server trust failure holding NetworkKit's pinning failure
        guard case .customEvaluationFailed(let error)? = trustReason(refused.error) else {
            Issue.record("expected customEvaluationFailed, got \(String(describing: refused.error))")
            return
        }
        let failure = try #require((error as? HTTPError)?.pinningFailure)
        #expect(failure.host == "localhost")
        if TLSTransportTests.cannotApplyTLSSettings(wrong.client) {
            #expect(failure.reason == .unsupportedPlatform)
        } else {
            guard case .noMatchingPin(let presented) = failure.reason else {
                Issue.record("expected noMatchingPin, got \(failure.reason)")
                return
            }
            #expect(presented.map(\.base64).contains(fixture.leafPin))
            #expect(accepted.error == nil)
        }
    }

    @Test("public keys without the root trusted: the system's validation still refuses the chain")
    func publicKeysStillValidateTheChain() async throws {
        // Given the leaf's key pinned, but the fixture's root not trusted
        let fixture = try TLSFixture()
        let session = Session(
            serverTrustManager: ServerTrustManager(
                evaluators: ["localhost": PublicKeysTrustEvaluator(keys: [try PublicKeyPin(base64: fixture.leafPin)])]))
        // When it asks the fixture
        let response = await response(session.request(fixture.probe().request), of: session)
        // Then the untrusted chain failed as a server trust failure
        #expect(trustReason(response.error) != nil, "\(String(describing: response.error))")
    }
}
