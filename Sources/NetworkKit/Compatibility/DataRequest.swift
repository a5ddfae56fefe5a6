public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request made by a ``Session``, in Alamofire's `DataRequest` shape: add validation, then response
/// handlers; the request is sent once, when the first handler is added, and every handler gets the
/// same answer.
///
/// Handlers are plain closures (not `@Sendable`), called once on `queue` (the main queue by default,
/// as in Alamofire, so a program needs a running main run loop or dispatch main queue; pass another
/// queue otherwise).
///
/// ```swift
/// Session.default.request(route).validate(statusCode: 200..<400).responseJSON { response in
///     guard let statusCode = response.response?.statusCode, let data = response.data else { return }
///     print(statusCode, data.count)
/// }
/// ```
public final class DataRequest: Sendable {
    /// A check added by `validate`.
    enum Validation: Sendable {
        case statusCodes(Set<Int>)
        case acceptable
    }

    private struct State: Sendable {
        var validations: [Validation] = []
        var sending: Task<Result<HTTPResponse, HTTPError>, Never>?
        var cachedResponseHandler: (any CachedResponseHandler)?
    }

    private let client: HTTPClient
    private let request: Result<URLRequest, HTTPError>
    private let state = Locked(State())

    init(client: HTTPClient, request: Result<URLRequest, HTTPError>) {
        self.client = client
        self.request = request
    }

    /// Fails the response when its status code is not one of `acceptableStatusCodes` (Alamofire API).
    ///
    /// The response and data are still delivered beside the ``HTTPError/unacceptableStatus(_:)`` error.
    ///
    /// - Parameter acceptableStatusCodes: The codes that count as success, such as `200..<400`.
    /// - Returns: This request, for chaining.
    @discardableResult
    public func validate<S: Sequence>(statusCode acceptableStatusCodes: S) -> Self where S.Element == Int {
        let codes = Set(acceptableStatusCodes)
        state.withLock { $0.validations.append(.statusCodes(codes)) }
        return self
    }

    /// Fails the response unless its status is 2xx and, when the request sets `Accept`, its content
    /// type is one of the accepted ones (Alamofire API).
    ///
    /// - Returns: This request, for chaining.
    @discardableResult
    public func validate() -> Self {
        state.withLock { $0.validations.append(.acceptable) }
        return self
    }

    /// Calls `completionHandler` with the response body (Alamofire API).
    ///
    /// - Parameters:
    ///   - queue:             Where the handler runs; the main queue by default.
    ///   - completionHandler: Called once with the request, response, data and result.
    /// - Returns: This request, for chaining.
    @discardableResult
    public func responseData(
        queue: DispatchQueue = .main, completionHandler: @escaping (DataResponse<Data, HTTPError>) -> Void
    ) -> Self {
        deliver(on: queue, completionHandler) { response, _ in .success(response.body) }
    }

    /// Calls `completionHandler` with the body parsed by `JSONSerialization` (Alamofire's deprecated but
    /// widely used `responseJSON`). An empty body is `NSNull` for 204 and 205, an error otherwise.
    ///
    /// - Parameters:
    ///   - queue:             Where the handler runs; the main queue by default.
    ///   - options:           `JSONSerialization` options; fragments allowed by default.
    ///   - completionHandler: Called once with the request, response, data and result.
    /// - Returns: This request, for chaining.
    @discardableResult
    public func responseJSON(
        queue: DispatchQueue = .main, options: JSONSerialization.ReadingOptions = .fragmentsAllowed,
        completionHandler: @escaping (DataResponse<Any, HTTPError>) -> Void
    ) -> Self {
        deliver(on: queue, completionHandler) { response, _ in
            DataResponse<Any, HTTPError>.json(response, options: options)
        }
    }

    /// Decides what the client's ``HTTPCache`` stores of this request's response, before the
    /// client's own handler (Alamofire API). Set it before the first response handler, which sends
    /// the request.
    ///
    /// ```swift
    /// session.request(route).cacheResponse(using: ResponseCacher.doNotCache).responseData { _ in }
    /// ```
    ///
    /// - Parameter handler: The handler.
    /// - Returns: This request, for chaining.
    @discardableResult
    public func cacheResponse(using handler: any CachedResponseHandler) -> Self {
        state.withLock { $0.cachedResponseHandler = handler }
        return self
    }

    /// Decides what the client's cache stores of this request's response with a ``ResponseCacher``
    /// of `behavior` (Alamofire API); see ``cacheResponse(using:)``.
    ///
    /// - Parameter behavior: Cache, do not cache, or modify.
    /// - Returns: This request, for chaining.
    @discardableResult
    public func cacheResponse(with behavior: ResponseCacher.Behavior) -> Self {
        cacheResponse(using: ResponseCacher(behavior: behavior))
    }

    /// Sends the request once, then hands the validated answer, serialised on `queue`, to `handler`.
    private func deliver<Value>(
        on queue: DispatchQueue, _ handler: @escaping (DataResponse<Value, HTTPError>) -> Void,
        serialize: @escaping @Sendable (HTTPResponse, URLRequest) -> Result<Value, HTTPError>
    ) -> Self {
        // The handler is not Sendable (SurfUtils-era code mutates captured state in it); the lock box
        // hands it to `queue` exactly once and nothing else ever calls it.
        let box = Locked(Optional(handler))
        let sending = startSending()
        let request = request
        Task {
            let outcome = await sending.value
            let validations = self.state.withLock { $0.validations }
            queue.async {
                let response = DataResponse<Value, HTTPError>(
                    request: request, outcome: outcome, validations: validations, serialize: serialize)
                let handler = box.withLock { stored in
                    defer { stored = nil }
                    return stored
                }
                handler?(response)
            }
        }
        return self
    }

    private func startSending() -> Task<Result<HTTPResponse, HTTPError>, Never> {
        state.withLock { state in
            if let sending = state.sending { return sending }
            let client = client
            let request = request
            let handler = state.cachedResponseHandler
            let sending = Task { () -> Result<HTTPResponse, HTTPError> in
                switch request {
                case .failure(let error): return .failure(error)
                case .success(let urlRequest):
                    return await CachedAttempt.$requestHandler.withValue(handler) {
                        do throws(HTTPError) {
                            return .success(try await client.send(urlRequest, acceptableStatusCodes: 0..<Int.max))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
            }
            state.sending = sending
            return sending
        }
    }
}
