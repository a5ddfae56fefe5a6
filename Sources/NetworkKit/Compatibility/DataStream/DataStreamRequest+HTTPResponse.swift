public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

extension Request {
    /// Whether a request goes on after its response head was seen.
    public enum ResponseDisposition: Sendable, Hashable {
        /// Go on and receive the body.
        case allow
        /// Cancel the request.
        case cancel
    }
}

// MARK: - Seeing the response head

extension DataStreamRequest {
    /// Calls `handler` on `queue` with each attempt's response head, before validation and before
    /// any piece of the body; the attempt waits for `handler`'s answer, and `.cancel` cancels the
    /// request. A handler that drops its completion without calling it lets the request go on.
    ///
    /// - Parameters:
    ///   - queue: Where `handler` runs; the main queue by default.
    ///   - handler: Called with the response and a completion that takes the disposition.
    /// - Returns: This request.
    @_disfavoredOverload
    @discardableResult
    public func onHTTPResponse(
        on queue: DispatchQueue = .main,
        perform handler:
            @escaping @Sendable (
                _ response: HTTPURLResponse, _ completionHandler: @escaping @Sendable (ResponseDisposition) -> Void
            ) -> Void
    ) -> Self {
        streamState.withLock { $0.responseHandler = (queue, handler) }
        return self
    }

    /// Calls `handler` on `queue` with each attempt's response head, before validation and before
    /// any piece of the body.
    ///
    /// - Parameters:
    ///   - queue: Where `handler` runs; the main queue by default.
    ///   - handler: Called with the response.
    /// - Returns: This request.
    @discardableResult
    public func onHTTPResponse(
        on queue: DispatchQueue = .main, perform handler: @escaping @Sendable (HTTPURLResponse) -> Void
    ) -> Self {
        onHTTPResponse(on: queue) { response, completionHandler in
            handler(response)
            completionHandler(.allow)
        }
    }

    /// Asks the response handler, if one was set, whether the attempt goes on.
    func disposition(for response: HTTPURLResponse) async -> ResponseDisposition {
        guard let (queue, handler) = streamState.withLock({ $0.responseHandler }) else { return .allow }
        let disposition = await CompletionBridge.value(otherwise: ResponseDisposition.allow) { completion in
            queue.async { handler(response, completion) }
        }
        if disposition == .cancel { cancel() }
        return disposition
    }
}
