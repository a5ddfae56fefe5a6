public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Everything that can go wrong while building, sending, validating or decoding a request.
///
/// Cases that happen on the way to a server carry a ``RequestSummary`` (method and URL), so the
/// one-line ``description`` always says which request failed, with secrets redacted.
///
/// ```swift
/// do {
///     let user = try await client.send(UserAPI.me, as: User.self)
/// } catch let error as HTTPError where error.statusCode == 404 {
///     // not found
/// }
/// ```
public enum HTTPError: Error, Sendable, Hashable {
    /// The URL could not be built from the router.
    case invalidURL(InvalidURLReason)
    /// The parameters or body could not be encoded.
    case encodingFailed(EncodingFailureReason)
    /// A request adapter threw before the request was sent.
    case adaptationFailed(RequestSummary, reason: String)
    /// The connection failed; carries URLSession's error code.
    case transport(TransportFailure)
    /// The server answered with a status code outside the acceptable range.
    case unacceptableStatus(StatusFailure)
    /// The response's `Content-Type` does not match the request's `Accept`.
    case unacceptableContentType(ContentTypeFailure)
    /// The body could not be decoded into the expected type.
    case decodingFailed(DecodingFailure)
    /// The calling task or the caller cancelled the request.
    case cancelled(RequestSummary)
    /// The request took longer than its timeout.
    case timedOut(RequestSummary)
    /// A credential could not be refreshed, or the server kept refusing a fresh one.
    case authenticationFailed(RequestSummary, reason: AuthenticationFailureReason)
    /// A download, upload or stream failed on this side of the wire: its file could not be
    /// written, the server's range did not fit, a line was too long.
    case transferFailed(TransferFailure)
    /// A request to a host with public-key pins was refused before its body or headers reached the
    /// server: its keys matched none of the pins, or pinning cannot be checked on this platform or
    /// over this connection (see ``PinningFailureReason``).
    case pinningFailed(PinningFailure)
    /// A public-key pin, a pinned host's name or a certificate to take a pin from is malformed.
    case invalidPinning(InvalidPinningReason)
    /// An HTTP Archive (HAR) file could not be read or written: not JSON, a required field
    /// missing, invalid base64, over a limit (see ``ArchiveFailure``, which names the entry).
    case archiveFailed(ArchiveFailure)
}

// MARK: - Context

extension HTTPError {
    /// The method and URL of the failing request.
    public struct RequestSummary: Hashable, Sendable, CustomStringConvertible {
        /// The request method.
        public let method: HTTPMethod
        /// The request URL, when there was one.
        public let url: URL?

        /// Creates a summary.
        ///
        /// - Parameters:
        ///   - method: The request method.
        ///   - url:    The request URL.
        public init(method: HTTPMethod, url: URL?) {
            self.method = method
            self.url = url
        }

        /// Creates the summary of a `URLRequest`.
        ///
        /// - Parameter request: The request.
        public init(_ request: URLRequest) {
            self.init(method: HTTPMethod(rawValue: request.httpMethod ?? "GET"), url: request.url)
        }

        /// `METHOD url`, with secret query values redacted.
        public var description: String {
            "\(method) \(url.map { Redaction.default.redact($0) } ?? "(no URL)")"
        }
    }

    /// A connection-level failure.
    public struct TransportFailure: Hashable, Sendable {
        /// The request.
        public let request: RequestSummary
        /// URLSession's error code, such as `.cannotConnectToHost`.
        public let code: URLError.Code
        /// The underlying error's description.
        public let reason: String

        /// Creates the payload; NetworkKit makes these, stubs and tests may too.
        ///
        /// - Parameters:
        ///   - request: The request (see the property).
        ///   - code: The code (see the property).
        ///   - reason: The reason (see the property).
        public init(request: RequestSummary, code: URLError.Code, reason: String) {
            self.request = request
            self.code = code
            self.reason = reason
        }
    }

    /// A response whose status code was not acceptable.
    public struct StatusFailure: Hashable, Sendable {
        /// The request.
        public let request: RequestSummary
        /// The status code received.
        public let statusCode: Int
        /// The response headers.
        public let headers: HTTPHeaders
        /// The response body as received, up to its first ``maximumBodyLength`` bytes, whatever
        /// kind of request met the status (data, download, upload, stream).
        public let body: Data

        /// Creates the payload; NetworkKit makes these, stubs and tests may too.
        ///
        /// - Parameters:
        ///   - request: The request (see the property).
        ///   - statusCode: The statusCode (see the property).
        ///   - headers: The headers (see the property).
        ///   - body: The body (see the property).
        public init(request: RequestSummary, statusCode: Int, headers: HTTPHeaders, body: Data) {
            self.request = request
            self.statusCode = statusCode
            self.headers = headers
            self.body = body
        }
    }

    /// A response whose media type the request did not accept.
    public struct ContentTypeFailure: Hashable, Sendable {
        /// The request.
        public let request: RequestSummary
        /// The response's `Content-Type`, if it sent one.
        public let received: String?
        /// The media types the request's `Accept` allowed.
        public let acceptable: [String]

        /// Creates the payload; NetworkKit makes these, stubs and tests may too.
        ///
        /// - Parameters:
        ///   - request: The request (see the property).
        ///   - received: The received (see the property).
        ///   - acceptable: The acceptable (see the property).
        public init(request: RequestSummary, received: String?, acceptable: [String]) {
            self.request = request
            self.received = received
            self.acceptable = acceptable
        }
    }

    /// A body that did not decode into the expected type.
    ///
    /// Two failures are equal when their request, type, coding path, reason and excerpt are.
    public struct DecodingFailure: Hashable, Sendable {
        /// The request.
        public let request: RequestSummary
        /// The name of the type that was decoded; empty when it is not known.
        public let type: String
        /// The path of the failing key, such as `items[2].price`; empty at the top level.
        public let codingPath: String
        /// What the decoder said.
        public let reason: String
        /// The first bytes of the body, as text.
        public let excerpt: String
        /// The error this failure was made from, given back whole when it is mapped back (the
        /// ``AFError`` that ``HTTPError/init(_:request:response:data:)`` mapped); not compared.
        let origin: (any Error)?

        /// Creates the payload; NetworkKit makes these, stubs and tests may too.
        ///
        /// - Parameters:
        ///   - request: The request (see the property).
        ///   - type: The type (see the property).
        ///   - codingPath: The codingPath (see the property).
        ///   - reason: The reason (see the property).
        ///   - excerpt: The excerpt (see the property).
        public init(request: RequestSummary, type: String, codingPath: String, reason: String, excerpt: String) {
            self.init(
                request: request, type: type, codingPath: codingPath, reason: reason, excerpt: excerpt, origin: nil)
        }

        init(
            request: RequestSummary, type: String, codingPath: String, reason: String, excerpt: String,
            origin: (any Error)?
        ) {
            self.request = request
            self.type = type
            self.codingPath = codingPath
            self.reason = reason
            self.excerpt = excerpt
            self.origin = origin
        }

        /// Whether the two failures say the same; the error each was made from is not compared.
        ///
        /// - Parameters:
        ///   - lhs: A failure.
        ///   - rhs: Another.
        /// - Returns: Whether their request, type, coding path, reason and excerpt are equal.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.request == rhs.request && lhs.type == rhs.type && lhs.codingPath == rhs.codingPath
                && lhs.reason == rhs.reason && lhs.excerpt == rhs.excerpt
        }

        /// Hashes what ``==(_:_:)`` compares.
        ///
        /// - Parameter hasher: The hasher.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(request)
            hasher.combine(type)
            hasher.combine(codingPath)
            hasher.combine(reason)
            hasher.combine(excerpt)
        }
    }
}
