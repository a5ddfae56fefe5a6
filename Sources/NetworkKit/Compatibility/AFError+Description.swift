public import Foundation

extension AFError: LocalizedError {
    /// What went wrong, in a sentence; secrets in URLs are not shown (see ``Redaction``).
    public var errorDescription: String? {
        switch self {
        case .explicitlyCancelled:
            "The request was cancelled explicitly."
        case .invalidURL(let url):
            "The URL is not valid: \(Self.redacted(url))"
        case .parameterEncodingFailed(let reason):
            reason.text
        case .parameterEncoderFailed(let reason):
            reason.text
        case .multipartEncodingFailed(let reason):
            reason.text
        case .requestAdaptationFailed(let error):
            "A request adapter failed: \(error.localizedDescription)"
        case .responseValidationFailed(let reason):
            reason.text
        case .responseSerializationFailed(let reason):
            reason.text
        case .requestRetryFailed(let retryError, let originalError):
            "A request retrier failed (\(retryError.localizedDescription)) while deciding on a retry after: "
                + originalError.localizedDescription
        case .sessionDeinitialized:
            "The session went away before the request finished."
        case .sessionInvalidated(let error):
            "The session was invalidated" + (error.map { ": \($0.localizedDescription)" } ?? ".")
        case .serverTrustEvaluationFailed(let reason):
            "The server's certificate chain was not trusted: \(reason.text)"
        case .urlRequestValidationFailed(let reason):
            reason.text
        case .createUploadableFailed(let error):
            "The upload's body could not be made: \(error.localizedDescription)"
        case .createURLRequestFailed(let error):
            "The URLRequest could not be made: \(error.localizedDescription)"
        case .downloadedFileMoveFailed(let error, let source, let destination):
            "The downloaded file could not be moved from \(source.path) to \(destination.path): "
                + error.localizedDescription
        case .sessionTaskFailed(let error):
            "The transfer failed: \(error.localizedDescription)"
        }
    }
}

extension AFError {
    /// The URL as text, at most 300 characters, with secret query values masked even when it does
    /// not parse.
    fileprivate static func redacted(_ url: any URLConvertible) -> String {
        if let parsed = try? url.asURL() { return String(Redaction.default.redact(parsed).prefix(300)) }
        let text = "\(url)"
        guard let question = text.firstIndex(of: "?") else { return String(text.prefix(300)) }
        let query = text[text.index(after: question)...].split(separator: "#", maxSplits: 1).first ?? ""
        return String((text[...question] + Redaction.default.redact(query: String(query))).prefix(300))
    }
}

extension AFError.ParameterEncodingFailureReason {
    var text: String {
        switch self {
        case .missingURL: "The request has no URL to encode parameters into."
        case .jsonEncodingFailed(let error):
            "The parameters could not be written as JSON: \(error.localizedDescription)"
        case .customEncodingFailed(let error): "A custom parameter encoding failed: \(error.localizedDescription)"
        }
    }
}

extension AFError.ParameterEncoderFailureReason {
    var text: String {
        switch self {
        case .missingRequiredComponent(.url): "The request has no URL to encode parameters into."
        case .missingRequiredComponent(.httpMethod(let method)): "The request's method \(method) is not known."
        case .encoderFailed(let error): "The parameter encoder failed: \(error.localizedDescription)"
        }
    }
}

extension AFError.MultipartEncodingFailureReason {
    var text: String {
        switch self {
        case .bodyPartURLInvalid(let url): "The body part's URL is not a file URL: \(url)"
        case .bodyPartFilenameInvalid(let url): "No file name could be taken from \(url)"
        case .bodyPartFileNotReachable(let url): "The body part's file cannot be reached: \(url.path)"
        case .bodyPartFileNotReachableWithError(let url, let error):
            "Checking the body part's file \(url.path) failed: \(error.localizedDescription)"
        case .bodyPartFileIsDirectory(let url): "The body part's URL is a directory: \(url.path)"
        case .bodyPartFileSizeNotAvailable(let url): "The size of the body part's file is unknown: \(url.path)"
        case .bodyPartFileSizeQueryFailedWithError(let url, let error):
            "Reading the size of \(url.path) failed: \(error.localizedDescription)"
        case .bodyPartInputStreamCreationFailed(let url): "No input stream could be opened for \(url.path)"
        case .outputStreamCreationFailed(let url): "No output stream could be opened for \(url.path)"
        case .outputStreamFileAlreadyExists(let url): "The destination file already exists: \(url.path)"
        case .outputStreamURLInvalid(let url): "The destination URL is not a file URL: \(url)"
        case .outputStreamWriteFailed(let error): "Writing the form failed: \(error.localizedDescription)"
        case .inputStreamReadFailed(let error): "Reading a body part failed: \(error.localizedDescription)"
        }
    }
}

extension AFError.ResponseValidationFailureReason {
    var text: String {
        switch self {
        case .dataFileNil: "The download has no file to validate."
        case .dataFileReadFailed(let url): "The downloaded file could not be read: \(url.path)"
        case .missingContentType(let types):
            "The response has no Content-Type; acceptable: \(types.joined(separator: ", "))."
        case .unacceptableContentType(let types, let type):
            "The Content-Type \(type) is not acceptable; acceptable: \(types.joined(separator: ", "))."
        case .unacceptableStatusCode(let code): "The status code \(code) is not acceptable."
        case .customValidationFailed(let error): "Validation failed: \(error.localizedDescription)"
        }
    }
}

extension AFError.ResponseSerializationFailureReason {
    var text: String {
        switch self {
        case .inputDataNilOrZeroLength: "The response has no data, and an empty response is not allowed for it."
        case .inputFileNil: "The download has no file to serialize."
        case .inputFileReadFailed(let url): "The downloaded file could not be read: \(url.path)"
        case .stringSerializationFailed(let encoding): "The data is not text in the encoding \(encoding)."
        case .jsonSerializationFailed(let error): "The data is not JSON: \(error.localizedDescription)"
        case .decodingFailed(let error): "The data could not be decoded: \(error.localizedDescription)"
        case .customSerializationFailed(let error): "A custom serializer failed: \(error.localizedDescription)"
        case .invalidEmptyResponse(let type): "The response was empty, and \(type) has no empty value."
        }
    }
}

extension AFError.ServerTrustFailureReason {
    var text: String {
        switch self {
        case .noRequiredEvaluator(let host): "no trust evaluator covers \(host)"
        case .noCertificatesFound: "no certificates were found"
        case .noPublicKeysFound: "no public keys were found"
        case .revocationPolicyCreationFailed: "no revocation policy could be made"
        case .trustEvaluationFailed(let error):
            "evaluation failed" + (error.map { ": \($0.localizedDescription)" } ?? "")
        case .customEvaluationFailed(let error): error.localizedDescription
        }
    }
}

extension AFError.URLRequestValidationFailureReason {
    var text: String {
        switch self {
        case .bodyDataInGETRequest(let data): "A GET request may not have a body (it has \(data.count) bytes)."
        }
    }
}
