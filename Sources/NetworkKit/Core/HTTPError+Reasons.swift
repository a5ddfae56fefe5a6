public import Foundation

// MARK: - Reasons

extension HTTPError {
    /// Why a URL could not be built.
    public enum InvalidURLReason: Hashable, Sendable {
        /// The base URL is not an absolute `http` or `https` URL.
        case malformedBaseURL(String)
        /// The path contains a character that cannot appear in a URL, such as NUL.
        case invalidPath(String)
        /// The request has no URL.
        case missingURL
    }

    /// Why parameters or a body could not be encoded.
    public enum EncodingFailureReason: Hashable, Sendable {
        /// A value cannot be represented in JSON; carries its key path.
        case invalidJSONValue(keyPath: String)
        /// A number is NaN or infinite; carries its key path.
        case nonFiniteNumber(keyPath: String)
        /// The method does not allow a body, such as `GET`.
        case bodyNotAllowed(HTTPMethod)
        /// An `Encodable` value threw; carries the type name and the encoder's message.
        case encodableFailed(type: String, reason: String)
        /// A multipart file could not be read.
        case unreadableFile(path: String, reason: String)
        /// A URL-encoded form needs a keyed value at its root (a struct, a class or a `[String: …]`
        /// dictionary); carries the value's type and what it encoded instead ("an array", "a single value").
        case formRootNotKeyed(type: String, found: String)
        /// Two parts of a router both give the request a body (``HTTPRouter/body()`` or body-bound
        /// ``HTTPRouter/parameters``, and body-bound ``HTTPRouter/encodableParameters``).
        case conflictingBodies
    }

    /// Why authentication failed.
    public enum AuthenticationFailureReason: Hashable, Sendable {
        /// Refreshing the credential threw; carries the message (never the credential).
        case refreshFailed(String)
        /// The server refused a credential that had just been refreshed.
        case refreshedCredentialRejected
        /// There is no credential to send.
        case missingCredential
    }
}

// MARK: - Accessors

extension HTTPError {
    /// The status code, for ``unacceptableStatus(_:)``.
    public var statusCode: Int? {
        if case .unacceptableStatus(let failure) = self { return failure.statusCode }
        return nil
    }

    /// The response body, for ``unacceptableStatus(_:)``.
    public var responseBody: Data? {
        if case .unacceptableStatus(let failure) = self { return failure.body }
        return nil
    }

    /// URLSession's error code, for ``transport(_:)``.
    public var urlErrorCode: URLError.Code? {
        if case .transport(let failure) = self { return failure.code }
        return nil
    }

    /// Whether the request was cancelled.
    public var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }

    /// Whether the request timed out.
    public var isTimedOut: Bool {
        if case .timedOut = self { return true }
        return false
    }

    /// The failing request, when the error happened on the way to a server.
    public var request: RequestSummary? {
        switch self {
        case .invalidURL, .encodingFailed, .invalidPinning, .archiveFailed: nil
        case .adaptationFailed(let request, _), .cancelled(let request), .timedOut(let request),
            .authenticationFailed(let request, _):
            request
        case .transport(let failure): failure.request
        case .unacceptableStatus(let failure): failure.request
        case .unacceptableContentType(let failure): failure.request
        case .decodingFailed(let failure): failure.request
        case .transferFailed(let failure): failure.request
        case .pinningFailed(let failure): failure.request
        }
    }
}

// MARK: - Descriptions

extension HTTPError: LocalizedError, CustomStringConvertible {
    /// One line: the request (secrets redacted), then what went wrong.
    public var description: String {
        guard let request else { return problem }
        return "\(request): \(problem)"
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    private var problem: String {
        switch self {
        case .invalidURL(let reason): reason.text
        case .encodingFailed(let reason): reason.text
        case .adaptationFailed(_, let reason): "a request adapter failed: \(reason)"
        case .transport(let failure): "transport error \(failure.code.rawValue): \(failure.reason)"
        case .unacceptableStatus(let failure):
            "unacceptable status \(failure.statusCode) (\(failure.body.count) bytes of body)"
        case .unacceptableContentType(let failure):
            "unacceptable content type \(failure.received ?? "(none)"), expected "
                + failure.acceptable.joined(separator: ", ")
        case .decodingFailed(let failure):
            "could not decode \(failure.type.isEmpty ? "the body" : failure.type) at "
                + (failure.codingPath.isEmpty ? "the top level" : failure.codingPath)
                + ": \(failure.reason); body starts \(failure.excerpt.debugDescription)"
        case .cancelled: "cancelled"
        case .timedOut: "timed out"
        case .authenticationFailed(_, let reason): "authentication failed: \(reason.text)"
        case .transferFailed(let failure): failure.reason.text
        case .pinningFailed(let failure): failure.text
        case .invalidPinning(let reason): reason.text
        case .archiveFailed(let failure): failure.description
        }
    }
}

extension HTTPError.InvalidURLReason {
    fileprivate var text: String {
        switch self {
        case .malformedBaseURL(let base): "invalid base URL \(base.debugDescription)"
        case .invalidPath(let path): "invalid path \(path.debugDescription)"
        case .missingURL: "the request has no URL"
        }
    }
}

extension HTTPError.EncodingFailureReason {
    fileprivate var text: String {
        switch self {
        case .invalidJSONValue(let path): "the value at \(path) cannot be written as JSON"
        case .nonFiniteNumber(let path): "the number at \(path) is not finite"
        case .bodyNotAllowed(let method): "\(method) requests cannot carry a body"
        case .encodableFailed(let type, let reason): "could not encode \(type): \(reason)"
        case .unreadableFile(let path, let reason): "could not read \(path): \(reason)"
        case .formRootNotKeyed(let type, let found):
            "a URL-encoded form needs a keyed value (a struct or a dictionary) at its root, but \(type) encoded \(found)"
        case .conflictingBodies: "the router gives the request two bodies; keep one of them"
        }
    }
}

extension HTTPError.AuthenticationFailureReason {
    fileprivate var text: String {
        switch self {
        case .refreshFailed(let reason): "the credential could not be refreshed (\(reason))"
        case .refreshedCredentialRejected: "the server refused the freshly refreshed credential"
        case .missingCredential: "no credential"
        }
    }
}
