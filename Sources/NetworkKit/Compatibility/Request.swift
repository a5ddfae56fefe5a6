public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// What a ``Request`` asks of the session that made it (Alamofire's protocol of this name).
public protocol RequestDelegate: AnyObject, Sendable {
    /// Whether requests start as soon as their first response handler is added.
    var startImmediately: Bool { get }
}

/// Alamofire's `Request`: the state, requests, response and error every kind of request shares.
///
/// A ``Session`` makes its subclasses (``DataRequest`` for now); each one sends through the session's
/// ``HTTPClient``, so its adapters, retriers, cookies, cache, pins and monitors apply.
///
/// ```swift
/// let request = AF.request("https://httpbin.org/get")
/// request.cancel()
/// print(request.isCancelled)  // true
/// ```
///
/// - Note: Sendable because every stored property is a `let` of a `Sendable` type or the weak
///   `delegate`, which is written once in `init`, and all mutable state lives in `mutableState`,
///   a lock box; subclasses are expected to keep theirs the same way.
open class Request: @unchecked Sendable {
    /// Where a request is in its life.
    public enum State: Sendable, Hashable {
        /// Made, not yet started.
        case initialized
        /// Started, or restarted after ``suspended``.
        case resumed
        /// Started, then paused: its answer is held until it is resumed.
        case suspended
        /// Cancelled; it ends with ``AFError/explicitlyCancelled``.
        case cancelled
        /// Finished, with a response or an error.
        case finished

        /// Whether a request in this state may move to `state`.
        ///
        /// - Parameter state: The next state.
        /// - Returns: Whether the move is allowed.
        public func canTransitionTo(_ state: State) -> Bool {
            switch (self, state) {
            case (.initialized, _): true
            case (_, .initialized), (.cancelled, _), (.finished, _): false
            case (.resumed, .cancelled), (.suspended, .cancelled), (.resumed, .suspended), (.suspended, .resumed):
                true
            case (.suspended, .suspended), (.resumed, .resumed): false
            case (_, .finished): true
            }
        }
    }

    /// A closure that receives progress.
    public typealias ProgressHandler = @Sendable (_ progress: Progress) -> Void

    /// A check of the response: success, or the error it fails with.
    public typealias ValidationResult = Result<Void, any Error>

    /// What the request holds that changes.
    struct MutableState {
        var state: State = .initialized
        var requests: [URLRequest] = []
        var response: LazyURLResponse?
        var retryCount = 0
        var error: AFError?
        var cachedResponseHandler: (any CachedResponseHandler)?
        var redirectHandler: (any RedirectHandler)?
        var standInTasks: [URLSessionTask] = []
        var credential: URLCredential?
        var uploadProgressHandler: (handler: ProgressHandler, queue: DispatchQueue)?
        var downloadProgressHandler: (handler: ProgressHandler, queue: DispatchQueue)?
        var cURLHandlers: [(queue: DispatchQueue, handler: @Sendable (String) -> Void)] = []
        var requestCreationHandlers: [(queue: DispatchQueue, handler: @Sendable (URLRequest) -> Void)] = []
        /// The lock of the progress objects, made with the first of them or the first report.
        var progressLock: SerialLock?
    }

    /// This request's identifier, unique per request.
    public let id: UUID
    /// The queue the request's own work runs on (the session's root queue).
    public let underlyingQueue: DispatchQueue
    /// The queue response serializers run on.
    public let serializationQueue: DispatchQueue
    /// The monitor told about this request's events.
    public let eventMonitor: (any EventMonitor)?
    /// The interceptor of this request alone, run after the session's.
    public let interceptor: (any RequestInterceptor)?
    /// Whether the request starts when its first response handler is added; nil to follow the
    /// session's `startRequestsImmediately`.
    public let shouldAutomaticallyResume: Bool?
    /// The session that made the request; the request does not keep it alive.
    public private(set) weak var delegate: (any RequestDelegate)?

    let mutableState = RequestLock.make(MutableState())
    /// Serialises the making of ``uploadProgress`` and ``downloadProgress``, and writes to them;
    /// made when first needed (most requests never read or report progress).
    private var progressLock: SerialLock {
        mutableState.withLock { state in
            if let lock = state.progressLock { return lock }
            let lock = SerialLock()
            state.progressLock = lock
            return lock
        }
    }

    /// Creates a request; a ``Session`` makes requests, and subclasses call this.
    ///
    /// - Parameters:
    ///   - id: Its identifier.
    ///   - underlyingQueue: The session's root queue.
    ///   - serializationQueue: The queue for response serializers.
    ///   - eventMonitor: The monitor told about its events.
    ///   - interceptor: Its own interceptor.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil for the session's choice.
    ///   - delegate: The session.
    public init(
        id: UUID = UUID(), underlyingQueue: DispatchQueue, serializationQueue: DispatchQueue,
        eventMonitor: (any EventMonitor)?, interceptor: (any RequestInterceptor)?,
        shouldAutomaticallyResume: Bool? = nil,
        delegate: any RequestDelegate
    ) {
        self.id = id
        self.underlyingQueue = underlyingQueue
        self.serializationQueue = serializationQueue
        self.eventMonitor = eventMonitor
        self.interceptor = interceptor
        self.shouldAutomaticallyResume = shouldAutomaticallyResume
        self.delegate = delegate
    }

    // MARK: - State

    /// The request's state.
    public var state: State { mutableState.withLock { $0.state } }
    /// Whether the request has not started.
    public var isInitialized: Bool { state == .initialized }
    /// Whether the request is running.
    public var isResumed: Bool { state == .resumed }
    /// Whether the request is paused.
    public var isSuspended: Bool { state == .suspended }
    /// Whether the request was cancelled.
    public var isCancelled: Bool { state == .cancelled }
    /// Whether the request has finished.
    public var isFinished: Bool { state == .finished }

    /// The progress of the request's body upload (made when first read).
    public var uploadProgress: Progress {
        progressLock.run { Self.progress(&madeUploadProgress) }
    }
    /// The progress of the response's download (made when first read).
    public var downloadProgress: Progress {
        progressLock.run { Self.progress(&madeDownloadProgress) }
    }
    // Read and written only inside `progressLock`. Made on demand: a `Progress` costs as much to
    // make as a request's other bookkeeping together, and most requests never read theirs.
    private var madeUploadProgress: Progress?
    private var madeDownloadProgress: Progress?

    private static func progress(_ made: inout Progress?) -> Progress {
        if let made { return made }
        let progress = Progress(totalUnitCount: 0)
        made = progress
        return progress
    }

    /// The handler given to ``uploadProgress(queue:closure:)`` and its queue.
    public var uploadProgressHandler: (handler: ProgressHandler, queue: DispatchQueue)? {
        mutableState.withLock { $0.uploadProgressHandler }
    }
    /// The handler given to ``downloadProgress(queue:closure:)`` and its queue.
    public var downloadProgressHandler: (handler: ProgressHandler, queue: DispatchQueue)? {
        mutableState.withLock { $0.downloadProgressHandler }
    }
    /// The handler given to ``cacheResponse(using:)``.
    public var cachedResponseHandler: (any CachedResponseHandler)? {
        mutableState.withLock { $0.cachedResponseHandler }
    }
    /// The credential given to ``authenticate(with:)``.
    public var credential: URLCredential? { mutableState.withLock { $0.credential } }

    /// The requests made so far: the first as built, then each one sent after adaptation.
    public var requests: [URLRequest] { mutableState.withLock { $0.requests } }
    /// The first of ``requests``.
    public var firstRequest: URLRequest? { requests.first }
    /// The last of ``requests``.
    public var lastRequest: URLRequest? { requests.last }
    /// The last request made: the one the response answers.
    open var request: URLRequest? { lastRequest }
    /// The response, once it came.
    open var response: HTTPURLResponse? { responseSource?.value }
    /// Where ``response`` comes from: it is made when first read.
    var responseSource: LazyURLResponse? { mutableState.withLock { $0.response } }
    /// How many times the request was retried.
    public var retryCount: Int { mutableState.withLock { $0.retryCount } }
    /// The error the request failed with, if it did.
    public var error: AFError? { mutableState.withLock { $0.error } }
    /// One task per attempt made so far (the first, then one per retry), as Alamofire's list has.
    /// NetworkKit's transports send through no URLSession task (libcurl on Linux), so each is a
    /// stand-in made when this is first read: a data task for the last request, cancelled without
    /// ever being resumed; its state, response and byte counts say nothing of the transfer.
    /// ``requests`` lists each attempt's request.
    public var tasks: [URLSessionTask] { standInTasks() }
    /// The first of ``tasks``.
    public var firstTask: URLSessionTask? { tasks.first }
    /// The last of ``tasks``.
    public var lastTask: URLSessionTask? { tasks.last }
    /// The last of ``tasks``.
    public var task: URLSessionTask? { lastTask }
    /// The task metrics of the last attempt: URLSession's are not exposed by NetworkKit's transports,
    /// so this is nil; ``HTTPClient``'s ``EventMonitor`` reports each attempt's timing instead.
    public var metrics: URLSessionTaskMetrics? { nil }

    // MARK: - Control

    /// Cancels the request: it ends with ``AFError/explicitlyCancelled``, and its handlers are called.
    ///
    /// - Returns: This request.
    @discardableResult
    public func cancel() -> Self {
        let moved = mutableState.withLock { state -> Bool in
            guard state.state.canTransitionTo(.cancelled) else { return false }
            state.state = .cancelled
            state.error = state.error ?? .explicitlyCancelled
            return true
        }
        if moved {
            emit { [self] in $0.requestDidCancel(self) }
            didCancel()
        }
        return self
    }

    /// Pauses the request: a transfer under way goes on, but its answer is held until ``resume()``.
    ///
    /// - Returns: This request.
    @discardableResult
    public func suspend() -> Self {
        let moved = mutableState.withLock { state -> Bool in
            guard state.state.canTransitionTo(.suspended) else { return false }
            state.state = .suspended
            return true
        }
        if moved { emit { [self] in $0.requestDidSuspend(self) } }
        didSuspend()
        return self
    }

    /// Starts the request, or restarts it after ``suspend()``.
    ///
    /// - Returns: This request.
    @discardableResult
    public func resume() -> Self {
        let moved = mutableState.withLock { state -> Bool in
            guard state.state.canTransitionTo(.resumed) else { return false }
            state.state = .resumed
            return true
        }
        if moved {
            emit { [self] in $0.requestDidResume(self) }
            didResume()
        }
        return self
    }

    /// Counts one more retry and forgets the failed attempt's response and error; the session calls
    /// it before sending the request again.
    public func prepareForRetry() {
        mutableState.withLock { state in
            state.retryCount += 1
            state.error = nil
            state.response = nil
        }
        emit { [self] in $0.requestIsRetrying(self) }
        didPrepareForRetry()
    }

    /// Sends `Authorization: Basic` with these credentials, as URLSession would answer a challenge.
    ///
    /// - Parameters:
    ///   - username: The user name.
    ///   - password: The password.
    ///   - persistence: Kept for Alamofire's signature; the credential lives with this request.
    /// - Returns: This request.
    @discardableResult
    public func authenticate(
        username: String, password: String, persistence: URLCredential.Persistence = .forSession
    ) -> Self {
        authenticate(with: URLCredential(user: username, password: password, persistence: persistence))
    }

    /// Sends `Authorization: Basic` with this credential's user and password.
    ///
    /// - Parameter credential: The credential.
    /// - Returns: This request.
    @discardableResult
    public func authenticate(with credential: URLCredential) -> Self {
        mutableState.withLock { $0.credential = credential }
        return self
    }

    /// Calls `closure` on `queue` as the response downloads.
    ///
    /// - Parameters:
    ///   - queue: Where `closure` runs.
    ///   - closure: Called with the progress.
    /// - Returns: This request.
    @discardableResult
    public func downloadProgress(queue: DispatchQueue = .main, closure: @escaping ProgressHandler) -> Self {
        mutableState.withLock { $0.downloadProgressHandler = (closure, queue) }
        return self
    }

    /// Calls `closure` on `queue` as the body uploads.
    ///
    /// - Parameters:
    ///   - queue: Where `closure` runs.
    ///   - closure: Called with the progress.
    /// - Returns: This request.
    @discardableResult
    public func uploadProgress(queue: DispatchQueue = .main, closure: @escaping ProgressHandler) -> Self {
        mutableState.withLock { $0.uploadProgressHandler = (closure, queue) }
        return self
    }

    /// Decides what the client's ``HTTPCache`` stores of this request's response, before the
    /// session's handler. Set it before the request starts.
    ///
    /// ```swift
    /// AF.request(url).cacheResponse(using: .doNotCache).responseData { _ in }
    /// ```
    ///
    /// - Parameter handler: The handler.
    /// - Returns: This request.
    @discardableResult
    public func cacheResponse(using handler: any CachedResponseHandler) -> Self {
        mutableState.withLock { $0.cachedResponseHandler = handler }
        return self
    }

    /// Decides what the client's cache stores of this request's response with a ``ResponseCacher``
    /// of `behavior`; see ``cacheResponse(using:)``.
    ///
    /// - Parameter behavior: Cache, do not cache, or modify.
    /// - Returns: This request.
    @discardableResult
    public func cacheResponse(with behavior: ResponseCacher.Behavior) -> Self {
        cacheResponse(using: ResponseCacher(behavior: behavior))
    }

    /// Calls `handler` on `queue` with a `curl` command line for the request, once it is made.
    ///
    /// - Parameters:
    ///   - queue: Where `handler` runs.
    ///   - handler: Called with the command line.
    /// - Returns: This request.
    @discardableResult
    public func cURLDescription(on queue: DispatchQueue, calling handler: @escaping @Sendable (String) -> Void) -> Self
    {
        let made = mutableState.withLock { state -> URLRequest? in
            if let last = state.requests.last { return last }
            state.cURLHandlers.append((queue, handler))
            return nil
        }
        if let made {
            let text = Self.cURLDescription(of: made)
            queue.async { handler(text) }
        }
        return self
    }

    /// Calls `handler` on the session's root queue with a `curl` command line for the request.
    ///
    /// - Parameter handler: Called with the command line.
    /// - Returns: This request.
    @discardableResult
    public func cURLDescription(calling handler: @escaping @Sendable (String) -> Void) -> Self {
        cURLDescription(on: underlyingQueue, calling: handler)
    }

    /// Calls `handler` on `queue` with each `URLRequest` made for this request.
    ///
    /// - Parameters:
    ///   - queue: Where `handler` runs.
    ///   - handler: Called with each request.
    /// - Returns: This request.
    @discardableResult
    public func onURLRequestCreation(
        on queue: DispatchQueue = .main, perform handler: @escaping @Sendable (URLRequest) -> Void
    ) -> Self {
        let made = mutableState.withLock { state -> URLRequest? in
            state.requestCreationHandlers.append((queue, handler))
            return state.requests.last
        }
        if let made { queue.async { handler(made) } }
        return self
    }

    /// A `curl` command line for the last request, or `"$ curl command could not be created"`.
    ///
    /// Secret header values are masked (see ``Redaction``).
    ///
    /// - Returns: The command line.
    public func cURLDescription() -> String {
        guard let request = lastRequest else { return "$ curl command could not be created" }
        return Self.cURLDescription(of: request)
    }

    // MARK: - Hooks for subclasses

    /// Called after the request moved to ``State/resumed``.
    func didResume() {}
    /// Called after the request moved to ``State/suspended``.
    func didSuspend() {}
    /// Called after the request moved to ``State/cancelled``.
    func didCancel() {}
    /// Called after ``prepareForRetry()``.
    func didPrepareForRetry() {}

    /// Records an attempt's failure.
    func recordFailure(_ error: AFError) {
        mutableState.withLock { $0.error = error }
    }

    /// The request with `Authorization: Basic` from ``Request/credential``, unless it has one.
    func authenticated(_ request: URLRequest) -> URLRequest {
        guard let credential, let user = credential.user, let password = credential.password,
            request.value(forHTTPHeaderField: "Authorization") == nil
        else { return request }
        var request = request
        let header = HTTPHeader.authorization(username: user, password: password)
        request.setValue(header.value, forHTTPHeaderField: header.name)
        return request
    }

    /// The error a request fails with when its `URLRequest` cannot be made.
    static func creationError(_ error: any Error) -> AFError {
        switch error {
        case let error as AFError: error
        case let error as HTTPError: AFError(error)
        default: .createURLRequestFailed(error: error)
        }
    }

    /// An attempt's answer as Foundation's response.
    static func urlResponse(of answer: HTTPResponse) -> LazyURLResponse {
        LazyURLResponse(answer)
    }

    /// Moves `progress` to `transferred` and tells its handler, if one was given.
    func report(
        _ transferred: TransferProgress, to progress: Progress,
        handler: (handler: ProgressHandler, queue: DispatchQueue)?
    ) {
        progressLock.run {
            let total = transferred.totalBytes ?? -1
            if progress.totalUnitCount != total { progress.totalUnitCount = total }
            progress.completedUnitCount = transferred.completedBytes
        }
        guard let (handler, queue) = handler else { return }
        queue.async { handler(progress) }
    }

    /// Records a `URLRequest` made for this request and tells the handlers waiting for one.
    func didCreate(_ urlRequest: URLRequest) {
        let (curl, creation) = mutableState.withLock { state in
            state.requests.append(urlRequest)
            defer { state.cURLHandlers = [] }
            return (state.cURLHandlers, state.requestCreationHandlers)
        }
        if !curl.isEmpty {
            let text = Self.cURLDescription(of: urlRequest)
            for (queue, handler) in curl { queue.async { handler(text) } }
        }
        for (queue, handler) in creation { queue.async { handler(urlRequest) } }
        emit { [self] in $0.request(self, didCreateURLRequest: urlRequest) }
    }

    /// Tells the request's monitor `event` on the monitor's queue (each of a composite's monitors
    /// on its own); nothing when there is no monitor.
    ///
    /// - Parameter event: The call to make.
    func emit(_ event: @escaping @Sendable (any EventMonitor) -> Void) {
        guard let monitor = eventMonitor else { return }
        if let composite = monitor as? CompositeEventMonitor {
            composite.performEvent(event)
        } else {
            monitor.queue.async { event(monitor) }
        }
    }

    private static func cURLDescription(of request: URLRequest) -> String {
        var parts = ["$ curl -v"]
        let method = request.httpMethod ?? "GET"
        if method != "GET" { parts.append("-X \(method)") }
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            let shown = Redaction.default.redactsHeader(named: name) ? Redaction.mask : value
            parts.append("-H \"\(name): \(shown.replacingOccurrences(of: "\"", with: "\\\""))\"")
        }
        if let body = request.httpBody, let text = String(data: body, encoding: .utf8) {
            parts.append("-d \"\(text.replacingOccurrences(of: "\"", with: "\\\""))\"")
        }
        parts.append("\"\(request.url.map { Redaction.default.redact($0) } ?? "")\"")
        return parts.joined(separator: " \\\n\t")
    }
}

extension Request: Equatable {
    /// Requests are equal when they have the same ``Request/id``.
    public static func == (lhs: Request, rhs: Request) -> Bool { lhs.id == rhs.id }
}

extension Request: Hashable {
    /// Hashes the ``Request/id``.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension Request: CustomStringConvertible {
    /// The method and URL of the last request, and the status code once a response came.
    public var description: String {
        guard let request = lastRequest, let method = request.httpMethod, let url = request.url else {
            return "No request created yet."
        }
        let line = "\(method) \(Redaction.default.redact(url))"
        return response.map { "\(line) (\($0.statusCode))" } ?? line
    }
}
