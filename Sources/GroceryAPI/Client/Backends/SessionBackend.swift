import Foundation
import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends the sample's routes as an Alamofire app does, through the façade's `Session`:
/// `session.request(router, interceptor:)`, `.validate()`, then `.responseDecodable(of:queue:)` or
/// `.response(queue:)`, bridged to `async` with a continuation (cancelling the task cancels the
/// request).
struct SessionBackend: AuthBackend {
    let session: Session
    /// The interceptor of each request, run after the session's own (``TokenRefreshInterceptor``
    /// for the authorized calls of an ``AuthService``).
    let interceptor: (any RequestInterceptor)?

    /// Where response handlers run: they only resume a continuation, so any queue but the main one
    /// (which a command-line program may never run) will do.
    private static let handlerQueue = DispatchQueue(label: "GroceryAPI.SessionBackend.handlers")

    var client: HTTPClient { session.client }

    func send(_ route: some HTTPRouter) async throws(GroceryAPIError) -> (statusCode: Int, data: Data) {
        let request = session.request(route, interceptor: interceptor).validate()
        let response = await Self.handled(request) { request, handler in
            request.response(queue: Self.handlerQueue, completionHandler: handler)
        }
        switch response.result {
        case .success(let data):
            return (response.response?.statusCode ?? 0, data ?? Data())
        case .failure(let error):
            throw GroceryAPIError(error, request: response.request, response: response.response, data: response.data)
        }
    }

    func fetch<Value: Decodable & Sendable>(_ route: some HTTPRouter, as type: Value.Type)
        async throws(GroceryAPIError) -> Value
    {
        let request = session.request(route, interceptor: interceptor).validate()
        let response = await Self.handled(request) { request, handler in
            request.responseDecodable(of: Value.self, queue: Self.handlerQueue, completionHandler: handler)
        }
        switch response.result {
        case .success(let value):
            return value
        case .failure(let error):
            throw GroceryAPIError(
                error, request: response.request, response: response.response, data: response.data,
                decoding: Value.self)
        }
    }

    /// The response `addHandler` delivers for `request`; cancelling the calling task cancels the request.
    private static func handled<Success: Sendable>(
        _ request: DataRequest,
        _ addHandler: (DataRequest, @escaping (AFDataResponse<Success>) -> Void) -> Void
    ) async -> AFDataResponse<Success> {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                addHandler(request) { continuation.resume(returning: $0) }
            }
        } onCancel: {
            request.cancel()
        }
    }
}
