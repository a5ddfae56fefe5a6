import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What carries a client's requests to servers: the one seam every request of an ``HTTPClient``
/// goes through (data, decoding, downloads, resumes, uploads, multipart, streams, lines, server-sent
/// events).
///
/// The client does everything else above it, once for every transport: adapters, validation,
/// retries, event monitors, where the body goes (memory, a file, a stream), the redirect rules, the
/// public-key pin check and the mapping of errors to ``HTTPError``. A transport only moves bytes: it
/// gets an ``HTTPExchange`` holding the request and its body, and tells the exchange, in order,
///
/// 1. the final response head (``HTTPExchange/receive(_:)-(HTTPURLResponse)``), after asking
///    ``HTTPExchange/redirectRequest(after:for:)`` about each redirect it meets (only when
///    ``HTTPExchange/followsRedirects`` is true; otherwise the redirect is the final head) and
///    ``HTTPExchange/evaluateServerTrust(certificateChain:host:)`` about each new TLS connection to
///    a pinned host;
/// 2. each piece of the body, decoded from its content coding, as it arrives;
/// 3. how many body bytes it has sent, as it sends them;
/// 4. the end, exactly once (``HTTPExchange/complete(_:)``).
///
/// Rules an adopter follows:
/// - ``send(_:)`` returns at once; the work happens elsewhere, and the exchange may be told from any
///   thread, one call at a time.
/// - When the exchange is cancelled (``HTTPExchange/onCancel(_:)``) or refuses a head or a piece of
///   body (a `false` answer), the transport stops soon and still calls ``HTTPExchange/complete(_:)``.
/// - `timeoutInterval` of the request is the longest time without progress.
/// - Errors are given as `URLError`s with the codes URLSession uses (`.timedOut`,
///   `.cannotConnectToHost`, `.networkConnectionLost`…), which the client turns into ``HTTPError``.
///   Bytes that are not an HTTP response are `.badServerResponse`; `.unsupportedURL` is kept for a
///   URL the transport cannot send.
/// - A response head larger than the transport reads is a `URLError(.dataLengthExceedsMaximum)`
///   whose `userInfo` holds the bound under ``HTTPError/responseHeadLimitKey``; the client reports
///   it as ``HTTPError/TransferFailureReason/responseHeadTooLarge(limit:)``.
///
/// Built in: ``URLSessionTransport`` (Apple platforms; the fallback on Linux) and, on Linux,
/// `CurlTransport` (libcurl, loaded at run time). ``HTTPClient/Configuration/transport`` sets one
/// of your own, for instance over AsyncHTTPClient in your own package, or a fake in tests:
///
/// ```swift
/// struct CannedTransport: HTTPTransport {
///     let body: Data
///     var name: String { "canned" }
///     func send(_ exchange: HTTPExchange) {
///         guard let url = exchange.request.url,
///               let head = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
///                                          headerFields: ["Content-Type": "application/json"]),
///               exchange.receive(head)
///         else { return exchange.complete(URLError(.cancelled)) }
///         _ = exchange.receive(body)
///         exchange.complete(nil)
///     }
/// }
/// let client = HTTPClient { $0.transport = CannedTransport(body: Data(#"{"id":1}"#.utf8)) }
/// ```
public protocol HTTPTransport: Sendable {
    /// A short name for events and logs, such as `"libcurl"` or `"URLSession"`.
    var name: String { get }

    /// Starts sending the exchange's request and returns at once.
    ///
    /// - Parameter exchange: The request, its body, and where to report what happens.
    func send(_ exchange: HTTPExchange)

    /// Whether the transport shows every new TLS connection to a pinned host to
    /// ``HTTPExchange/evaluateServerTrust(certificateChain:host:)``. When false (the default), a
    /// client with public-key pins refuses every request to a pinned host before it is sent, with
    /// ``HTTPError/PinningFailureReason/unsupportedPlatform``, rather than send it unchecked.
    var checksServerTrust: Bool { get }

    /// How the transport is best handed an upload's body, which the client asks before it prepares
    /// one: ``RequestBodyPreference/stream`` by default.
    var requestBodyPreference: RequestBodyPreference { get }

    /// The client that owns the transport is going away: let exchanges in flight end, then release
    /// what the transport holds (threads, connections). Does nothing by default.
    func shutdown()
}

extension HTTPTransport {
    /// False: the transport does not check public-key pins.
    public var checksServerTrust: Bool { false }

    /// ``RequestBodyPreference/stream``: the transport reads `.stream` bodies itself, framed as
    /// given, as the rules above ask.
    public var requestBodyPreference: RequestBodyPreference { .stream }

    /// Does nothing.
    public func shutdown() {}
}
