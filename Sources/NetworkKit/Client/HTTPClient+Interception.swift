import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The steps every call shares, data requests and transfers alike: adapting an attempt, asking the
/// retriers, waiting before the next attempt.
extension HTTPClient {
    /// Runs the configured adapters in order on one attempt, and refuses it when its host's pins
    /// cannot be checked (see `checkPins(_:)`), before the adapters run and after.
    func adapt(_ request: URLRequest, checksServerTrust: Bool? = nil) async throws(HTTPError) -> URLRequest {
        try checkPins(request, checksServerTrust: checksServerTrust)
        var adapted = request
        for adapter in configuration.adapters {
            do {
                adapted = try await adapter.adapt(adapted)
            } catch let error as HTTPError {
                throw error
            } catch is CancellationError {
                throw .cancelled(HTTPError.RequestSummary(adapted))
            } catch {
                throw .adaptationFailed(HTTPError.RequestSummary(adapted), reason: "\(error)")
            }
        }
        if !configuration.adapters.isEmpty { try checkPins(adapted, checksServerTrust: checksServerTrust) }
        return adapted
    }

    /// The wait before the next attempt, or the error to give up with.
    func retryDelay(for context: RetryContext) async throws(HTTPError) -> Duration {
        for retrier in configuration.retriers {
            switch await retrier.retry(context) {
            case .retry(let delay): return max(delay, .zero)
            case .fail(let error): throw error
            case .doNotRetry: continue
            }
        }
        throw context.error
    }

    /// Waits `delay` with the configuration's sleep; a cancelled wait cancels the request.
    func wait(_ delay: Duration, before request: URLRequest) async throws(HTTPError) {
        do {
            try await configuration.sleep(delay)
        } catch {
            throw .cancelled(HTTPError.RequestSummary(request))
        }
    }
}
