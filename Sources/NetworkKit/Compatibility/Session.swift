public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Alamofire's `Session` (`AF`, `Session.default`, `request(…)`) over an ``HTTPClient``.
///
/// Like Alamofire's, it accepts every status code until a request is validated, follows redirects,
/// and runs its interceptor, then the request's, around every attempt: adapters before it is sent,
/// retriers after it fails (validation failures included). The client's own adapters, retriers,
/// monitors, cookies, cache and pins apply beneath.
///
/// ```swift
/// let session = Session(interceptor: Interceptor(adapters: [.header(.authorization(bearerToken: token))]))
/// session.request("https://httpbin.org/get").validate().responseData { response in
///     print(response.value?.count ?? 0)
/// }
/// ```
public final class Session: RequestDelegate, Sendable {
    /// The shared session, with Alamofire's defaults.
    public static let `default` = Session()

    /// The client that sends the requests.
    public let client: HTTPClient
    /// The queue requests do their own work on.
    public let rootQueue: DispatchQueue
    /// Kept for Alamofire's signature: requests are made on ``rootQueue``.
    public let requestQueue: DispatchQueue
    /// The queue response serializers run on.
    ///
    /// When none was given, the session's own queue only keeps serialization off the app's
    /// threads, and a request's serializers run on the thread that finished it instead (in the
    /// order they were added); a queue the app gives is always used.
    public let serializationQueue: DispatchQueue
    /// Whether ``serializationQueue`` is the session's own (no queue was given), so serializers may
    /// run on the thread that finished a request instead (see `DataRequest`'s `serialized`).
    let ownsSerializationQueue: Bool
    /// Whether requests start when their first response handler is added.
    public let startRequestsImmediately: Bool
    /// The interceptor of every request, run before each request's own.
    public let interceptor: (any RequestInterceptor)?
    /// Chooses each host's trust evaluator (see ``ServerTrustManager``); nil to trust what the client trusts.
    public let serverTrustManager: ServerTrustManager?
    /// Decides every request's redirects, unless a request has its own (see ``RedirectHandler``);
    /// nil to let the client follow them by its own rules.
    public let redirectHandler: (any RedirectHandler)?
    /// What the client's cache stores of responses, unless a request says otherwise.
    public let cachedResponseHandler: (any CachedResponseHandler)?
    /// The monitors given to the session, told about every attempt through the client.
    public let eventMonitors: [any EventMonitor]
    /// The configuration given (Alamofire's default for a session made from a client), and the
    /// URLSession made from it when ``session`` is first read.
    private let platform: Locked<(configuration: URLSessionConfiguration, session: URLSession?)>

    /// Creates a session as Alamofire's initializer does, over a new ``HTTPClient``.
    ///
    /// From `configuration` it takes the request timeout, the additional headers, the connection
    /// limit per host and the cookie storage (none when `httpShouldSetCookies` is off).
    ///
    /// - Parameters:
    ///   - configuration: The URLSession settings to follow; Alamofire's default headers by default.
    ///   - rootQueue: The queue requests do their own work on.
    ///   - startRequestsImmediately: Whether requests start with their first response handler.
    ///   - requestQueue: Kept for Alamofire's signature.
    ///   - serializationQueue: The queue serializers run on; a queue targeting `rootQueue` by default.
    ///   - interceptor: The interceptor of every request.
    ///   - serverTrustManager: Each host's trust evaluator, whose pins and roots the new client checks
    ///     on every connection (see ``ServerTrustManager``); nil for the system's validation alone.
    ///   - redirectHandler: Decides every request's redirects; nil to follow them by the client's rules.
    ///   - cachedResponseHandler: What the cache stores of responses.
    ///   - eventMonitors: Monitors of every attempt.
    public convenience init(
        configuration: URLSessionConfiguration = .af.default,
        rootQueue: DispatchQueue = DispatchQueue(label: "org.alamofire.session.rootQueue"),
        startRequestsImmediately: Bool = true, requestQueue: DispatchQueue? = nil,
        serializationQueue: DispatchQueue? = nil, interceptor: (any RequestInterceptor)? = nil,
        serverTrustManager: ServerTrustManager? = nil, redirectHandler: (any RedirectHandler)? = nil,
        cachedResponseHandler: (any CachedResponseHandler)? = nil, eventMonitors: [any EventMonitor] = []
    ) {
        var settings = Self.settings(
            from: configuration, cachedResponseHandler: cachedResponseHandler, eventMonitors: eventMonitors)
        Self.apply(serverTrustManager, to: &settings)
        self.init(
            client: HTTPClient(configuration: settings), configuration: configuration, rootQueue: rootQueue,
            startRequestsImmediately: startRequestsImmediately, requestQueue: requestQueue,
            serializationQueue: serializationQueue, interceptor: interceptor, serverTrustManager: serverTrustManager,
            redirectHandler: redirectHandler, cachedResponseHandler: cachedResponseHandler,
            eventMonitors: eventMonitors)
    }

    /// Creates a session over `client`, whose configuration is used as it is.
    ///
    /// - Parameters:
    ///   - client: The client that sends the requests.
    ///   - rootQueue: The queue requests do their own work on.
    ///   - startRequestsImmediately: Whether requests start with their first response handler.
    ///   - requestQueue: Kept for Alamofire's signature.
    ///   - serializationQueue: The queue serializers run on; a queue targeting `rootQueue` by default.
    ///   - interceptor: The interceptor of every request.
    ///   - serverTrustManager: Decides which secure hosts need an evaluator, and fails requests whose
    ///     evaluator cannot trust anything; the client's own pins and roots are used as they are.
    ///   - redirectHandler: Decides every request's redirects; nil to follow them by the client's rules.
    ///   - cachedResponseHandler: What the cache stores of responses, before the client's handler.
    ///   - eventMonitors: The monitors to report (the client's own are told about attempts).
    public convenience init(
        client: HTTPClient, rootQueue: DispatchQueue = DispatchQueue(label: "org.alamofire.session.rootQueue"),
        startRequestsImmediately: Bool = true, requestQueue: DispatchQueue? = nil,
        serializationQueue: DispatchQueue? = nil, interceptor: (any RequestInterceptor)? = nil,
        serverTrustManager: ServerTrustManager? = nil, redirectHandler: (any RedirectHandler)? = nil,
        cachedResponseHandler: (any CachedResponseHandler)? = nil, eventMonitors: [any EventMonitor] = []
    ) {
        self.init(
            client: client, configuration: .af.default, rootQueue: rootQueue,
            startRequestsImmediately: startRequestsImmediately, requestQueue: requestQueue,
            serializationQueue: serializationQueue, interceptor: interceptor, serverTrustManager: serverTrustManager,
            redirectHandler: redirectHandler, cachedResponseHandler: cachedResponseHandler,
            eventMonitors: eventMonitors)
    }

    private init(
        client: HTTPClient, configuration: URLSessionConfiguration, rootQueue: DispatchQueue,
        startRequestsImmediately: Bool, requestQueue: DispatchQueue?, serializationQueue: DispatchQueue?,
        interceptor: (any RequestInterceptor)?, serverTrustManager: ServerTrustManager?,
        redirectHandler: (any RedirectHandler)?, cachedResponseHandler: (any CachedResponseHandler)?,
        eventMonitors: [any EventMonitor]
    ) {
        self.client = client
        self.platform = Locked((configuration, nil))
        self.rootQueue = rootQueue
        self.requestQueue = requestQueue ?? rootQueue
        self.serializationQueue =
            serializationQueue ?? DispatchQueue(label: "org.alamofire.session.serializationQueue", target: rootQueue)
        ownsSerializationQueue = serializationQueue == nil
        self.startRequestsImmediately = startRequestsImmediately
        self.interceptor = interceptor
        self.serverTrustManager = serverTrustManager
        self.redirectHandler = redirectHandler
        self.cachedResponseHandler = cachedResponseHandler
        self.eventMonitors = eventMonitors
        requestMonitor =
            eventMonitors.count > 1 ? CompositeEventMonitor(monitors: eventMonitors) : eventMonitors.first
    }

    /// A URLSession with the session's configuration, made when first read, for code that reads
    /// Alamofire's `session.session` (its `configuration`, `urlCache`…). NetworkKit sends through
    /// ``client``, not through it.
    public var session: URLSession {
        platform.withLock { platform in
            if let session = platform.session { return session }
            let session = URLSession(configuration: platform.configuration)
            platform.session = session
            return session
        }
    }

    /// The `URLCache` of the configuration the session was made with, which data responses go to
    /// when a ``CachedResponseHandler`` lets them (see `storeInURLCache(_:for:sentAs:handler:)`).
    var configuredURLCache: URLCache? { platform.withLock { $0.configuration.urlCache } }

    /// Whether requests start when their first response handler is added (``RequestDelegate``).
    public var startImmediately: Bool { startRequestsImmediately }

    /// The monitor requests report to: the session's monitors, or nil when it has none.
    ///
    /// A ``CompositeEventMonitor`` of all of them when there are several, as in Alamofire.
    public var eventMonitor: (any EventMonitor)? { requestMonitor }
    /// ``eventMonitor``, made once.
    private let requestMonitor: (any EventMonitor)?

    // MARK: - Requests

    /// A request for a router or `URLRequest`.
    ///
    /// - Parameters:
    ///   - convertible: The router or request; an error it throws fails the request.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    /// - Returns: The request.
    public func request(
        _ convertible: any URLRequestConvertible, interceptor: (any RequestInterceptor)? = nil,
        shouldAutomaticallyResume: Bool? = nil
    ) -> DataRequest {
        DataRequest(
            id: .unique(), convertible: convertible, underlyingQueue: rootQueue, serializationQueue: serializationQueue,
            eventMonitor: eventMonitor, interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume,
            delegate: self)
    }

    /// A request for a URL, with parameters encoded by `encoding`.
    ///
    /// ```swift
    /// AF.request("https://httpbin.org/get", parameters: ["q": "swift"]).responseData { _ in }
    /// ```
    ///
    /// - Parameters:
    ///   - convertible: The URL.
    ///   - method: The method; `GET` by default.
    ///   - parameters: The parameters.
    ///   - encoding: How the parameters are written; into the query for `GET`, `HEAD` and `DELETE`, the
    ///     body otherwise, by default.
    ///   - headers: Header fields.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - requestModifier: Changes the `URLRequest` before the parameters are encoded.
    /// - Returns: The request.
    public func request(
        _ convertible: any URLConvertible, method: HTTPMethod = .get, parameters: Parameters? = nil,
        encoding: any ParameterEncoding = URLEncoding.default, headers: HTTPHeaders? = nil,
        interceptor: (any RequestInterceptor)? = nil, shouldAutomaticallyResume: Bool? = nil,
        requestModifier: RequestModifier? = nil
    ) -> DataRequest {
        request(
            RequestConvertible(
                url: convertible, method: method, parameters: parameters, encoding: encoding, headers: headers,
                requestModifier: requestModifier),
            interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume)
    }

    /// A request for a URL, with an `Encodable` value encoded by `encoder`.
    ///
    /// ```swift
    /// AF.request("https://httpbin.org/post", method: .post, parameters: login, encoder: .json).responseData { _ in }
    /// ```
    ///
    /// - Parameters:
    ///   - convertible: The URL.
    ///   - method: The method; `GET` by default.
    ///   - parameters: The value to encode.
    ///   - encoder: How it is written; a URL-encoded form (query or body by method) by default.
    ///   - headers: Header fields.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - requestModifier: Changes the `URLRequest` before the value is encoded.
    /// - Returns: The request.
    public func request<Parameters: Encodable & Sendable>(
        _ convertible: any URLConvertible, method: HTTPMethod = .get, parameters: Parameters? = nil,
        encoder: any ParameterEncoder = URLEncodedFormParameterEncoder.default, headers: HTTPHeaders? = nil,
        interceptor: (any RequestInterceptor)? = nil, shouldAutomaticallyResume: Bool? = nil,
        requestModifier: RequestModifier? = nil
    ) -> DataRequest {
        request(
            RequestConvertible(
                url: convertible, method: method, parameters: parameters, encoder: encoder, headers: headers,
                requestModifier: requestModifier),
            interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume)
    }

    /// Alamofire's name for a closure that changes a `URLRequest` before it is sent.
    public typealias RequestModifier = NetworkKit.RequestModifier

    /// A URL, method, parameters, encoding and headers, made into a `URLRequest` once, when this value
    /// is created.
    public struct RequestConvertible: URLRequestConvertible {
        private let made: Result<URLRequest, AFError>

        /// Makes the request with parameters written by a ``ParameterEncoding``.
        ///
        /// - Parameters:
        ///   - url: The URL.
        ///   - method: The method.
        ///   - parameters: The parameters.
        ///   - encoding: How the parameters are written.
        ///   - headers: Header fields.
        ///   - requestModifier: Changes the request before the parameters are written.
        public init(
            url: any URLConvertible, method: HTTPMethod, parameters: Parameters?, encoding: any ParameterEncoding,
            headers: HTTPHeaders?, requestModifier: RequestModifier? = nil
        ) {
            made = Self.make {
                var request = try URLRequest(url: url, method: method, headers: headers)
                try requestModifier?(&request)
                return try encoding.encode(request, with: parameters)
            }
        }

        /// Makes the request with an `Encodable` value written by a ``ParameterEncoder``.
        ///
        /// - Parameters:
        ///   - url: The URL.
        ///   - method: The method.
        ///   - parameters: The value.
        ///   - encoder: How the value is written.
        ///   - headers: Header fields.
        ///   - requestModifier: Changes the request before the value is written.
        public init<Value: Encodable & Sendable>(
            url: any URLConvertible, method: HTTPMethod, parameters: Value?, encoder: any ParameterEncoder,
            headers: HTTPHeaders?, requestModifier: RequestModifier? = nil
        ) {
            made = Self.make {
                var request = try URLRequest(url: url, method: method, headers: headers)
                try requestModifier?(&request)
                return try encoder.encode(parameters, into: request)
            }
        }

        private static func make(_ build: () throws -> URLRequest) -> Result<URLRequest, AFError> {
            do {
                return .success(try build())
            } catch let error as AFError {
                return .failure(error)
            } catch let error as HTTPError {
                return .failure(AFError(error))
            } catch {
                return .failure(.createURLRequestFailed(error: error))
            }
        }

        /// The request.
        ///
        /// - Returns: The request.
        /// - Throws: The ``AFError`` that stopped it from being made.
        public func asURLRequest() throws -> URLRequest { try made.get() }
    }

    private static func settings(
        from configuration: URLSessionConfiguration, cachedResponseHandler: (any CachedResponseHandler)?,
        eventMonitors: [any EventMonitor]
    ) -> HTTPClient.Configuration {
        var settings = HTTPClient.Configuration()
        settings.validatesContentType = false
        settings.acceptableStatusCodes = 0..<1000
        settings.timeout = configuration.timeoutIntervalForRequest
        settings.maximumConnectionsPerHost = max(configuration.httpMaximumConnectionsPerHost, 1)
        settings.headers = configuration.headers
        if !configuration.httpShouldSetCookies {
            settings.cookies = nil
        } else if let storage = configuration.httpCookieStorage {
            settings.cookies = HTTPCookieStorageCookieStore(storage: storage)
        }
        settings.cachedResponseHandler = cachedResponseHandler
        settings.eventMonitors = eventMonitors
        return settings
    }
}

// Alamofire's name, kept so that code written for it compiles unchanged.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The shared session, as Alamofire's `AF`.
///
/// ```swift
/// AF.request("https://httpbin.org/get").responseData { response in print(response.result) }
/// ```
public let AF = Session.default
