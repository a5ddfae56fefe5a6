public import Foundation

extension Error {
    /// This error as an ``AFError``: itself, or the ``AFError`` of an ``HTTPError`` (see
    /// ``AFError/init(_:)``); nil for any other error.
    ///
    /// ```swift
    /// if let code = error.asAFError?.responseCode { print("status \(code)") }
    /// ```
    public var asAFError: AFError? {
        switch self {
        case let error as AFError: error
        case let error as HTTPError: AFError(error)
        default: nil
        }
    }

    /// This error as an ``AFError``; any other error is a programming error, reported with `message`.
    ///
    /// Unlike Alamofire's, it never stops the program: another error becomes
    /// ``AFError/sessionTaskFailed(error:)`` holding it, after an assertion in debug builds.
    ///
    /// - Parameters:
    ///   - message: What went wrong, for the assertion.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    /// - Returns: The ``AFError``.
    public func asAFError(
        orFailWith message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
    ) -> AFError {
        if let error = asAFError { return error }
        assertionFailure(message(), file: file, line: line)
        return .sessionTaskFailed(error: self)
    }
}

extension AFError {
    /// Whether this is ``sessionDeinitialized``.
    public var isSessionDeinitializedError: Bool {
        if case .sessionDeinitialized = self { true } else { false }
    }
    /// Whether this is ``sessionInvalidated(error:)``.
    public var isSessionInvalidatedError: Bool {
        if case .sessionInvalidated = self { true } else { false }
    }
    /// Whether this is ``explicitlyCancelled``.
    public var isExplicitlyCancelledError: Bool {
        if case .explicitlyCancelled = self { true } else { false }
    }
    /// Whether this is ``invalidURL(url:)``.
    public var isInvalidURLError: Bool {
        if case .invalidURL = self { true } else { false }
    }
    /// Whether this is ``parameterEncodingFailed(reason:)``.
    public var isParameterEncodingError: Bool {
        if case .parameterEncodingFailed = self { true } else { false }
    }
    /// Whether this is ``parameterEncoderFailed(reason:)``.
    public var isParameterEncoderError: Bool {
        if case .parameterEncoderFailed = self { true } else { false }
    }
    /// Whether this is ``multipartEncodingFailed(reason:)``.
    public var isMultipartEncodingError: Bool {
        if case .multipartEncodingFailed = self { true } else { false }
    }
    /// Whether this is ``requestAdaptationFailed(error:)``.
    public var isRequestAdaptationError: Bool {
        if case .requestAdaptationFailed = self { true } else { false }
    }
    /// Whether this is ``responseValidationFailed(reason:)``.
    public var isResponseValidationError: Bool {
        if case .responseValidationFailed = self { true } else { false }
    }
    /// Whether this is ``responseSerializationFailed(reason:)``.
    public var isResponseSerializationError: Bool {
        if case .responseSerializationFailed = self { true } else { false }
    }
    /// Whether this is ``serverTrustEvaluationFailed(reason:)``.
    public var isServerTrustEvaluationError: Bool {
        if case .serverTrustEvaluationFailed = self { true } else { false }
    }
    /// Whether this is ``requestRetryFailed(retryError:originalError:)``.
    public var isRequestRetryError: Bool {
        if case .requestRetryFailed = self { true } else { false }
    }
    /// Whether this is ``createUploadableFailed(error:)``.
    public var isCreateUploadableError: Bool {
        if case .createUploadableFailed = self { true } else { false }
    }
    /// Whether this is ``createURLRequestFailed(error:)``.
    public var isCreateURLRequestError: Bool {
        if case .createURLRequestFailed = self { true } else { false }
    }
    /// Whether this is ``downloadedFileMoveFailed(error:source:destination:)``.
    public var isDownloadedFileMoveError: Bool {
        if case .downloadedFileMoveFailed = self { true } else { false }
    }
    /// Whether this is ``sessionTaskFailed(error:)``.
    public var isSessionTaskError: Bool {
        if case .sessionTaskFailed = self { true } else { false }
    }
    /// Whether this is ``urlRequestValidationFailed(reason:)``.
    public var isURLRequestValidationError: Bool {
        if case .urlRequestValidationFailed = self { true } else { false }
    }

    /// The `URLConvertible` of ``invalidURL(url:)``.
    public var urlConvertible: (any URLConvertible)? {
        if case .invalidURL(let url) = self { url } else { nil }
    }

    /// The URL of a ``multipartEncodingFailed(reason:)`` about a file.
    public var url: URL? {
        if case .multipartEncodingFailed(let reason) = self { reason.url } else { nil }
    }

    /// The error beneath this one, if any.
    public var underlyingError: (any Error)? {
        switch self {
        case .multipartEncodingFailed(let reason): reason.underlyingError
        case .parameterEncodingFailed(let reason): reason.underlyingError
        case .parameterEncoderFailed(let reason): reason.underlyingError
        case .requestAdaptationFailed(let error): error
        case .requestRetryFailed(let retryError, _): retryError
        case .responseValidationFailed(let reason): reason.underlyingError
        case .responseSerializationFailed(let reason): reason.underlyingError
        case .serverTrustEvaluationFailed(let reason): reason.underlyingError
        case .sessionInvalidated(let error): error
        case .createUploadableFailed(let error), .createURLRequestFailed(let error), .sessionTaskFailed(let error):
            error
        case .downloadedFileMoveFailed(let error, _, _): error
        case .explicitlyCancelled, .invalidURL, .sessionDeinitialized, .urlRequestValidationFailed: nil
        }
    }

    /// The acceptable content types of a content-type validation failure.
    public var acceptableContentTypes: [String]? {
        if case .responseValidationFailed(let reason) = self { reason.acceptableContentTypes } else { nil }
    }

    /// The response's content type of a content-type validation failure.
    public var responseContentType: String? {
        if case .responseValidationFailed(let reason) = self { reason.responseContentType } else { nil }
    }

    /// The status code of a status validation failure.
    public var responseCode: Int? {
        if case .responseValidationFailed(let reason) = self { reason.responseCode } else { nil }
    }

    /// The encoding of a failed string serialization.
    public var failedStringEncoding: String.Encoding? {
        if case .responseSerializationFailed(let reason) = self { reason.failedStringEncoding } else { nil }
    }

    /// The source of a failed move of a downloaded file.
    public var sourceURL: URL? {
        if case .downloadedFileMoveFailed(_, let source, _) = self { source } else { nil }
    }

    /// The destination of a failed move of a downloaded file.
    public var destinationURL: URL? {
        if case .downloadedFileMoveFailed(_, _, let destination) = self { destination } else { nil }
    }

    /// The resume data a failed download left in its transport error, if any.
    public var downloadResumeData: Data? {
        guard case .sessionTaskFailed(let error) = self else { return nil }
        // The value of Apple's `NSURLSessionDownloadTaskResumeData`, which FoundationNetworking lacks
        return (error as NSError).userInfo["NSURLSessionDownloadTaskResumeData"] as? Data
    }
}

extension AFError.ParameterEncodingFailureReason {
    var underlyingError: (any Error)? {
        switch self {
        case .jsonEncodingFailed(let error), .customEncodingFailed(let error): error
        case .missingURL: nil
        }
    }
}

extension AFError.ParameterEncoderFailureReason {
    var underlyingError: (any Error)? {
        if case .encoderFailed(let error) = self { error } else { nil }
    }
}

extension AFError.MultipartEncodingFailureReason {
    var url: URL? {
        switch self {
        case .bodyPartURLInvalid(let url), .bodyPartFilenameInvalid(let url), .bodyPartFileNotReachable(let url),
            .bodyPartFileIsDirectory(let url), .bodyPartFileSizeNotAvailable(let url),
            .bodyPartInputStreamCreationFailed(let url), .outputStreamCreationFailed(let url),
            .outputStreamFileAlreadyExists(let url), .outputStreamURLInvalid(let url),
            .bodyPartFileNotReachableWithError(let url, _), .bodyPartFileSizeQueryFailedWithError(let url, _):
            url
        case .outputStreamWriteFailed, .inputStreamReadFailed: nil
        }
    }

    var underlyingError: (any Error)? {
        switch self {
        case .bodyPartFileNotReachableWithError(_, let error), .bodyPartFileSizeQueryFailedWithError(_, let error),
            .outputStreamWriteFailed(let error), .inputStreamReadFailed(let error):
            error
        default: nil
        }
    }
}

extension AFError.ResponseValidationFailureReason {
    var acceptableContentTypes: [String]? {
        switch self {
        case .missingContentType(let types), .unacceptableContentType(let types, _): types
        default: nil
        }
    }

    var responseContentType: String? {
        if case .unacceptableContentType(_, let type) = self { type } else { nil }
    }

    var responseCode: Int? {
        if case .unacceptableStatusCode(let code) = self { code } else { nil }
    }

    var underlyingError: (any Error)? {
        if case .customValidationFailed(let error) = self { error } else { nil }
    }
}

extension AFError.ResponseSerializationFailureReason {
    var failedStringEncoding: String.Encoding? {
        if case .stringSerializationFailed(let encoding) = self { encoding } else { nil }
    }

    var underlyingError: (any Error)? {
        switch self {
        case .jsonSerializationFailed(let error), .decodingFailed(let error), .customSerializationFailed(let error):
            error
        default: nil
        }
    }
}

extension AFError.ServerTrustFailureReason {
    var underlyingError: (any Error)? {
        switch self {
        case .customEvaluationFailed(let error): error
        case .trustEvaluationFailed(let error): error
        default: nil
        }
    }
}
