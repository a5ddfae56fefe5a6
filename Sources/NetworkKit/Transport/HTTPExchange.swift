public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// One request on its way through an ``HTTPTransport``: what to send, and where the transport
/// reports what happens to it.
///
/// The client makes an exchange for every attempt and hands it to its transport's
/// ``HTTPTransport/send(_:)``. The transport tells it the response head, the body as it arrives,
/// the bytes it has sent and the end; the exchange turns them into the client's response or
/// ``HTTPError``, applying the rules every transport shares: where a redirect may lead
/// (``redirectRequest(after:for:)``), whether a server's certificate chain satisfies the client's
/// public-key pins (``evaluateServerTrust(certificateChain:host:)``), and what a cut or refused
/// body means. Its methods may be called from any thread, one at a time.
///
/// A transport can also be run on its own, without a client, with an exchange made by
/// ``init(request:body:publicKeyPins:followsRedirects:cookies:didSend:)`` and sent by ``send(through:)``.
public final class HTTPExchange: Sendable {
    /// What a request sends as its body.
    public enum Body: Sendable {
        /// No body (a `POST`, `PUT` or `PATCH` without one is sent with `Content-Length: 0`).
        case none
        /// Bytes in memory, sent with their length.
        case data(Data)
        /// A whole file, sent with its length.
        case file(URL, length: Int64)
        /// A stream made afresh for each send (a redirect may need the body again), sent with
        /// `length` as its `Content-Length`, or chunked when `length` is nil (always chunked by a
        /// transport whose ``HTTPTransport/requestBodyPreference`` is
        /// ``RequestBodyPreference/chunkedStream``).
        case stream(@Sendable () -> InputStream?, length: Int64?)
    }

    /// The request to send (after the client's adapters): method, URL, headers and timeout.
    /// Its `timeoutInterval` is the longest time without progress, at most a week. When the client
    /// keeps cookies, its `Cookie` header carries the store's cookies for the first hop (merged each
    /// time it is read; the libcurl transport sends the two without merging them).
    public var request: URLRequest { outgoing.request }
    /// The request and the `Cookie` header the client's store adds, kept apart until read whole.
    let outgoing: OutgoingRequest
    /// The body to send.
    public let body: Body

    let sink: any BodySink
    let pins: PublicKeyPins
    let sent: (@Sendable (Int64) -> Void)?
    /// Whether the body is expected to be large (a download), so a transport may size its buffers
    /// for throughput rather than for many small responses.
    ///
    /// ```swift
    /// let bufferSize = exchange.expectsLargeBody ? 512 * 1024 : 16 * 1024
    /// ```
    public let expectsLargeBody: Bool
    /// Whether a redirect is followed by the exchange's rules, or is itself the answer
    /// (``HTTPClient/Configuration/followsRedirects``).
    public let followsRedirects: Bool
    /// The client's cookie store and the monitors told what it did, when cookies are handled for
    /// this request (the client has a store and the request's `httpShouldHandleCookies` is true).
    let cookies: CookieHandling?
    /// What the exchange was told so far, its waiting caller and its cancellation, behind one lock.
    let state: Locked<State>
    let start = ContinuousClock.now

    /// The most redirects one exchange follows.
    public static let maximumRedirects = 16

    struct State {
        var response: ResponseHead?
        var decision: HeadDecision?
        var errorBody = Data()
        /// Body bytes received, to tell a body cut short from other failures.
        var received: Int64 = 0
        var redirects = 0
        /// The URL of the hop under way (a redirect changes it), whose response's cookies are stored.
        var hopURL: URL?
        /// The `Cookie` header the caller set, sent beside the store's cookies while the redirects
        /// stay on its origin (see ``HTTPExchange/follow(_:to:status:)``).
        var callerCookie: String?
        /// Whether the transport sending the exchange checks pins (``HTTPTransport/checksServerTrust``).
        var transportChecksServerTrust = false
        /// The caller of ``run(on:)`` waiting for the outcome. Unchecked: it is stored and taken only
        /// under this state's lock, and taken once (by the first ``complete(_:)``), so it is resumed
        /// exactly once without the checked kind's extra object and bookkeeping on every request.
        var continuation: UnsafeContinuation<Result<HTTPResponse, HTTPError>, Never>?
        var outcome: Result<HTTPResponse, HTTPError>?
        /// How many times the transport called ``complete(_:)``; only the first call counts.
        var completions = 0
        /// Tests waiting for the first ``complete(_:)`` (`waitUntilCompleted()`).
        var completionWaiters: [CheckedContinuation<Void, Never>] = []
        /// How the transport stops the exchange, once registered (``onCancel(_:)``).
        var cancelHandler: (@Sendable () -> Void)?
        /// Whether the exchange was cancelled.
        var cancelled = false
    }

    /// - Parameters:
    ///   - request: The request as sent (after adapters).
    ///   - body:    Its body; a request's own `httpBody` when `.none`.
    ///   - sink:    Where the response body goes.
    ///   - pins:    The client's public-key pins.
    ///   - sent:    Told how many body bytes were sent so far, for an upload.
    ///   - expectsLargeBody: Whether the body is expected to be large (a download).
    ///   - followsRedirects: Whether redirects are followed (the client's setting).
    ///   - cookies:  The client's cookie store, when it has one: its cookies are added to every hop,
    ///               and every response's are stored in it.
    init(
        request: URLRequest, body: Body = .none, sink: any BodySink, pins: PublicKeyPins,
        sent: (@Sendable (Int64) -> Void)? = nil, expectsLargeBody: Bool = false, followsRedirects: Bool = true,
        cookies: CookieHandling? = nil
    ) {
        self.expectsLargeBody = expectsLargeBody
        self.followsRedirects = followsRedirects
        var initial = State()
        initial.hopURL = request.url
        if let cookies, request.httpShouldHandleCookies {
            self.cookies = cookies
            let callerCookie = request.value(forHTTPHeaderField: "Cookie")
            initial.callerCookie = callerCookie
            outgoing = OutgoingRequest(
                request, cookieHeader: cookies.header(for: request.url, callerCookie: callerCookie))
        } else {
            self.cookies = nil
            outgoing = .plain(request)
        }
        state = Locked(initial)
        if case .none = body, let data = request.httpBody {
            self.body = .data(data)
        } else {
            self.body = body
        }
        self.sink = sink
        self.pins = pins
        self.sent = sent
    }

    // MARK: - Cancellation

    /// Whether the caller cancelled the exchange, or it refused what it was told.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Registers how the transport stops this exchange; called at once, on this thread, when it was
    /// cancelled already, otherwise at most once when it is.
    ///
    /// - Parameter handler: Stops the transport's work soon; it must not wait for it.
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let cancelled = state.withLock { state -> Bool in
            if !state.cancelled { state.cancelHandler = handler }
            return state.cancelled
        }
        if cancelled { handler() }
    }

    /// Cancels the exchange: the transport's handler runs once.
    func cancel() {
        let handler = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.cancelled else { return nil }
            state.cancelled = true
            defer { state.cancelHandler = nil }
            return state.cancelHandler
        }
        handler?()
    }

    // MARK: - What the transport reports

    /// The final response head: not an interim `1xx`, not a redirect the transport follows.
    ///
    /// - Parameter response: The head.
    /// - Returns: Whether to go on; on false the transport stops and completes.
    public func receive(_ response: HTTPURLResponse) -> Bool {
        receive(ResponseHead(response))
    }

    /// The final response head, as a transport that reads heads itself reports it: cheaper than
    /// making an `HTTPURLResponse`, which on Linux canonicalises every field name.
    ///
    /// ```swift
    /// let head = ResponseHead(statusCode: 200, url: exchange.request.url, fields: parsedFields)
    /// guard exchange.receive(head) else { return exchange.complete(URLError(.cancelled)) }
    /// ```
    ///
    /// - Parameter response: The head.
    /// - Returns: Whether to go on; on false the transport stops and completes.
    public func receive(_ response: ResponseHead) -> Bool {
        let refused = state.withLock { state -> Bool in
            if case .fail? = state.decision { return true }
            return false
        }
        guard !refused else {
            cancel()
            return false
        }
        if let cookies { cookies.store(from: response, for: state.withLock { $0.hopURL }, request: request) }
        let decision = sink.begin(response)
        state.withLock { state in
            state.response = response
            state.decision = decision
        }
        switch decision {
        case .accept, .rejectStatus:
            return true
        case .fail, .finish:
            cancel()
            return false
        }
    }

    /// The next piece of the body, decoded from its content coding.
    ///
    /// - Parameter data: The bytes.
    /// - Returns: Whether to go on; on false the transport stops and completes.
    @discardableResult
    public func receive(_ data: Data) -> Bool {
        receive(data.count, write: { sink.write(data) }, keep: { room, body in body.append(data.prefix(room)) })
    }

    /// The next piece of the body in a buffer the transport reuses after the call (libcurl's), so a
    /// file sink copies it only once.
    ///
    /// - Parameter bytes: The bytes, valid during the call only.
    /// - Returns: Whether to go on; on false the transport stops and completes.
    @discardableResult
    public func receive(contentsOf bytes: UnsafeRawBufferPointer) -> Bool {
        receive(
            bytes.count, write: { sink.write(bytes: bytes) },
            keep: { room, body in
                guard let base = bytes.baseAddress else { return }
                body.append(base.assumingMemoryBound(to: UInt8.self), count: min(room, bytes.count))
            })
    }

    /// How many body bytes have been sent so far.
    ///
    /// - Parameter totalBytes: The running total.
    public func didSend(totalBytes: Int64) {
        sent?(totalBytes)
    }

    /// The exchange is over; call exactly once (a later call is ignored).
    ///
    /// - Parameter error: Nil when the whole response arrived, otherwise why it did not (a
    ///   `URLError` with URLSession's codes). When the exchange refused something itself (a pin, a
    ///   redirect, a sink's error), its own reason wins over whatever error this is.
    public func complete(_ error: (any Error)?) {
        // The cancel handler may hold the transport's work, which holds this: it is let go of, and
        // released once the lock is (its release may end that work's objects).
        let (first, _) = state.withLock { state -> (Bool, (@Sendable () -> Void)?) in
            state.completions += 1
            defer { state.cancelHandler = nil }
            return (state.completions == 1, state.cancelHandler)
        }
        guard first else { return }  // the sink has ended; a second outcome would end it again
        let outcome = outcome(of: error)
        let (continuation, waiters) = state.withLock { state in
            state.outcome = outcome
            defer { (state.continuation, state.completionWaiters) = (nil, []) }
            return (state.continuation, state.completionWaiters)
        }
        continuation?.resume(returning: outcome)
        for waiter in waiters { waiter.resume() }
    }

    /// A piece of `count` bytes of the body, whichever form it came in: `write` gives it to the sink,
    /// `keep` adds at most `room` bytes of it to an error response's body.
    private func receive(_ count: Int, write: () -> HTTPError?, keep: (_ room: Int, _ body: inout Data) -> Void)
        -> Bool
    {
        let decision = state.withLock { state in
            state.received += Int64(count)
            return state.decision
        }
        switch decision {
        case .accept?:
            guard let error = write() else { return !isCancelled }
            fail(error)
            return false
        case .rejectStatus?:
            state.withLock { state in
                let room = HTTPError.StatusFailure.maximumBodyLength - state.errorBody.count
                if room > 0 { keep(room, &state.errorBody) }
            }
            return !isCancelled
        case .fail?, .finish?, nil:
            return false
        }
    }

    /// Ends the exchange with `error`, whatever the transport reports afterwards, and stops it.
    func fail(_ error: HTTPError) {
        state.withLock { $0.decision = .fail(error) }
        cancel()
    }
}
