import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport the conformance suite runs: the two built-in ones and ``SocketTransport``, a third
/// party's written against NetworkKit's public API only.
enum ConformanceTransport: String, Sendable, CustomTestStringConvertible {
    case libcurl, urlSession, sockets

    /// The transports this platform has.
    static let all: [ConformanceTransport] = {
        var all: [ConformanceTransport] = []
        #if os(Linux)
            all.append(.libcurl)
        #endif
        all.append(.urlSession)
        #if canImport(Glibc)
            all.append(.sockets)
        #endif
        return all
    }()

    var testDescription: String { rawValue }

    /// URLSession where it is FoundationNetworking's, whose known shortcomings some cases expect;
    /// nil elsewhere.
    static let urlSessionOnLinux: ConformanceTransport? = {
        #if canImport(FoundationNetworking)
            .urlSession
        #else
            nil
        #endif
    }()

    /// A new transport of this kind, trusting `trustAnchors` where it can.
    func make(trustAnchors: TrustAnchors? = nil) throws -> any HTTPTransport {
        switch self {
        case .libcurl:
            #if os(Linux)
                return try #require(CurlTransport(trustAnchors: trustAnchors), "libcurl cannot be loaded")
            #else
                throw ConformanceRig.Unavailable(transport: self)
            #endif
        case .urlSession:
            return URLSessionTransport(trustAnchors: trustAnchors)
        case .sockets:
            #if canImport(Glibc)
                return SocketTransport()
            #else
                throw ConformanceRig.Unavailable(transport: self)
            #endif
        }
    }

    /// Whether the transport shows TLS chains to the exchange here: libcurl (over OpenSSL, as on
    /// Debian), URLSession on Apple platforms; never URLSession on Linux, nor the sockets, which
    /// have no TLS at all.
    var checksServerTrust: Bool {
        switch self {
        case .libcurl: true
        case .sockets: false
        case .urlSession:
            #if canImport(FoundationNetworking)
                false
            #else
                true
            #endif
        }
    }
}

/// How a case reaches the transport: through a client, or through an exchange of its own.
enum ConformancePath: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case client, exchange

    var testDescription: String { rawValue }
}

/// Wraps a transport under test and keeps every exchange given to it, so a case can check that the
/// transport completed each one exactly once.
final class RecordingTransport: HTTPTransport {
    let inner: any HTTPTransport
    let exchanges = Locked<[HTTPExchange]>([])

    init(_ inner: any HTTPTransport) {
        self.inner = inner
    }

    var name: String { inner.name }
    var checksServerTrust: Bool { inner.checksServerTrust }

    func send(_ exchange: HTTPExchange) {
        exchanges.withLock { $0.append(exchange) }
        inner.send(exchange)
    }

    func shutdown() {
        inner.shutdown()
    }
}

/// What one case of the suite runs against: a transport of one kind, and a MockServer.
///
/// Clients get the transport itself, as a user configures it: the client treats
/// ``URLSessionTransport`` apart when it plans an upload (by type), which a wrapper would hide.
/// Exchanges of the suite's own, and clients made by ``recordingClient(_:)``, go through
/// ``RecordingTransport``, so that ``finish(sourceLocation:)`` checks every exchange they made.
struct ConformanceRig: Sendable {
    struct Unavailable: Error, CustomStringConvertible {
        let transport: ConformanceTransport
        var description: String { "\(transport) is not available on this platform" }
    }

    let kind: ConformanceTransport
    /// The transport under test, recorded.
    let transport: RecordingTransport
    let server: MockServer

    init(
        _ kind: ConformanceTransport, trustAnchors: TrustAnchors? = nil,
        server configuration: MockServer.Configuration = MockServer.Configuration()
    ) throws {
        self.kind = kind
        transport = RecordingTransport(try kind.make(trustAnchors: trustAnchors))
        server = try MockServer(configuration: configuration)
    }

    /// A client over the transport itself; any status is acceptable, so that the status itself is
    /// checked.
    func client(_ configure: (inout HTTPClient.Configuration) -> Void = { _ in }) -> HTTPClient {
        client(over: transport.inner, configure)
    }

    /// A client over the recorded transport, for data requests and streams (not uploads).
    func recordingClient(_ configure: (inout HTTPClient.Configuration) -> Void = { _ in }) -> HTTPClient {
        client(over: transport, configure)
    }

    private func client(over transport: any HTTPTransport, _ configure: (inout HTTPClient.Configuration) -> Void)
        -> HTTPClient
    {
        var configuration = HTTPClient.Configuration()
        configuration.transport = transport
        configuration.acceptableStatusCodes = 100..<1000
        configure(&configuration)
        return HTTPClient(configuration: configuration)
    }

    /// Sends `request` through the transport by `path`: a client's `send` (or `upload` for a file),
    /// or an exchange of its own with `body`.
    func send(
        _ request: URLRequest, body: HTTPExchange.Body = .none, via path: ConformancePath,
        pins: PublicKeyPins = PublicKeyPins(), followsRedirects: Bool = true
    ) async throws(HTTPError) -> HTTPResponse {
        switch path {
        case .exchange:
            let exchange = HTTPExchange(
                request: request, body: body, publicKeyPins: pins, followsRedirects: followsRedirects)
            return try await exchange.send(through: transport)
        case .client:
            let configure = { (configuration: inout HTTPClient.Configuration) in
                configuration.publicKeyPins = pins
                configuration.followsRedirects = followsRedirects
            }
            switch body {
            case .none:
                return try await recordingClient(configure).send(request)
            case .data(let data):
                var withBody = request
                withBody.httpBody = data
                return try await recordingClient(configure).send(withBody)
            case .file(let url, _):
                return try await client(configure).upload(.file(url), with: request)
            case .stream:
                Issue.record("a client sends a stream only for a multipart form")
                throw .cancelled(HTTPError.RequestSummary(request))
            }
        }
    }

    /// Makes the server answer `method` requests for `path` with a redirect of `status` to
    /// `location`, with `body` when one is given.
    func redirect(
        _ path: String, method: MockRequest.Method = .get, status: Int = 302, to location: String, body: String? = nil
    ) {
        let response = MockResponse(status: status, headers: ["Location": location], body: Data((body ?? "").utf8))
        server.stub(method: method, path: path) { _ in response }
    }

    /// A request for `path` on the server, with `method`.
    func request(_ path: String, method: String = "GET") -> URLRequest {
        var request = URLRequest(url: server.url(path))
        request.httpMethod = method
        return request
    }

    /// Waits until the transport has completed every exchange it was given, checks that it did so
    /// exactly once for each, and stops the server and the transport.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
        for exchange in transport.exchanges.value {
            await exchange.waitUntilCompleted()
            #expect(
                exchange.completionCount == 1, "\(kind) completed \(exchange.request.url?.path ?? "") more than once",
                sourceLocation: sourceLocation)
        }
        server.stop()
        transport.shutdown()
    }
}
