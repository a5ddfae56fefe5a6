#if os(Linux)
    import Foundation
    import FoundationNetworking

    /// A result of libcurl (`CURLcode`): how a transfer ended, or why an option was refused.
    ///
    /// Named here are the codes an HTTP(S) transfer of ``CurlTransport`` can end with, and those
    /// NetworkKit itself returns from libcurl's callbacks; the numbers are curl.h's, which libcurl
    /// never changes. An open set, as libcurl adds codes: any other number is still a value.
    struct CurlCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        let rawValue: Int32

        init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// `CURLE_OK`.
        static let ok = CurlCode(rawValue: 0)
        /// `CURLE_UNSUPPORTED_PROTOCOL`: a URL scheme other than `http` and `https`, or an answer
        /// that is not HTTP libcurl accepts (HTTP/0.9, an unknown version, a status outside 100–999).
        static let unsupportedProtocol = CurlCode(rawValue: 1)
        /// `CURLE_FAILED_INIT`.
        static let failedInit = CurlCode(rawValue: 2)
        /// `CURLE_URL_MALFORMAT`: a URL libcurl cannot read, such as a port above 65535.
        static let malformedURL = CurlCode(rawValue: 3)
        /// `CURLE_NOT_BUILT_IN`: an option or feature this build of libcurl lacks.
        static let notBuiltIn = CurlCode(rawValue: 4)
        /// `CURLE_COULDNT_RESOLVE_PROXY`.
        static let couldNotResolveProxy = CurlCode(rawValue: 5)
        /// `CURLE_COULDNT_RESOLVE_HOST`.
        static let couldNotResolveHost = CurlCode(rawValue: 6)
        /// `CURLE_COULDNT_CONNECT`: refused, unreachable.
        static let couldNotConnect = CurlCode(rawValue: 7)
        /// `CURLE_WEIRD_SERVER_REPLY`: a head libcurl cannot parse (a field without a colon, a NUL
        /// byte, an invalid `Content-Length`).
        static let weirdServerReply = CurlCode(rawValue: 8)
        /// `CURLE_HTTP2`: the HTTP/2 framing layer failed.
        static let http2 = CurlCode(rawValue: 16)
        /// `CURLE_PARTIAL_FILE`: the connection closed before the body's announced end.
        static let partialFile = CurlCode(rawValue: 18)
        /// `CURLE_WRITE_ERROR`: a write callback took fewer bytes than it was given.
        static let writeError = CurlCode(rawValue: 23)
        /// `CURLE_READ_ERROR`: the request body could not be read.
        static let readError = CurlCode(rawValue: 26)
        /// `CURLE_OUT_OF_MEMORY`: also what libcurl before 8.6 reports for a header line over its
        /// limit (100 KiB; see ``CurlHeadLimit``).
        static let outOfMemory = CurlCode(rawValue: 27)
        /// `CURLE_OPERATION_TIMEDOUT`: here only the connection timeout (the idle timeout is the
        /// loop's own).
        static let operationTimedOut = CurlCode(rawValue: 28)
        /// `CURLE_SSL_CONNECT_ERROR`: the TLS handshake failed.
        static let sslConnectError = CurlCode(rawValue: 35)
        /// `CURLE_ABORTED_BY_CALLBACK`: a progress or read callback stopped the transfer.
        static let abortedByCallback = CurlCode(rawValue: 42)
        /// `CURLE_BAD_FUNCTION_ARGUMENT`.
        static let badFunctionArgument = CurlCode(rawValue: 43)
        /// `CURLE_INTERFACE_FAILED`: the local interface or address to send from cannot be used.
        static let interfaceFailed = CurlCode(rawValue: 45)
        /// `CURLE_TOO_MANY_REDIRECTS`: never here, as libcurl follows no redirect itself.
        static let tooManyRedirects = CurlCode(rawValue: 47)
        /// `CURLE_UNKNOWN_OPTION`: an option older libcurl does not know.
        static let unknownOption = CurlCode(rawValue: 48)
        /// `CURLE_GOT_NOTHING`: the connection closed before a byte of the answer.
        static let gotNothing = CurlCode(rawValue: 52)
        /// `CURLE_SSL_ENGINE_NOTFOUND`.
        static let sslEngineNotFound = CurlCode(rawValue: 53)
        /// `CURLE_SSL_ENGINE_SETFAILED`.
        static let sslEngineSetFailed = CurlCode(rawValue: 54)
        /// `CURLE_SEND_ERROR`: sending on the connection failed.
        static let sendError = CurlCode(rawValue: 55)
        /// `CURLE_RECV_ERROR`: receiving failed (a reset, a broken chunk), or the header section
        /// passed libcurl's limit (300 KiB; see ``CurlHeadLimit``).
        static let receiveError = CurlCode(rawValue: 56)
        /// `CURLE_SSL_CERTPROBLEM`: the client's own certificate cannot be used.
        static let sslCertificateProblem = CurlCode(rawValue: 58)
        /// `CURLE_SSL_CIPHER`.
        static let sslCipher = CurlCode(rawValue: 59)
        /// `CURLE_PEER_FAILED_VERIFICATION`: the server's chain or name was not trusted.
        static let peerFailedVerification = CurlCode(rawValue: 60)
        /// `CURLE_BAD_CONTENT_ENCODING`: the body's content coding could not be decoded.
        static let badContentEncoding = CurlCode(rawValue: 61)
        /// `CURLE_FILESIZE_EXCEEDED`.
        static let fileSizeExceeded = CurlCode(rawValue: 63)
        /// `CURLE_SEND_FAIL_REWIND`: the body could not be sent again from its start.
        static let sendFailedRewind = CurlCode(rawValue: 65)
        /// `CURLE_SSL_ENGINE_INITFAILED`.
        static let sslEngineInitFailed = CurlCode(rawValue: 66)
        /// `CURLE_SSL_CACERT_BADFILE`: the trusted roots could not be loaded.
        static let sslCertificateAuthorityBadFile = CurlCode(rawValue: 77)
        /// `CURLE_SSL_SHUTDOWN_FAILED`.
        static let sslShutdownFailed = CurlCode(rawValue: 80)
        /// `CURLE_AGAIN`.
        static let again = CurlCode(rawValue: 81)
        /// `CURLE_SSL_CRL_BADFILE`.
        static let sslRevocationListBadFile = CurlCode(rawValue: 82)
        /// `CURLE_SSL_ISSUER_ERROR`.
        static let sslIssuerError = CurlCode(rawValue: 83)
        /// `CURLE_SSL_PINNEDPUBKEYNOTMATCH`: libcurl's own pinning, which NetworkKit does not use.
        static let pinnedPublicKeyMismatch = CurlCode(rawValue: 90)
        /// `CURLE_SSL_INVALIDCERTSTATUS`.
        static let sslInvalidCertificateStatus = CurlCode(rawValue: 91)
        /// `CURLE_HTTP2_STREAM`: the server reset the request's HTTP/2 stream.
        static let http2Stream = CurlCode(rawValue: 92)
        /// `CURLE_RECURSIVE_API_CALL`.
        static let recursiveAPICall = CurlCode(rawValue: 93)
        /// `CURLE_AUTH_ERROR`.
        static let authenticationError = CurlCode(rawValue: 94)
        /// `CURLE_PROXY`: the proxy's handshake failed (7.73 and later).
        static let proxy = CurlCode(rawValue: 97)
        /// `CURLE_SSL_CLIENTCERT`: the server asked for a client certificate (7.77 and later).
        static let sslClientCertificate = CurlCode(rawValue: 98)
        /// `CURLE_UNRECOVERABLE_POLL`.
        static let unrecoverablePoll = CurlCode(rawValue: 99)
        /// `CURLE_TOO_LARGE`: a field or buffer over libcurl's limit (8.6 and later).
        static let tooLarge = CurlCode(rawValue: 100)

        /// `libcurl` and the number, as error descriptions name the code.
        var description: String { "libcurl \(rawValue)" }
    }

    // MARK: - What a code means to a caller

    extension CurlCode {
        /// The `URLError` code a transfer that ended with this result reports: Apple's URLSession's
        /// code for the same failure (FoundationNetworking gives `unknown` for most).
        var urlErrorCode: URLError.Code {
            switch self {
            case .unsupportedProtocol: .unsupportedURL  // CurlExchange makes it badServerResponse for http(s)
            case .malformedURL: .badURL
            case .couldNotResolveProxy, .couldNotResolveHost: .cannotFindHost
            case .couldNotConnect, .proxy: .cannotConnectToHost
            case .weirdServerReply, .http2: .badServerResponse
            case .partialFile, .gotNothing, .sendError, .receiveError, .http2Stream: .networkConnectionLost
            case .operationTimedOut: .timedOut
            case .sslConnectError, .sslCipher, .sslShutdownFailed, .sslEngineNotFound, .sslEngineSetFailed,
                .sslEngineInitFailed:
                .secureConnectionFailed
            case .abortedByCallback: .cancelled
            case .tooManyRedirects: .httpTooManyRedirects
            case .sslCertificateProblem: .clientCertificateRejected
            case .sslClientCertificate: .clientCertificateRequired
            case .peerFailedVerification, .sslCertificateAuthorityBadFile, .sslIssuerError,
                .pinnedPublicKeyMismatch, .sslInvalidCertificateStatus, .sslRevocationListBadFile:
                .serverCertificateUntrusted
            case .badContentEncoding: .cannotDecodeContentData
            case .sendFailedRewind: .requestBodyStreamExhausted
            case .fileSizeExceeded, .tooLarge: .dataLengthExceedsMaximum
            default: .unknown
            }
        }

        /// What went wrong, in NetworkKit's words, for the start of an error's description; libcurl's
        /// own detail follows it there.
        var summary: String {
            switch self {
            case .unsupportedProtocol: "the answer is not HTTP that libcurl accepts"
            case .malformedURL: "libcurl cannot read the URL"
            case .couldNotResolveProxy: "the proxy's host name did not resolve"
            case .couldNotResolveHost: "the host name did not resolve"
            case .couldNotConnect: "could not connect to the server"
            case .weirdServerReply: "the response head is malformed"
            case .http2: "the HTTP/2 connection failed"
            case .partialFile: "the connection closed before the end of the body"
            case .writeError: "the response body was refused"
            case .readError: "the request body could not be read"
            case .outOfMemory: "libcurl ran out of memory"
            case .operationTimedOut: "timed out"
            case .sslConnectError: "the TLS handshake failed"
            case .abortedByCallback: "stopped by the client"
            case .tooManyRedirects: "too many redirects"
            case .gotNothing: "the server closed the connection without answering"
            case .sendError: "the connection failed while sending the request"
            case .receiveError: "the connection failed while receiving the response"
            case .sslCertificateProblem: "the client certificate cannot be used"
            case .sslCipher: "no usable TLS cipher"
            case .sslShutdownFailed: "the TLS connection did not close cleanly"
            case .peerFailedVerification: "the server's certificate is not trusted"
            case .badContentEncoding: "the body's content coding could not be decoded"
            case .fileSizeExceeded: "the body is larger than allowed"
            case .sendFailedRewind: "the request body could not be sent again from its start"
            case .sslCertificateAuthorityBadFile: "the trusted root certificates could not be loaded"
            case .sslIssuerError, .sslInvalidCertificateStatus, .sslRevocationListBadFile:
                "the server's certificate failed a check"
            case .pinnedPublicKeyMismatch: "the server's public key is not the pinned one"
            case .http2Stream: "the server reset the request's HTTP/2 stream"
            case .proxy: "the proxy's handshake failed"
            case .sslClientCertificate: "the server asks for a client certificate"
            case .tooLarge: "a part of the response is larger than libcurl allows"
            default: "libcurl failed"
            }
        }
    }
#endif
