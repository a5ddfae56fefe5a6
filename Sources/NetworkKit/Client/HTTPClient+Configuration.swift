public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

extension HTTPClient {
    /// How a client behaves: defaults for every request, interceptors, monitors and the session.
    ///
    /// ```swift
    /// var configuration = HTTPClient.Configuration()
    /// configuration.timeout = 15
    /// configuration.retriers = [RetryPolicy()]
    /// let client = HTTPClient(configuration: configuration)
    /// ```
    public struct Configuration: Sendable {
        /// Seconds a request may take when its router does not say (60 by default); longer than a
        /// week (`.infinity`, say) means no limit.
        public var timeout: TimeInterval = 60
        /// Status codes that count as success when the router does not say (`200..<400`).
        public var acceptableStatusCodes: Range<Int> = 200..<400
        /// Whether redirects are followed (by the same rules on every transport: at most 16, to
        /// `http` or `https` only, a `303` as a `GET`), or are the answer themselves, status,
        /// headers (`Location` among them) and body, as with Alamofire's `Redirector.doNotFollow`.
        ///
        /// ```swift
        /// let client = HTTPClient { $0.followsRedirects = false }
        /// let answer = try await client.send(URLRequest(url: oldAddress))  // 301, Location: …
        /// ```
        public var followsRedirects = true
        /// Whether a response's `Content-Type` must match the request's `Accept` (true by default).
        public var validatesContentType = true
        /// Headers added to every request that does not set them (``HTTPHeaders/default``).
        public var headers: HTTPHeaders = .default
        /// Adapters run in order on every attempt before it is sent.
        public var adapters: [any RequestAdapter] = []
        /// Retriers asked in order after a failed attempt; the first that retries wins.
        public var retriers: [any RequestRetrier] = []
        /// The most attempts one call makes, whatever the retriers decide (10 by default), so a
        /// retrier that always retries cannot loop forever.
        public var maximumAttempts = 10
        /// Observers told about every attempt.
        public var eventMonitors: [any EventMonitor] = []
        /// The most connections opened to one host at a time (8 by default).
        public var maximumConnectionsPerHost = 8
        /// Where the client keeps cookies: an ``InMemoryCookieStore`` by default (as URLSession's
        /// default configuration keeps cookies), a ``FileCookieStore`` to keep them across runs, or
        /// nil for none. The same rules (RFC 6265) apply on every transport and every hop of a
        /// redirect; a request whose `httpShouldHandleCookies` is false neither sends nor stores any.
        ///
        /// ```swift
        /// let client = HTTPClient()                                  // cookies kept in memory
        /// _ = try await client.send(URLRequest(url: login))          // Set-Cookie: session=…
        /// let cart = try await client.send(URLRequest(url: cartURL)) // Cookie: session=…
        /// let stateless = HTTPClient { $0.cookies = nil }
        /// ```
        public var cookies: (any CookieStore)? = InMemoryCookieStore()
        /// The HTTP cache data requests go through (RFC 9111, a private cache), or nil for none, the
        /// default. Each request's `cachePolicy` is honoured; ``HTTPResponse/source`` says whether an
        /// answer came from the cache. URLSession's own `URLCache` stays off on every transport.
        ///
        /// ```swift
        /// let cache = HTTPCache(directory: cachesFolder.appendingPathComponent("http"), maximumBytes: 50_000_000)
        /// let client = HTTPClient { $0.cache = cache }
        /// var request = URLRequest(url: catalogueURL)
        /// request.cachePolicy = .returnCacheDataElseLoad   // offline: the last answer, however old
        /// ```
        public var cache: HTTPCache?
        /// Asked before ``cache`` stores a response: store it, change it, or store nothing
        /// (Alamofire's `Session(cachedResponseHandler:)`); nil, the default, stores what RFC 9111
        /// allows. A request's own handler (``Request/cacheResponse(using:)``) comes first.
        ///
        /// ```swift
        /// let client = HTTPClient {
        ///     $0.cache = HTTPCache(maximumBytes: 20_000_000)
        ///     $0.cachedResponseHandler = ResponseCacher.doNotCache   // read-only: serve what is stored
        /// }
        /// ```
        public var cachedResponseHandler: (any CachedResponseHandler)?
        /// Changes the session configuration before the session is made (add `protocolClasses`…).
        /// The default configuration is ephemeral with no cookie store and no cache, so nothing is
        /// written to disk; cookies are the client's (``cookies``), never URLSession's.
        public var configureSession: (@Sendable (URLSessionConfiguration) -> Void)?
        /// Public-key pins per host (none by default): a pinned host's verified certificate chain
        /// (leaf, intermediates or root) must carry one of its pinned keys, checked on every new
        /// connection before the request is sent: by libcurl's TLS verification on Linux, in the
        /// server-trust challenge on Apple platforms. A transport that cannot check them (URLSession
        /// on Linux) refuses every request to a pinned host with
        /// ``HTTPError/PinningFailureReason/unsupportedPlatform``; plain `http` to a pinned host
        /// fails everywhere. See ``PublicKeyPins``.
        public var publicKeyPins = PublicKeyPins()
        /// Roots trusted for servers' certificate chains instead of, or beside, the system's (none by
        /// default: the system's). See ``TrustAnchors``.
        public var trustAnchors: TrustAnchors?
        /// Which HTTP versions may be used (``HTTPVersionPolicy/automatic`` by default: HTTP/2 over
        /// TLS where the server offers it). URLSession decides this itself and ignores it.
        public var httpVersion: HTTPVersionPolicy = .automatic
        /// The transport of every request: `nil` (the default, also written `.automatic`) for the
        /// platform's built-in one, `.libcurl` or `.urlSession` for a given built-in one (see
        /// ``BuiltInTransport``), which the client makes and shuts down, or a transport of your own,
        /// which the client never shuts down, so one transport may serve several clients.
        ///
        /// ```swift
        /// let plain = HTTPClient { $0.transport = .urlSession }
        /// let canned = HTTPClient { $0.transport = CannedTransport(body: Data()) }
        /// ```
        public var transport: (any HTTPTransport)?
        /// Where uploads write multipart bodies too large for memory before streaming them (the
        /// system's temporary folder by default); each file is removed when its upload ends.
        public var temporaryDirectory: URL = FileManager.default.temporaryDirectory
        /// The built-in transport of every request: the former name of ``transport``'s built-in
        /// choices. Reads ``BuiltInTransport/automatic`` when ``transport`` is nil or a transport of
        /// your own.
        @available(*, deprecated, renamed: "transport")
        public var transferEngine: BuiltInTransport {
            get { transport as? BuiltInTransport ?? .automatic }
            set { transport = newValue }
        }
        /// Waits between retries; tests inject one that records instead of sleeping.
        public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

        /// Creates the default configuration.
        public init() {}

        /// Adds an interceptor as both an adapter and a retrier.
        ///
        /// - Parameter interceptor: The interceptor, such as an ``AuthenticationInterceptor``.
        public mutating func add(_ interceptor: any RequestInterceptor) {
            adapters.append(interceptor)
            retriers.append(interceptor)
        }

        /// The session configuration of this client's URLSession transport.
        func makeSessionConfiguration() -> URLSessionConfiguration {
            let session = URLSessionTransport.defaultSessionConfiguration()
            session.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
            session.timeoutIntervalForRequest =
                timeout <= HTTPClient.longestTimeout ? timeout : HTTPClient.longestTimeout
            configureSession?(session)
            return session
        }
    }
}
