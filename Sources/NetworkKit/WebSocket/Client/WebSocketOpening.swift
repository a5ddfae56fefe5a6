import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One ``HTTPClient/webSocket(_:configuration:)`` call's attempts at the opening handshake, run by
/// ``RequestExecution`` like any request's: each attempt connects, sends the handshake with the
/// store's cookies, reads the answer's head (bounded, with the request's timeout), stores its
/// cookies, follows a redirect on a new connection, and on `101` checks the answer and starts the
/// engine.
///
/// An attempt reports to ``RequestExecution`` as an ``HTTPError`` (so retriers see a 401 as
/// ``HTTPError/unacceptableStatus(_:)``); a failure that only ``WebSocketError`` can say (an accept
/// value that does not match) is kept in ``failure`` for the caller.
final class WebSocketOpening: Sendable {
    private struct Outcome {
        var socket: WebSocket?
        var failure: WebSocketError?
    }

    let connector: any WebSocketConnector
    let configuration: WebSocketConfiguration
    let cookies: HTTPExchange.CookieHandling?
    let followsRedirects: Bool
    let pins: PublicKeyPins
    let checksServerTrust: Bool
    private let outcome = Locked(Outcome())

    init(
        connector: any WebSocketConnector, configuration: WebSocketConfiguration,
        cookies: HTTPExchange.CookieHandling?, followsRedirects: Bool, pins: PublicKeyPins, checksServerTrust: Bool
    ) {
        self.connector = connector
        self.configuration = configuration
        self.cookies = cookies
        self.followsRedirects = followsRedirects
        self.pins = pins
        self.checksServerTrust = checksServerTrust
    }

    /// The open socket, once an attempt succeeded.
    var socket: WebSocket? { outcome.withLock { $0.socket } }
    /// The last attempt's failure when only a ``WebSocketError`` says it.
    var failure: WebSocketError? { outcome.withLock { $0.failure } }

    /// One attempt, redirects included.
    ///
    /// - Parameter request: The adapted request.
    /// - Returns: The `101` response, or why the attempt failed.
    func attempt(_ request: URLRequest) async -> Result<HTTPResponse, HTTPError> {
        outcome.withLock { $0 = Outcome() }
        let started = ContinuousClock.now
        let summary = HTTPError.RequestSummary(request)
        var hop = request
        var callerCookie = request.value(forHTTPHeaderField: "Cookie")
        var redirects = 0
        while true {
            guard let url = hop.url, let httpURL = WebSocketURL.httpEquivalent(of: url).flatMap(URL.init(string:))
            else {
                return keep(
                    WebSocketError(.handshakeFailed(.invalidRequest("not a ws or wss URL with a host"))), summary)
            }
            var sent = hop
            if let cookies, request.httpShouldHandleCookies {
                // The store's cookies after the caller's own, or the caller's alone when the store has none.
                sent.setValue(
                    cookies.header(for: httpURL, callerCookie: callerCookie) ?? callerCookie,
                    forHTTPHeaderField: "Cookie")
            }
            let handshake = WebSocketHandshake(
                protocols: configuration.protocols, compression: configuration.compression.offer)
            let head: [UInt8]
            do {
                head = try handshake.requestHead(for: sent)
            } catch {
                return keep(error, summary)
            }
            let stream: any WebSocketByteStream
            do {
                stream = try await connector.connect(to: url, timeout: hop.timeoutInterval)
            } catch {
                return .failure(error)
            }
            let answer: (response: WebSocketHandshakeResponse, rest: [UInt8])
            switch await Self.exchange(head, over: stream, timeout: hop.timeoutInterval, summary: summary) {
            case .success(let result): answer = result
            case .failure(let error):
                await stream.close()
                if case .requestFailed(let failure) = error.reason { return .failure(failure) }
                return keep(error, summary)
            }
            let response = answer.response
            let fields = response.headers.map { ($0.name, $0.value) }
            if let cookies {
                cookies.store(
                    from: ResponseHead(statusCode: response.statusCode, url: httpURL, fields: fields), for: httpURL,
                    request: sent)
            }
            if followsRedirects, (300..<400).contains(response.statusCode), response.statusCode != 304,
                let location = response.headers.values(for: "Location").first
            {
                await stream.close()
                redirects += 1
                guard redirects <= HTTPExchange.maximumRedirects else {
                    let detail = "more than \(HTTPExchange.maximumRedirects) redirects"
                    return keep(WebSocketError(.handshakeFailed(.redirectRefused(detail))), summary)
                }
                guard let target = URL(string: location, relativeTo: url)?.absoluteURL,
                    let next = WebSocketURL.webSocketEquivalent(of: target), next.host?.isEmpty == false
                else {
                    let detail = "the Location is not an http, https, ws or wss URL: \(location.prefix(200))"
                    return keep(WebSocketError(.handshakeFailed(.redirectRefused(detail))), summary)
                }
                var following = HTTPExchange.follow(hop, to: next, status: response.statusCode)
                following.httpMethod = "GET"
                if !HTTPExchange.sameOrigin(url, next) { callerCookie = nil }
                if let refusal = pins.refusal(of: following, for: request, checked: checksServerTrust) {
                    return .failure(refusal)
                }
                hop = following
                continue
            }
            guard response.statusCode == 101 else {
                await stream.close()
                return .failure(
                    .unacceptableStatus(
                        HTTPError.StatusFailure(
                            request: summary, statusCode: response.statusCode, headers: response.headers, body: Data()))
                )
            }
            do {
                let agreement = try handshake.validate(response)
                let connection = try WebSocketConnection(
                    maximumMessageSize: configuration.maximumMessageSize, compression: agreement.compression)
                var engineConfiguration = WebSocketEngine.Configuration()
                engineConfiguration.closeTimeout = configuration.closeTimeout
                engineConfiguration.pingInterval = configuration.pingInterval
                let engine = WebSocketEngine(
                    stream: stream, connection: connection, configuration: engineConfiguration,
                    initialBytes: answer.rest)
                await engine.start()
                let httpResponse = HTTPResponse(
                    request: sent, statusCode: 101, headers: response.headers, body: Data(), url: url,
                    duration: started.duration(to: .now))
                let socket = WebSocket(
                    engine: engine, negotiatedProtocol: agreement.negotiatedProtocol, response: httpResponse,
                    isCompressed: agreement.compression != nil)
                outcome.withLock { $0.socket = socket }
                return .success(httpResponse)
            } catch {
                await stream.close()
                return keep(error, summary)
            }
        }
    }

    /// Keeps `error` for the caller and reports the attempt failed.
    private func keep(_ error: WebSocketError, _ summary: HTTPError.RequestSummary) -> Result<HTTPResponse, HTTPError> {
        outcome.withLock { $0.failure = error }
        return .failure(
            .transport(HTTPError.TransportFailure(request: summary, code: .badServerResponse, reason: "\(error)")))
    }

    /// Writes the handshake and reads the answer's head, within `timeout`; cancelling the task
    /// closes the stream.
    private static func exchange(
        _ head: [UInt8], over stream: any WebSocketByteStream, timeout: TimeInterval, summary: HTTPError.RequestSummary
    ) async -> Result<(response: WebSocketHandshakeResponse, rest: [UInt8]), WebSocketError> {
        let timedOut = Locked(false)
        let seconds = min(max(timeout, 0.001), 604_800)
        let timer = Task {
            do {
                try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            } catch {
                return
            }
            timedOut.withLock { $0 = true }
            await stream.close()
        }
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler {
            await readHead(head, over: stream)
        } onCancel: {
            Task { await stream.close() }
        }
        if Task.isCancelled { return .failure(WebSocketError(.requestFailed(.cancelled(summary)))) }
        if case .failure = result, timedOut.withLock({ $0 }) {
            return .failure(WebSocketError(.requestFailed(.timedOut(summary))))
        }
        return result
    }

    private static func readHead(_ head: [UInt8], over stream: any WebSocketByteStream) async
        -> Result<(response: WebSocketHandshakeResponse, rest: [UInt8]), WebSocketError>
    {
        do {
            try await stream.write(head)
        } catch {
            return .failure(WebSocketError(.streamFailed(String(describing: error))))
        }
        var reader = WebSocketHandshakeResponseReader()
        while true {
            let bytes: [UInt8]
            do {
                bytes = try await stream.read(maximumCount: 16 * 1024)
            } catch {
                return .failure(WebSocketError(.streamFailed(String(describing: error))))
            }
            do {
                if let (response, rest) = try reader.append(bytes) { return .success((response, rest)) }
            } catch {
                return .failure(error)
            }
        }
    }
}
