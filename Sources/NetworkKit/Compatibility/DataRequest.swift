public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Alamofire's `DataRequest`: a request whose response body is kept in memory, validated, then
/// handed to response handlers.
///
/// A ``Session`` makes it. It starts when its first response handler is added (unless the session was
/// made with `startRequestsImmediately: false`; then call ``Request/resume()``), is sent once through
/// the session's ``HTTPClient``, and every handler gets the same answer on its queue (the main queue by
/// default, as in Alamofire).
///
/// ```swift
/// AF.request("https://httpbin.org/get").validate().responseData { response in
///     switch response.result {
///     case .success(let data): print(data.count)
///     case .failure(let error): print(error.responseCode ?? 0)
///     }
/// }
/// ```
open class DataRequest: Request, @unchecked Sendable {
    /// A check of a request's response and body, as ``validate(_:)`` takes.
    public typealias Validation = @Sendable (URLRequest?, HTTPURLResponse, Data?) -> ValidationResult

    private struct Exchange {
        var validators: [ValidationStep] = []
        var task: Task<Void, Never>?
        var data: Data?
        /// Whether the answer came (it is held while the request is suspended).
        var arrived = false
        var delivered = false
        /// Work waiting for the outcome; its argument says whether it runs on the request's own
        /// task (so serialization may run in place) rather than inside an app's call.
        var waiting: [@Sendable (_ inPlace: Bool) -> Void] = []
    }

    /// What the request is made from.
    public let convertible: any URLRequestConvertible
    private let exchange = RequestLock.make(Exchange())

    /// Creates a request; a ``Session`` makes requests, and subclasses call this.
    ///
    /// - Parameters:
    ///   - id: Its identifier.
    ///   - convertible: What the `URLRequest` is made from.
    ///   - underlyingQueue: The session's root queue.
    ///   - serializationQueue: The queue for response serializers.
    ///   - eventMonitor: The monitor told about its events.
    ///   - interceptor: Its own interceptor.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil for the session's choice.
    ///   - delegate: The session.
    public init(
        id: UUID = UUID(), convertible: any URLRequestConvertible, underlyingQueue: DispatchQueue,
        serializationQueue: DispatchQueue, eventMonitor: (any EventMonitor)?, interceptor: (any RequestInterceptor)?,
        shouldAutomaticallyResume: Bool? = nil, delegate: any RequestDelegate
    ) {
        self.convertible = convertible
        super.init(
            id: id, underlyingQueue: underlyingQueue, serializationQueue: serializationQueue,
            eventMonitor: eventMonitor,
            interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume, delegate: delegate)
    }

    /// The response body, once it came.
    open var data: Data? { exchange.withLock { $0.data } }

    // MARK: - Validation

    /// Fails the request with the error `validation` returns for its response.
    ///
    /// An error that is not an ``AFError`` becomes ``AFError/responseValidationFailed(reason:)`` with
    /// `.customValidationFailed`. Validations run in the order added, once the response has come;
    /// the first failure is the request's error.
    ///
    /// - Parameter validation: The check.
    /// - Returns: This request.
    @discardableResult
    public func validate(_ validation: @escaping Validation) -> Self {
        add(.custom(validation))
    }

    /// Adds `step`, and runs it now when the response has been delivered already.
    private func add(_ step: ValidationStep) -> Self {
        let ready = exchange.withLock { exchange -> (LazyURLResponse, Data?)? in
            exchange.validators.append(step)
            guard exchange.delivered, let response = responseSource, response.exists else { return nil }
            return (response, exchange.data)
        }
        if let (response, data) = ready, error == nil { apply(step, to: response, data: data) }
        return self
    }

    /// Fails the request unless its status code is one of `acceptableStatusCodes`.
    ///
    /// - Parameter acceptableStatusCodes: The codes that count as success, such as `200..<400`.
    /// - Returns: This request.
    @discardableResult
    public func validate<S: Sequence & Sendable>(statusCode acceptableStatusCodes: S) -> Self where S.Element == Int {
        add(.statusCodes(StatusCodes(acceptableStatusCodes)))
    }

    /// Fails the request unless the response's `Content-Type` matches one of `acceptableContentTypes`
    /// (`*` wildcards allowed). An empty body passes, as in Alamofire.
    ///
    /// - Parameter acceptableContentTypes: The MIME types that count as success, computed when the
    ///   response has come.
    /// - Returns: This request.
    @discardableResult
    public func validate<S: Sequence & Sendable>(
        contentType acceptableContentTypes: @escaping @autoclosure @Sendable () -> S
    )
        -> Self where S.Element == String
    {
        add(.contentTypes { Array(acceptableContentTypes()) })
    }

    /// Fails the request unless its status is 2xx and its `Content-Type` is one the request's
    /// `Accept` field lists (any type when it has none).
    ///
    /// - Returns: This request.
    @discardableResult
    public func validate() -> Self {
        add(.standard)
    }

    // MARK: - Responses

    /// Calls `completionHandler` on `queue` with the request, response, body and error, unserialized.
    ///
    /// - Parameters:
    ///   - queue: Where the handler runs.
    ///   - completionHandler: Called once.
    /// - Returns: This request.
    @discardableResult
    public func response(
        queue: DispatchQueue = .main, completionHandler: @escaping (AFDataResponse<Data?>) -> Void
    ) -> Self {
        let handler = OnceHandler(completionHandler)
        return whenFinished { [self] _ in
            let response = AFDataResponse<Data?>(
                request: request, responseSource: responseSource, data: data, metrics: metrics,
                serializationDuration: 0, result: error.map { .failure($0) } ?? .success(data))
            emit { [self] in $0.request(self, didParseResponse: response) }
            queue.async { handler.call(response) }
        }
    }

    /// Calls `completionHandler` on `queue` with what `responseSerializer` makes of the response.
    ///
    /// - Parameters:
    ///   - queue: Where the handler runs.
    ///   - responseSerializer: Makes the value; runs on the session's serialization queue.
    ///   - completionHandler: Called once.
    /// - Returns: This request.
    @discardableResult
    public func response<Serializer: DataResponseSerializerProtocol>(
        queue: DispatchQueue = .main, responseSerializer: Serializer,
        completionHandler: @escaping (AFDataResponse<Serializer.SerializedObject>) -> Void
    ) -> Self {
        response(
            queue: queue, dataSerializer: responseSerializer,
            readsResponseForBody: ResponseReading.readsResponseForBody(responseSerializer),
            completionHandler: completionHandler)
    }

    /// Calls `completionHandler` on `queue` with what `responseSerializer` makes of the response
    /// (the overload that lets `.data`, `.string` and `.decodable(of:)` be written with a dot).
    ///
    /// - Parameters:
    ///   - queue: Where the handler runs.
    ///   - responseSerializer: Makes the value; runs on the session's serialization queue.
    ///   - completionHandler: Called once.
    /// - Returns: This request.
    @discardableResult
    public func response<Serializer: ResponseSerializer>(
        queue: DispatchQueue = .main, responseSerializer: Serializer,
        completionHandler: @escaping (AFDataResponse<Serializer.SerializedObject>) -> Void
    ) -> Self {
        response(
            queue: queue, dataSerializer: responseSerializer,
            readsResponseForBody: ResponseReading.readsResponseForBody(responseSerializer),
            completionHandler: completionHandler)
    }

    /// The one body of both `response(queue:responseSerializer:completionHandler:)` overloads and
    /// the built-in handlers, which pass `readsResponseForBody` for their own serializer (see
    /// ``ResponseReading``).
    private func response<Serializer: DataResponseSerializerProtocol>(
        queue: DispatchQueue, dataSerializer: Serializer,
        readsResponseForBody: @autoclosure @escaping @Sendable () -> Bool,
        completionHandler: @escaping (AFDataResponse<Serializer.SerializedObject>) -> Void
    ) -> Self {
        let handler = OnceHandler(completionHandler)
        return serialized(queue: queue) { request, source, data, error in
            let response = source.flatMap {
                ResponseReading.response(
                    $0, readsResponseForBody: readsResponseForBody(), data: data, error: error)
            }
            return try dataSerializer.serialize(request: request, response: response, data: data, error: error)
        } deliver: { [self] response in
            emit { [self] in $0.request(self, didParseResponse: response) }
            handler.call(response)
        }
    }

    /// Calls `completionHandler` on `queue` with the body (a ``DataResponseSerializer``'s).
    ///
    /// - Parameters:
    ///   - queue: Where the handler runs; the main queue by default.
    ///   - dataPreprocessor: Prepares the body first.
    ///   - emptyResponseCodes: Statuses whose empty body is a success.
    ///   - emptyRequestMethods: Methods whose empty body is a success.
    ///   - completionHandler: Called once.
    /// - Returns: This request.
    @discardableResult
    public func responseData(
        queue: DispatchQueue = .main,
        dataPreprocessor: any DataPreprocessor = DataResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods,
        completionHandler: @escaping (AFDataResponse<Data>) -> Void
    ) -> Self {
        response(
            queue: queue,
            dataSerializer: DataResponseSerializer(
                dataPreprocessor: dataPreprocessor, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            readsResponseForBody: false, completionHandler: completionHandler)
    }

    /// Calls `completionHandler` on `queue` with the body as text (a ``StringResponseSerializer``'s):
    /// in `encoding`, else the response's charset, else ISO Latin 1.
    ///
    /// - Parameters:
    ///   - queue: Where the handler runs; the main queue by default.
    ///   - dataPreprocessor: Prepares the body first.
    ///   - encoding: The text encoding; nil to take the response's.
    ///   - emptyResponseCodes: Statuses whose empty body is a success.
    ///   - emptyRequestMethods: Methods whose empty body is a success.
    ///   - completionHandler: Called once.
    /// - Returns: This request.
    @discardableResult
    public func responseString(
        queue: DispatchQueue = .main,
        dataPreprocessor: any DataPreprocessor = StringResponseSerializer.defaultDataPreprocessor,
        encoding: String.Encoding? = nil,
        emptyResponseCodes: Set<Int> = StringResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = StringResponseSerializer.defaultEmptyRequestMethods,
        completionHandler: @escaping (AFDataResponse<String>) -> Void
    ) -> Self {
        response(
            queue: queue,
            dataSerializer: StringResponseSerializer(
                dataPreprocessor: dataPreprocessor, encoding: encoding, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            readsResponseForBody: encoding == nil, completionHandler: completionHandler)
    }

    /// Calls `completionHandler` on `queue` with the body decoded as `type` (a
    /// ``DecodableResponseSerializer``'s).
    ///
    /// ```swift
    /// AF.request(url).responseDecodable(of: User.self) { response in print(response.value?.name ?? "") }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - queue: Where the handler runs; the main queue by default.
    ///   - dataPreprocessor: Prepares the body first.
    ///   - decoder: The decoder; a `JSONDecoder` by default.
    ///   - emptyResponseCodes: Statuses whose empty body is a success (for an ``EmptyResponse`` type).
    ///   - emptyRequestMethods: Methods whose empty body is a success.
    ///   - completionHandler: Called once.
    /// - Returns: This request.
    @discardableResult
    public func responseDecodable<Value: Decodable & Sendable>(
        of type: Value.Type = Value.self, queue: DispatchQueue = .main,
        dataPreprocessor: any DataPreprocessor = DecodableResponseSerializer<Value>.defaultDataPreprocessor,
        decoder: any DataDecoder = JSONDecoder(),
        emptyResponseCodes: Set<Int> = DecodableResponseSerializer<Value>.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DecodableResponseSerializer<Value>.defaultEmptyRequestMethods,
        completionHandler: @escaping (AFDataResponse<Value>) -> Void
    ) -> Self {
        response(
            queue: queue,
            dataSerializer: DecodableResponseSerializer<Value>(
                dataPreprocessor: dataPreprocessor, decoder: decoder, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            readsResponseForBody: false, completionHandler: completionHandler)
    }

    /// Calls `completionHandler` on `queue` with the body parsed by `JSONSerialization` (Alamofire's
    /// deprecated but widely used `responseJSON`). An allowed empty body (204, 205, `HEAD` by
    /// default) is `NSNull`; another empty body is an error.
    ///
    /// - Parameters:
    ///   - queue: Where the handler runs; the main queue by default.
    ///   - dataPreprocessor: Prepares the body first.
    ///   - emptyResponseCodes: Statuses whose empty body is `NSNull`.
    ///   - emptyRequestMethods: Methods whose empty body is `NSNull`.
    ///   - options: `JSONSerialization` options; fragments allowed by default.
    ///   - completionHandler: Called once with the request, response, data and result.
    /// - Returns: This request.
    @discardableResult
    public func responseJSON(
        queue: DispatchQueue = .main,
        dataPreprocessor: any DataPreprocessor = DataResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods,
        options: JSONSerialization.ReadingOptions = .allowFragments,
        completionHandler: @escaping (AFDataResponse<Any>) -> Void
    ) -> Self {
        let handler = OnceHandler(completionHandler)
        let bytes = DataResponseSerializer(
            dataPreprocessor: dataPreprocessor, emptyResponseCodes: emptyResponseCodes,
            emptyRequestMethods: emptyRequestMethods)
        return serialized(queue: queue) { request, source, data, error -> Any in
            let response = source.flatMap {
                ResponseReading.response($0, readsResponseForBody: false, data: data, error: error)
            }
            let body = try bytes.serialize(request: request, response: response, data: data, error: error)
            if body.isEmpty { return NSNull() }
            do {
                return try JSONSerialization.jsonObject(with: body, options: options)
            } catch {
                throw AFError.responseSerializationFailed(reason: .jsonSerializationFailed(error: error))
            }
        } deliver: {
            handler.call($0)
        }
    }

    /// Runs `serialize` on the serialization queue once the request has finished, then `deliver` on
    /// `queue` (or where the serializer ran, when `queue` is nil: an awaiting task's future) with
    /// the response it makes; a thrown error that is not an ``AFError`` becomes
    /// `.responseSerializationFailed(.customSerializationFailed)`.
    func serialized<Value>(
        queue: DispatchQueue?,
        serialize: @escaping @Sendable (URLRequest?, LazyURLResponse?, Data?, AFError?) throws -> Value,
        deliver: @escaping @Sendable (AFDataResponse<Value>) -> Void
    ) -> Self {
        whenFinished { [self] inPlace in
            let (request, response, data, error) = (request, responseSource, data, error)
            let work: @Sendable () -> Void = {
                let (result, duration) = SerializationRun.timed { try serialize(request, response, data, error) }
                let made = Handoff(
                    AFDataResponse<Value>(
                        request: request, responseSource: response, data: data, metrics: nil,
                        serializationDuration: duration, result: result))
                if let queue {
                    queue.async { deliver(made.value) }
                } else {
                    deliver(made.value)
                }
            }
            // The session's own serial queue only keeps serialization off the caller's thread: the
            // thread that finished the request is such a thread already, and it runs this request's
            // handlers in the order they were added, so the hop is skipped. A queue the app gave
            // is always used.
            if inPlace && serializesInPlace {
                work()
            } else {
                serializationQueue.async(execute: work)
            }
        }
    }

    /// Whether serialization may run on the thread that finished the request: the session made
    /// its serialization queue itself.
    var serializesInPlace: Bool {
        (delegate as? Session)?.ownsSerializationQueue ?? false
    }

    // MARK: - Running

    /// Runs `body` once the request has finished (now, if it has); starts the request first when
    /// the session starts requests immediately.
    func whenFinished(_ body: @escaping @Sendable (_ inPlace: Bool) -> Void) -> Self {
        let now = exchange.withLock { exchange -> Bool in
            if exchange.delivered { return true }
            exchange.waiting.append(body)
            return false
        }
        if now {
            body(false)
        } else if shouldAutomaticallyResume ?? delegate?.startImmediately ?? true {
            resume()
        }
        return self
    }

    /// Runs `body` once the request has finished (now, if it has), without starting it.
    func onFinished(_ body: @escaping @Sendable () -> Void) {
        let now = exchange.withLock { exchange -> Bool in
            if exchange.delivered { return true }
            exchange.waiting.append { _ in body() }
            return false
        }
        if now { body() }
    }

    override func didResume() {
        let start = exchange.withLock { exchange -> Bool in
            exchange.task == nil && !exchange.arrived
        }
        if start { begin() } else { deliverIfArrived(inPlace: false) }
    }

    override func didCancel() {
        let task = exchange.withLock { $0.task }
        task?.cancel()
        if task == nil { finish(.failed(.explicitlyCancelled), inPlace: false) }
    }

    private func begin() {
        let task = RequestLaunch.start { [self] in
            let urlRequest: URLRequest
            do {
                urlRequest = try convertible.asURLRequest()
            } catch {
                let failure = Self.creationError(error)
                emit { [self] in $0.request(self, didFailToCreateURLRequestWithError: failure) }
                return finish(.failed(failure), inPlace: true)
            }
            emit { [self] in $0.request(self, didCreateInitialURLRequest: urlRequest) }
            let sent = authenticated(urlRequest)
            didCreate(sent)
            guard let session = delegate as? Session else {
                return finish(.failed(.sessionDeinitialized), inPlace: true)
            }
            let outcome = await session.send(sent, for: self)
            didFinishAttempts()
            finish(outcome, inPlace: true)
        }
        let kept = exchange.withLock { exchange -> Bool in
            guard exchange.task == nil else { return false }
            exchange.task = task
            return true
        }
        if !kept { task.cancel() }
    }

    /// Sends one adapted attempt through `client` and returns its answer, any status accepted; a
    /// subclass that sends a body overrides it. With a download progress handler, each attempt's
    /// body moves ``Request/downloadProgress`` as it arrives (a cached answer at once).
    func transfer(_ attempt: URLRequest, through client: HTTPClient) async -> Result<HTTPResponse, AFError> {
        let progress =
            downloadProgressHandler == nil
            ? nil : ProgressReporter { [self] in report($0, to: downloadProgress, handler: downloadProgressHandler) }
        do throws(HTTPError) {
            let response = try await client.send(attempt, acceptableStatusCodes: 0..<Int.max, progress: progress)
            progress?.finish(completed: Int64(response.body.count))
            return .success(response)
        } catch {
            return .failure(AFError(error))
        }
    }

    /// Called once the last attempt is over, before the outcome is delivered; a subclass removes
    /// what its attempts made there.
    func didFinishAttempts() {}

    /// Records an attempt's response and runs the validations; returns the first failure.
    func received(_ answer: HTTPResponse) -> AFError? {
        let response = Self.urlResponse(of: answer)
        let validators = exchange.withLock { exchange in
            exchange.data = answer.body
            return exchange.validators
        }
        mutableState.withLock { $0.response = response }
        guard response.exists else { return nil }
        let sent = request
        for step in validators {
            let failure = step.failure(request: sent, response: response, data: answer.body)
            if eventMonitor != nil, let made = response.value {
                let result = Handoff(failure.map { Request.ValidationResult.failure($0) } ?? .success(()))
                emit { [self] in
                    $0.request(
                        self, didValidateRequest: sent, response: made, data: answer.body, withResult: result.value)
                }
            }
            if let failure {
                mutableState.withLock { $0.error = failure }
                return failure
            }
        }
        return nil
    }

    override func didPrepareForRetry() {
        exchange.withLock { $0.data = nil }
    }

    /// Keeps the outcome and delivers it unless the request is suspended; `inPlace` is true when
    /// the request's task finishes it, false when an app's `cancel()` does.
    private func finish(_ outcome: RequestOutcome, inPlace: Bool) {
        exchange.withLock { $0.arrived = true }
        if case .failed(let error) = outcome {
            mutableState.withLock { state in
                state.error = state.state == .cancelled ? .explicitlyCancelled : error
            }
        }
        deliverIfArrived(inPlace: inPlace)
    }

    private func deliverIfArrived(inPlace: Bool) {
        let waiting = exchange.withLock { exchange -> [@Sendable (Bool) -> Void]? in
            guard exchange.arrived, !exchange.delivered, state != .suspended else { return nil }
            exchange.delivered = true
            defer { exchange.waiting = [] }
            return exchange.waiting
        }
        guard let waiting else { return }
        mutableState.withLock { state in
            if state.state != .cancelled { state.state = .finished }
        }
        emit { [self] in $0.requestDidFinish(self) }
        for body in waiting { body(inPlace) }
    }

    private func apply(_ step: ValidationStep, to response: LazyURLResponse, data: Data?) {
        guard let failure = step.failure(request: request, response: response, data: data) else { return }
        mutableState.withLock { state in
            if state.error == nil { state.error = failure }
        }
    }

    /// The media ranges `request`'s `Accept` lists, or `*/*` when it has none: what `validate()`
    /// accepts.
    static func acceptedTypes(of request: URLRequest?) -> [String] {
        request?.value(forHTTPHeaderField: "Accept")?.split(separator: ",").map { FieldValue.trimmed($0) } ?? ["*/*"]
    }

    static func check(status: Int, against codes: StatusCodes) -> ValidationResult {
        codes.contains(status)
            ? .success(()) : .failure(AFError.responseValidationFailed(reason: .unacceptableStatusCode(code: status)))
    }

    /// Whether `contentType` is one of `acceptable`; an empty body passes whatever its type.
    ///
    /// A wildcard range (`*/*`, what `validate()` accepts when the request has no `Accept` field)
    /// passes any type and a missing one, so `contentType` is read only when none is given.
    static func check(contentType: @autoclosure () -> String?, isEmpty: Bool, against acceptable: [String])
        -> ValidationResult
    {
        guard !isEmpty else { return .success(()) }
        if acceptable.contains(where: MediaRange.isWildcard) { return .success(()) }
        guard let contentType = contentType() else {
            if acceptable.contains(where: { $0.hasPrefix("*/*") }) { return .success(()) }
            return .failure(
                AFError.responseValidationFailed(reason: .missingContentType(acceptableContentTypes: acceptable)))
        }
        let received = MediaRange(contentType)
        if acceptable.contains(where: { MediaRange($0).matches(received) }) { return .success(()) }
        return .failure(
            AFError.responseValidationFailed(
                reason: .unacceptableContentType(acceptableContentTypes: acceptable, responseContentType: contentType)))
    }
}

/// A response handler that may not be `Sendable` (SurfUtils-era code mutates captured state in
/// it), called at most once.
///
/// `@unchecked Sendable` because the lock box hands the handler out exactly once, on the queue the
/// caller chose, and nothing else ever calls it.
struct OnceHandler<Value>: @unchecked Sendable {
    private let box: RequestLock<((Value) -> Void)?>

    init(_ handler: @escaping (Value) -> Void) {
        box = RequestLock.make(handler)
    }

    func call(_ value: Value) {
        let handler = box.withLock { stored in
            defer { stored = nil }
            return stored
        }
        handler?(value)
    }
}

/// A serialized response on its way from the serialization queue to the handler's queue.
///
/// `@unchecked Sendable` because the value (such as `responseJSON`'s `Any`) is made on the
/// serialization queue, handed over once, and never touched there again: only the handler's queue
/// reads it.
struct Handoff<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A MIME type or range (`type/subtype`, either part `*`), parameters dropped, compared ignoring case.
private struct MediaRange {
    let type: Substring
    let subtype: Substring

    init(_ text: String) {
        let essence = text.split(separator: ";", maxSplits: 1).first.map { FieldValue.trimmed($0) } ?? ""
        let parts = essence.split(separator: "/", maxSplits: 1)
        type = parts.first ?? ""
        subtype = parts.count > 1 ? parts[1] : ""
    }

    /// Whether `text` is a range that matches every type, present or not, under both of the
    /// checks above: it starts with `*/*` and both its parts are `*`.
    static func isWildcard(_ text: String) -> Bool {
        if text == "*/*" { return true }
        guard text.hasPrefix("*/*") else { return false }
        let range = MediaRange(text)
        return range.type == "*" && range.subtype == "*"
    }

    func matches(_ other: MediaRange) -> Bool {
        let typeMatches = type == "*" || type.lowercased() == other.type.lowercased()
        let subtypeMatches = subtype == "*" || subtype.lowercased() == other.subtype.lowercased()
        return typeMatches && subtypeMatches
    }
}
