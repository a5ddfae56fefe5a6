public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

// MARK: - HTTPError → AFError

extension AFError {
    /// The key of the ``HTTPError`` in the `userInfo` of the `URLError` that
    /// ``sessionTaskFailed(error:)`` holds for a transport failure or a timeout.
    public static let httpErrorUserInfoKey = "NetworkKit.HTTPError"

    /// The ``AFError`` an Alamofire user expects for NetworkKit's `error`.
    ///
    /// | ``HTTPError`` | ``AFError`` |
    /// |---|---|
    /// | ``HTTPError/invalidURL(_:)`` | ``invalidURL(url:)`` |
    /// | ``HTTPError/encodingFailed(_:)`` of JSON | ``parameterEncodingFailed(reason:)``, `.jsonEncodingFailed` |
    /// | ``HTTPError/encodingFailed(_:)`` of an `Encodable` or form | ``parameterEncoderFailed(reason:)``, `.encoderFailed` |
    /// | ``HTTPError/encodingFailed(_:)`` of a file | ``multipartEncodingFailed(reason:)`` |
    /// | ``HTTPError/adaptationFailed(_:reason:)`` | ``requestAdaptationFailed(error:)`` |
    /// | ``HTTPError/transport(_:)``, ``HTTPError/timedOut(_:)`` | ``sessionTaskFailed(error:)`` with a `URLError` |
    /// | ``HTTPError/unacceptableStatus(_:)`` | ``responseValidationFailed(reason:)``, `.unacceptableStatusCode` |
    /// | ``HTTPError/unacceptableContentType(_:)`` | ``responseValidationFailed(reason:)`` |
    /// | ``HTTPError/decodingFailed(_:)`` | ``responseSerializationFailed(reason:)``, `.decodingFailed` (the ``AFError`` it was mapped from, when it was) |
    /// | ``HTTPError/cancelled(_:)`` | ``explicitlyCancelled`` |
    /// | ``HTTPError/authenticationFailed(_:reason:)`` | ``requestAdaptationFailed(error:)`` without a credential, else ``requestRetryFailed(retryError:originalError:)`` |
    /// | ``HTTPError/pinningFailed(_:)``, ``HTTPError/invalidPinning(_:)`` | ``serverTrustEvaluationFailed(reason:)``, `.customEvaluationFailed` |
    /// | ``HTTPError/transferFailed(_:)``, ``HTTPError/archiveFailed(_:)`` | ``sessionTaskFailed(error:)`` |
    ///
    /// Every `any Error` the result holds is `error` itself (or a `URLError` holding it under
    /// ``httpErrorUserInfoKey``), so ``HTTPError/init(_:request:response:data:)`` gives it back whole;
    /// a decoding failure that was mapped from an ``AFError`` gives that ``AFError`` back, with the
    /// decoder's `DecodingError` inside.
    /// Status, content-type and cancellation failures hold what Alamofire's cases hold; the request,
    /// headers and body are in the response beside the error, and are passed back in from there.
    ///
    /// - Parameter error: NetworkKit's error.
    public init(_ error: HTTPError) {
        switch error {
        case .invalidURL:
            self = .invalidURL(url: FailedURL(error: error))
        case .encodingFailed(let reason):
            switch reason {
            case .invalidJSONValue, .nonFiniteNumber:
                self = .parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
            case .encodableFailed, .formRootNotKeyed:
                self = .parameterEncoderFailed(reason: .encoderFailed(error: error))
            case .unreadableFile(let path, _):
                self = .multipartEncodingFailed(
                    reason: .bodyPartFileNotReachableWithError(atURL: URL(fileURLWithPath: path), error: error))
            case .bodyNotAllowed, .conflictingBodies:
                self = .parameterEncodingFailed(reason: .customEncodingFailed(error: error))
            }
        case .adaptationFailed:
            self = .requestAdaptationFailed(error: error)
        case .transport(let failure):
            self = .sessionTaskFailed(error: Self.urlError(failure.code, reason: failure.reason, holding: error))
        case .timedOut:
            self = .sessionTaskFailed(error: Self.urlError(.timedOut, reason: "timed out", holding: error))
        case .unacceptableStatus(let failure):
            self = .responseValidationFailed(reason: .unacceptableStatusCode(code: failure.statusCode))
        case .unacceptableContentType(let failure):
            if let received = failure.received {
                self = .responseValidationFailed(
                    reason: .unacceptableContentType(
                        acceptableContentTypes: failure.acceptable, responseContentType: received))
            } else {
                self = .responseValidationFailed(
                    reason: .missingContentType(acceptableContentTypes: failure.acceptable))
            }
        case .decodingFailed(let failure):
            self = (failure.origin as? AFError) ?? .responseSerializationFailed(reason: .decodingFailed(error: error))
        case .cancelled:
            self = .explicitlyCancelled
        case .authenticationFailed(_, .missingCredential):
            self = .requestAdaptationFailed(error: error)
        case .authenticationFailed:
            self = .requestRetryFailed(retryError: error, originalError: error)
        case .pinningFailed, .invalidPinning:
            self = .serverTrustEvaluationFailed(reason: .customEvaluationFailed(error: error))
        case .transferFailed, .archiveFailed:
            self = .sessionTaskFailed(error: error)
        }
    }

    private static func urlError(_ code: URLError.Code, reason: String, holding error: HTTPError) -> URLError {
        URLError(code, userInfo: [NSLocalizedDescriptionKey: reason, httpErrorUserInfoKey: error])
    }

    /// The ``HTTPError`` this error holds, if it was made from one.
    var heldHTTPError: HTTPError? {
        if case .invalidURL(let url) = self, let failed = url as? FailedURL { return failed.error }
        return Self.held(in: underlyingError)
    }

    private static func held(in error: (any Error)?) -> HTTPError? {
        switch error {
        case let error as HTTPError: error
        case let error as URLError: error.userInfo[httpErrorUserInfoKey] as? HTTPError
        default: nil
        }
    }
}

/// The `URLConvertible` of an ``AFError/invalidURL(url:)`` made from an ``HTTPError``: it reads as
/// the URL text that failed and keeps the ``HTTPError`` for the way back.
struct FailedURL: URLConvertible, CustomStringConvertible {
    let error: HTTPError

    func asURL() throws -> URL { throw AFError.invalidURL(url: self) }

    var description: String {
        switch error {
        case .invalidURL(.malformedBaseURL(let text)), .invalidURL(.invalidPath(let text)): text
        default: ""
        }
    }
}

// MARK: - AFError → HTTPError

extension HTTPError {
    /// NetworkKit's error for Alamofire's `error`: the ``HTTPError`` it was made from, when
    /// ``AFError/init(_:)`` made it, or the nearest ``HTTPError`` to it.
    ///
    /// What an ``AFError`` does not hold comes from the arguments: the request for the summary, and
    /// the response and its body for a status failure. Given the ones a request failed with,
    /// `HTTPError(AFError(error), request:response:data:)` equals `error`.
    ///
    /// A serialization failure is ``HTTPError/decodingFailed(_:)``: from the `DecodingError` of
    /// `.decodingFailed(error:)` it takes the failing key's path and what the decoder said, as
    /// NetworkKit's own decoding does, and the excerpt is the start of `data`. It keeps `error`, so
    /// ``AFError/init(_:)`` gives that back whole.
    ///
    /// ```swift
    /// if case .failure(let error) = response.result {
    ///     let failure = HTTPError(error, request: response.request, response: response.response, data: response.data)
    ///     print(failure.localizedDescription)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - error: Alamofire's error.
    ///   - request: The request that failed, if known.
    ///   - response: Its response, if one came.
    ///   - data: The response's body, if one came.
    public init(_ error: AFError, request: URLRequest? = nil, response: HTTPURLResponse? = nil, data: Data? = nil) {
        if let held = error.heldHTTPError {
            self = held
            return
        }
        let summary = request.map(RequestSummary.init) ?? RequestSummary(method: .get, url: response?.url)
        let text = error.errorDescription ?? "\(error)"
        switch error {
        case .invalidURL(let url):
            self = .invalidURL(.invalidPath("\(url)"))
        case .parameterEncodingFailed(.missingURL), .parameterEncoderFailed(.missingRequiredComponent(.url)):
            self = .invalidURL(.missingURL)
        case .parameterEncodingFailed, .parameterEncoderFailed, .createUploadableFailed, .createURLRequestFailed:
            self = .encodingFailed(.encodableFailed(type: "parameters", reason: text))
        case .multipartEncodingFailed(let reason):
            self = .encodingFailed(.unreadableFile(path: reason.url?.path ?? "", reason: text))
        case .urlRequestValidationFailed:
            self = .encodingFailed(.bodyNotAllowed(summary.method))
        case .requestAdaptationFailed:
            self = .adaptationFailed(summary, reason: text)
        case .requestRetryFailed(_, let original):
            self =
                (original as? AFError).map { HTTPError($0, request: request, response: response, data: data) }
                ?? .adaptationFailed(summary, reason: text)
        case .responseValidationFailed(.unacceptableStatusCode(let code)):
            self = .unacceptableStatus(
                StatusFailure(
                    request: summary, statusCode: code, headers: response?.headers ?? [:], body: data ?? Data()))
        case .responseValidationFailed(.unacceptableContentType(let acceptable, let received)):
            self = .unacceptableContentType(
                ContentTypeFailure(request: summary, received: received, acceptable: acceptable))
        case .responseValidationFailed(.missingContentType(let acceptable)):
            self = .unacceptableContentType(ContentTypeFailure(request: summary, received: nil, acceptable: acceptable))
        case .responseSerializationFailed(.decodingFailed(let decoderError)):
            self = .decodingFailed(
                DecodingFailure(request: summary, type: "", decoding: decoderError, body: data, origin: error))
        case .responseValidationFailed, .responseSerializationFailed:
            self = .decodingFailed(
                DecodingFailure(
                    request: summary, type: "", codingPath: "", reason: text,
                    excerpt: DecodingFailure.excerpt(of: data), origin: error))
        case .explicitlyCancelled, .sessionDeinitialized, .sessionInvalidated:
            self = .cancelled(summary)
        case .serverTrustEvaluationFailed:
            self = .pinningFailed(
                PinningFailure(request: summary, host: summary.url?.host ?? "", reason: .untrustedChain(text)))
        case .downloadedFileMoveFailed(_, _, let destination):
            self = .transferFailed(
                TransferFailure(request: summary, reason: .cannotWrite(path: destination.path, reason: text)))
        case .sessionTaskFailed(let underlying):
            let code = (underlying as? URLError)?.code ?? URLError.Code.unknown
            self =
                code == .timedOut
                ? .timedOut(summary) : .transport(TransportFailure(request: summary, code: code, reason: text))
        }
    }
}
