public import Foundation

/// Alamofire 5's error type, with every case and reason enum of its public API, so that code which
/// matches on Alamofire's errors compiles against NetworkKit unchanged.
///
/// The façade's requests fail with an `AFError` made from NetworkKit's ``HTTPError`` by
/// ``init(_:)``; ``HTTPError/init(_:request:response:data:)`` gives the ``HTTPError`` back. Where a case carries an `any Error`,
/// that error is the ``HTTPError`` itself, so nothing is lost on the way:
///
/// ```swift
/// AF.request("https://example.com/me").validate().responseData { response in
///     if case .failure(let error) = response.result, error.responseCode == 401 {
///         signIn()
///     }
/// }
/// ```
///
/// Alamofire's trust-failure reasons that carry `SecTrust`, `SecKey` or `SecCertificate` values do
/// not exist here; NetworkKit's pinning and trust failures arrive as
/// ``ServerTrustFailureReason/customEvaluationFailed(error:)`` on every platform.
public enum AFError: Error, Sendable {
    /// Why building a multipart form body failed.
    public enum MultipartEncodingFailureReason: Sendable {
        /// The URL of a file body part is not a file URL.
        case bodyPartURLInvalid(url: URL)
        /// No file name could be taken from a file body part's URL.
        case bodyPartFilenameInvalid(in: URL)
        /// A file body part's file cannot be reached.
        case bodyPartFileNotReachable(at: URL)
        /// Checking whether a file body part's file can be reached failed.
        case bodyPartFileNotReachableWithError(atURL: URL, error: any Error)
        /// A file body part's URL names a directory.
        case bodyPartFileIsDirectory(at: URL)
        /// A file body part's size could not be read.
        case bodyPartFileSizeNotAvailable(at: URL)
        /// Reading a file body part's size failed.
        case bodyPartFileSizeQueryFailedWithError(forURL: URL, error: any Error)
        /// No input stream could be opened for a file body part.
        case bodyPartInputStreamCreationFailed(for: URL)
        /// No output stream could be opened for the destination file.
        case outputStreamCreationFailed(for: URL)
        /// The destination file already exists.
        case outputStreamFileAlreadyExists(at: URL)
        /// The destination URL is not a file URL.
        case outputStreamURLInvalid(url: URL)
        /// Writing the encoded form failed.
        case outputStreamWriteFailed(error: any Error)
        /// Reading a body part's stream failed.
        case inputStreamReadFailed(error: any Error)
    }

    /// The error of an input stream that ended before, or went on after, its announced length.
    public struct UnexpectedInputStreamLength: Error {
        /// The length announced.
        public var bytesExpected: UInt64
        /// The bytes read.
        public var bytesRead: UInt64

        /// Creates the error.
        ///
        /// - Parameters:
        ///   - bytesExpected: The length announced.
        ///   - bytesRead: The bytes read.
        public init(bytesExpected: UInt64, bytesRead: UInt64) {
            self.bytesExpected = bytesExpected
            self.bytesRead = bytesRead
        }
    }

    /// Why a ``ParameterEncoding`` failed.
    public enum ParameterEncodingFailureReason: Sendable {
        /// The request has no URL to put a query in.
        case missingURL
        /// The parameters could not be written as JSON.
        case jsonEncodingFailed(error: any Error)
        /// A custom encoding failed.
        case customEncodingFailed(error: any Error)
    }

    /// Why a `ParameterEncoder` failed.
    public enum ParameterEncoderFailureReason: Sendable {
        /// A part of the request an encoder needs.
        public enum RequiredComponent: Sendable {
            /// The request's URL.
            case url
            /// The request's method, whose raw value is given.
            case httpMethod(rawValue: String)
        }

        /// The request lacks a part the encoder needs.
        case missingRequiredComponent(RequiredComponent)
        /// The underlying encoder failed.
        case encoderFailed(error: any Error)
    }

    /// Why a response was refused by validation.
    public enum ResponseValidationFailureReason: Sendable {
        /// A download's file URL is missing.
        case dataFileNil
        /// A download's file could not be read.
        case dataFileReadFailed(at: URL)
        /// The response has no `Content-Type`, and the acceptable ones do not include `*/*`.
        case missingContentType(acceptableContentTypes: [String])
        /// The response's `Content-Type` is not acceptable.
        case unacceptableContentType(acceptableContentTypes: [String], responseContentType: String)
        /// The response's status code is not acceptable.
        case unacceptableStatusCode(code: Int)
        /// A custom validation failed.
        case customValidationFailed(error: any Error)
    }

    /// Why a response could not be serialized.
    public enum ResponseSerializationFailureReason: Sendable {
        /// There is no data, or it is empty, and the response may not be empty.
        case inputDataNilOrZeroLength
        /// A download's file URL is missing.
        case inputFileNil
        /// A download's file could not be read.
        case inputFileReadFailed(at: URL)
        /// The data is not text in the encoding given.
        case stringSerializationFailed(encoding: String.Encoding)
        /// `JSONSerialization` failed.
        case jsonSerializationFailed(error: any Error)
        /// A `DataDecoder` failed.
        case decodingFailed(error: any Error)
        /// A custom serializer failed.
        case customSerializationFailed(error: any Error)
        /// An empty response was allowed, but `type` has no empty value.
        case invalidEmptyResponse(type: String)
    }

    /// Why a server's certificate chain was not trusted.
    ///
    /// Alamofire's reasons that carry Security framework values are not here; see ``AFError``.
    public enum ServerTrustFailureReason: Sendable {
        /// No trust evaluator covers the host, and evaluators are required for every host.
        case noRequiredEvaluator(host: String)
        /// No certificates were found to evaluate.
        case noCertificatesFound
        /// No public keys were found to evaluate.
        case noPublicKeysFound
        /// A revocation policy could not be made.
        case revocationPolicyCreationFailed
        /// Trust evaluation failed, with the system's error when there is one.
        case trustEvaluationFailed(error: (any Error)?)
        /// A custom evaluation failed; NetworkKit's pinning and trust failures arrive here.
        case customEvaluationFailed(error: any Error)
    }

    /// Why a `URLRequest` was refused before it was sent.
    public enum URLRequestValidationFailureReason: Sendable {
        /// A `GET` request has a body.
        case bodyDataInGETRequest(Data)
    }

    /// Making the body of an upload failed.
    case createUploadableFailed(error: any Error)
    /// Making the `URLRequest` failed.
    case createURLRequestFailed(error: any Error)
    /// Moving a downloaded file to its destination failed.
    case downloadedFileMoveFailed(error: any Error, source: URL, destination: URL)
    /// The request was cancelled by a call to `cancel()`.
    case explicitlyCancelled
    /// A `URLConvertible` gave no valid URL.
    case invalidURL(url: any URLConvertible)
    /// Building a multipart form body failed.
    case multipartEncodingFailed(reason: MultipartEncodingFailureReason)
    /// A ``ParameterEncoding`` failed.
    case parameterEncodingFailed(reason: ParameterEncodingFailureReason)
    /// A `ParameterEncoder` failed.
    case parameterEncoderFailed(reason: ParameterEncoderFailureReason)
    /// A ``RequestAdapter`` failed.
    case requestAdaptationFailed(error: any Error)
    /// A ``RequestRetrier`` failed while deciding on a retry.
    case requestRetryFailed(retryError: any Error, originalError: any Error)
    /// Validation refused the response.
    case responseValidationFailed(reason: ResponseValidationFailureReason)
    /// Serializing the response failed.
    case responseSerializationFailed(reason: ResponseSerializationFailureReason)
    /// The server's certificate chain was not trusted.
    case serverTrustEvaluationFailed(reason: ServerTrustFailureReason)
    /// The session went away before the request finished.
    case sessionDeinitialized
    /// The session was invalidated, with the error that did it when there is one.
    case sessionInvalidated(error: (any Error)?)
    /// The transfer failed; the error is the transport's.
    case sessionTaskFailed(error: any Error)
    /// The `URLRequest` was refused before it was sent.
    case urlRequestValidationFailed(reason: URLRequestValidationFailureReason)
}
