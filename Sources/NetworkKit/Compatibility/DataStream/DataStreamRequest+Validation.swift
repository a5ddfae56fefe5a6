import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - Validation

extension DataStreamRequest {
    /// Fails the stream with the error `validation` returns for its response head, before any piece
    /// of the body is handed over.
    ///
    /// An error that is not an ``AFError`` becomes ``AFError/responseValidationFailed(reason:)`` with
    /// `.customValidationFailed`. Validations run in the order added; the first failure is the
    /// request's error, and the retriers are asked about it. Add them before the request starts.
    ///
    /// - Parameter validation: The check.
    /// - Returns: This request.
    @discardableResult
    public func validate(_ validation: @escaping Validation) -> Self {
        streamState.withLock { $0.validators.append(validation) }
        return self
    }

    /// Fails the stream unless its status code is one of `acceptableStatusCodes`.
    ///
    /// - Parameter acceptableStatusCodes: The codes that count as success, such as `200..<300`.
    /// - Returns: This request.
    @discardableResult
    public func validate<S: Sequence & Sendable>(statusCode acceptableStatusCodes: S) -> Self where S.Element == Int {
        let codes = StatusCodes(acceptableStatusCodes)
        return validate { _, response in DataRequest.check(status: response.statusCode, against: codes) }
    }

    /// Fails the stream unless the response's `Content-Type` matches one of
    /// `acceptableContentTypes` (`*` wildcards allowed).
    ///
    /// - Parameter acceptableContentTypes: The MIME types that count as success, computed when the
    ///   response has come.
    /// - Returns: This request.
    @discardableResult
    public func validate<S: Sequence & Sendable>(
        contentType acceptableContentTypes: @escaping @autoclosure @Sendable () -> S
    ) -> Self where S.Element == String {
        validate { _, response in
            DataRequest.check(contentType: response.mimeType, isEmpty: false, against: Array(acceptableContentTypes()))
        }
    }

    /// Fails the stream unless its status is 2xx and its `Content-Type` is one the request's
    /// `Accept` field lists (any type when it has none).
    ///
    /// - Returns: This request.
    @discardableResult
    public func validate() -> Self {
        validate { request, response in
            if case .failure(let error) = DataRequest.check(status: response.statusCode, against: .success) {
                return .failure(error)
            }
            let accepted = DataRequest.acceptedTypes(of: request)
            return DataRequest.check(contentType: response.mimeType, isEmpty: false, against: accepted)
        }
    }
}
