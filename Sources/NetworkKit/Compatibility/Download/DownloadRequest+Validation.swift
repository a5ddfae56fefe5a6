import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - Validation

extension DownloadRequest {
    /// Fails the download with the error `validation` returns for its response and file.
    ///
    /// An error that is not an ``AFError`` becomes ``AFError/responseValidationFailed(reason:)`` with
    /// `.customValidationFailed`. Validations run in the order added, after the file was moved to its
    /// destination; the first failure is the request's error, and the retriers are asked about it.
    ///
    /// - Parameter validation: The check.
    /// - Returns: This request.
    @discardableResult
    public func validate(_ validation: @escaping Validation) -> Self {
        downloadState.withLock { $0.validators.append(validation) }
        guard run.isDelivered, error == nil, let response else { return self }
        if let failure = Self.failure(of: validation, request: request, response: response, fileURL: fileURL) {
            mutableState.withLock { state in
                if state.error == nil { state.error = failure }
            }
        }
        return self
    }

    /// Fails the download unless its status code is one of `acceptableStatusCodes`.
    ///
    /// - Parameter acceptableStatusCodes: The codes that count as success, such as `200..<300`.
    /// - Returns: This request.
    @discardableResult
    public func validate<S: Sequence & Sendable>(statusCode acceptableStatusCodes: S) -> Self where S.Element == Int {
        let codes = StatusCodes(acceptableStatusCodes)
        return validate { _, response, _ in DataRequest.check(status: response.statusCode, against: codes) }
    }

    /// Fails the download unless the response's `Content-Type` matches one of
    /// `acceptableContentTypes` (`*` wildcards allowed). An empty file passes, as in Alamofire; only
    /// the file's size is read.
    ///
    /// - Parameter acceptableContentTypes: The MIME types that count as success, computed when the
    ///   response has come.
    /// - Returns: This request.
    @discardableResult
    public func validate<S: Sequence & Sendable>(
        contentType acceptableContentTypes: @escaping @autoclosure @Sendable () -> S
    ) -> Self where S.Element == String {
        validate { _, response, fileURL in
            Self.check(contentType: response.mimeType, of: fileURL, against: Array(acceptableContentTypes()))
        }
    }

    /// Fails the download unless its status is 2xx and its `Content-Type` is one the request's
    /// `Accept` field lists (any type when it has none).
    ///
    /// - Returns: This request.
    @discardableResult
    public func validate() -> Self {
        validate { request, response, fileURL in
            if case .failure(let error) = DataRequest.check(status: response.statusCode, against: .success) {
                return .failure(error)
            }
            let accepted = DataRequest.acceptedTypes(of: request)
            return Self.check(contentType: response.mimeType, of: fileURL, against: accepted)
        }
    }

    private static func check(contentType: String?, of fileURL: URL?, against acceptable: [String])
        -> ValidationResult
    {
        guard let fileURL else { return .failure(AFError.responseValidationFailed(reason: .dataFileNil)) }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: fileURL.path),
            let size = attributes[.size] as? NSNumber
        else {
            return .failure(AFError.responseValidationFailed(reason: .dataFileReadFailed(at: fileURL)))
        }
        return DataRequest.check(contentType: contentType, isEmpty: size.int64Value == 0, against: acceptable)
    }
}
