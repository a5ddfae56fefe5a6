#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Sends routers' requests through its transport: adapts, validates, retries and reports each
/// attempt.
///
/// ```swift
/// let client = HTTPClient()
/// let response = try await client.send(UserAPI.profile(id: 7))
/// let user = try await client.send(UserAPI.profile(id: 7), as: User.self)
/// ```
///
/// Every request goes through one ``HTTPTransport``: libcurl on Linux, URLSession on Apple platforms
/// (see ``BuiltInTransport``), or the configuration's own. No cookies or cache are kept on disk, every
/// attempt is a fresh exchange, and a `401` carrying `WWW-Authenticate` is delivered as
/// ``HTTPError/unacceptableStatus(_:)`` on every platform.
public final class HTTPClient: Sendable {
    /// How this client behaves.
    public let configuration: Configuration
    /// What carries the requests.
    let transport: any HTTPTransport
    /// Whether the client made its transport (and shuts it down when it goes).
    private let ownsTransport: Bool
    /// The configuration's headers as `addDefaultHeaderFields(to:)` leaves them on a request without
    /// headers, worked out once (URLRequest validates and canonicalises every field it is given).
    private let defaultHeaderFields: [String: String]

    /// Creates a client.
    ///
    /// - Parameter configuration: How the client behaves; the defaults suit most APIs.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let choice = configuration.makeTransport()
        transport = choice.transport
        ownsTransport = configuration.transport.map { $0 is BuiltInTransport } ?? true
        if let reason = choice.fallbackReason {
            for monitor in configuration.eventMonitors {
                monitor.transportDidFallBack(to: choice.transport.name, reason: reason)
            }
        }
        var scratch = URLRequest(url: URL(fileURLWithPath: "/"))
        Self.addHeaders(configuration.headers, to: &scratch)
        defaultHeaderFields = scratch.allHTTPHeaderFields ?? [:]
    }

    /// Creates a client, editing the default configuration in `configure`.
    ///
    /// - Parameter configure: Changes the configuration.
    public convenience init(_ configure: (inout Configuration) -> Void) {
        var configuration = Configuration()
        configure(&configuration)
        self.init(configuration: configuration)
    }

    /// `URLRequest`'s own default timeout, in seconds.
    private static let urlRequestDefaultTimeout: TimeInterval = 60

    deinit {
        if ownsTransport { transport.shutdown() }
    }

    /// The name of the transport this client's requests go through (`"libcurl"`, `"URLSession"`, or
    /// a custom transport's).
    public var transportName: String { transport.name }

    /// Whether this client's transport checks public-key pins (see
    /// ``HTTPTransport/checksServerTrust``); when false, requests to pinned hosts are refused.
    public var checksServerTrust: Bool { transport.checksServerTrust }

    /// Sends the router's request and returns the validated response.
    ///
    /// - Parameter router: The endpoint.
    /// - Returns: The response, whose status is acceptable.
    /// - Throws: ``HTTPError``: building, transport, status, content type, cancellation, timeout.
    public func send(_ router: any HTTPRouter) async throws(HTTPError) -> HTTPResponse {
        let request = try prepare(router)
        return try await execute(request, acceptableStatusCodes: router.acceptableStatusCodes)
    }

    /// The router's request with its timeout and the client's default headers, as every call sends it.
    func prepare(_ router: any HTTPRouter) throws(HTTPError) -> URLRequest {
        var request: URLRequest
        do {
            request = try router.asURLRequest()
        } catch let error as HTTPError {
            throw error
        } catch {
            throw .encodingFailed(.encodableFailed(type: "\(type(of: router))", reason: "\(error)"))
        }
        if let timeout = router.timeout {
            request.timeoutInterval = timeout
        } else if request.timeoutInterval == Self.urlRequestDefaultTimeout,
            configuration.timeout != Self.urlRequestDefaultTimeout
        {
            request.timeoutInterval = configuration.timeout  // keeps a timeout a custom asURLRequest() set
        }
        addDefaultHeaderFields(to: &request)  // on the router's own request: no copy of a shared one
        return request
    }

    /// Sends a prepared request and returns the validated response.
    ///
    /// - Parameters:
    ///   - request:               The request; the client's default headers are added when missing.
    ///   - acceptableStatusCodes: Codes that count as success; the configuration's when nil.
    /// - Returns: The response, whose status is acceptable.
    /// - Throws: ``HTTPError``: transport, status, content type, cancellation, timeout.
    public func send(_ request: URLRequest, acceptableStatusCodes: Range<Int>? = nil) async throws(HTTPError)
        -> HTTPResponse
    {
        try await send(request, acceptableStatusCodes: acceptableStatusCodes, progress: nil)
    }

    /// Sends a prepared request, telling `progress` the body's bytes as they arrive (a
    /// ``DataRequest``'s download progress); see ``send(_:acceptableStatusCodes:)``.
    func send(_ request: URLRequest, acceptableStatusCodes: Range<Int>?, progress: ProgressReporter?)
        async throws(HTTPError) -> HTTPResponse
    {
        var base = request
        addDefaultHeaders(to: &base)
        return try await execute(base, acceptableStatusCodes: acceptableStatusCodes, progress: progress)
    }

    /// The longest timeout sent (a week): a longer, infinite or NaN one means no limit and is sent
    /// as this, because FoundationNetworking turns the timeout into whole milliseconds and traps on
    /// a value that does not fit.
    static let longestTimeout: TimeInterval = 604_800

    /// Gives a caller's request the configuration's timeout when it keeps URLRequest's default, and
    /// the configuration's headers it does not set (see ``addDefaultHeaderFields(to:)``), as every
    /// transport must see them.
    func addDefaultHeaders(to request: inout URLRequest) {
        if request.timeoutInterval == Self.urlRequestDefaultTimeout,
            configuration.timeout != Self.urlRequestDefaultTimeout
        {
            request.timeoutInterval = configuration.timeout
        }
        addDefaultHeaderFields(to: &request)
    }

    /// Adds the configuration's headers that `request` does not set, and caps its timeout at
    /// ``longestTimeout``.
    func addDefaultHeaderFields(to request: inout URLRequest) {
        if !(request.timeoutInterval <= Self.longestTimeout) { request.timeoutInterval = Self.longestTimeout }
        guard let fields = request.allHTTPHeaderFields, !fields.isEmpty else {
            // The usual case: the same outcome as adding them one by one, at a fraction of the cost.
            if !defaultHeaderFields.isEmpty { request.allHTTPHeaderFields = defaultHeaderFields }
            return
        }
        Self.addHeaders(configuration.headers, to: &request)
    }

    /// Sets each of `headers` that `request` does not set yet.
    private static func addHeaders(_ headers: HTTPHeaders, to request: inout URLRequest) {
        for header in headers where request.value(forHTTPHeaderField: header.name) == nil {
            request.setValue(header.value, forHTTPHeaderField: header.name)
        }
    }

    /// How this client's exchanges handle cookies: nil when it keeps none.
    var cookieHandling: HTTPExchange.CookieHandling? {
        configuration.cookies.map { HTTPExchange.CookieHandling(store: $0, monitors: configuration.eventMonitors) }
    }

    /// Runs a request that already carries the default headers; `progress` is told its body's bytes
    /// as each attempt receives them.
    private func execute(
        _ base: URLRequest, acceptableStatusCodes: Range<Int>?, progress: ProgressReporter? = nil
    ) async throws(HTTPError) -> HTTPResponse {
        let validation = ResponseValidation(
            acceptableStatusCodes: acceptableStatusCodes ?? configuration.acceptableStatusCodes,
            validatesContentType: configuration.validatesContentType)
        let transport = self.transport
        let pins = configuration.publicKeyPins
        let follows = followsRedirectsNow
        let cookies = cookieHandling
        let send: @Sendable (URLRequest) async -> Result<HTTPResponse, HTTPError> = { request in
            await HTTPExchange(
                request: request, sink: MemorySink(progress: progress), pins: pins, followsRedirects: follows,
                cookies: cookies
            )
            .run(on: transport)
        }
        guard let cache = configuration.cache else {
            return try await RequestExecution(client: self, request: base).run { adapted, _ in
                await send(adapted).flatMap(validation.validate)
            }
        }
        let cached = CachedAttempt(cache: cache, send: send, handler: cachedResponseHandler)
        return try await RequestExecution(client: self, request: base).run { adapted, _ in
            await cached.run(adapted).flatMap(validation.validate)
        }
    }
}
