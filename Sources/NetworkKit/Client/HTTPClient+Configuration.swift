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
        /// Changes the session configuration before the session is made (add `protocolClasses`, a
        /// cookie store…). The default configuration is ephemeral with no cookie store and no cache,
        /// so nothing is written to disk.
        public var configureSession: (@Sendable (URLSessionConfiguration) -> Void)?
        /// Public-key pins per host (none by default): a pinned host's certificate chain must carry
        /// one of its pinned keys. Checked on Apple platforms in the session's server-trust
        /// challenge; on Linux, whose URLSession exposes no server trust, every request to a pinned
        /// host fails with ``HTTPError/PinningFailureReason/unsupportedPlatform`` before it is sent.
        /// Plain `http` to a pinned host fails everywhere. See ``PublicKeyPins``.
        public var publicKeyPins = PublicKeyPins()
        /// Where uploads write multipart bodies too large for memory before streaming them (the
        /// system's temporary folder by default); each file is removed when its upload ends.
        public var temporaryDirectory: URL = FileManager.default.temporaryDirectory
        /// The transport of downloads, uploads and streams (``TransferEngine/automatic`` by default:
        /// libcurl on Linux when it can be loaded, URLSession otherwise).
        public var transferEngine: TransferEngine = .automatic
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

        /// The session configuration this client's session is made with.
        func makeSessionConfiguration() -> URLSessionConfiguration {
            let session = URLSessionConfiguration.ephemeral
            session.httpCookieStorage = nil
            session.httpShouldSetCookies = false
            session.urlCache = nil
            session.requestCachePolicy = .reloadIgnoringLocalCacheData
            session.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
            session.timeoutIntervalForRequest =
                timeout <= HTTPClient.longestTimeout ? timeout : HTTPClient.longestTimeout
            configureSession?(session)
            return session
        }
    }
}
