import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - Errors FoundationNetworking leaves untyped

extension URLSessionTransportDelegate {
    /// The error a task ended with, as its exchange is told it.
    ///
    /// On Linux, FoundationNetworking runs the same libcurl as ``CurlTransport`` but gives most of
    /// its failures as `unknown`, with libcurl's text and without its code, and libcurl's
    /// unsupported protocol as `unsupportedURL`, which for an `http` or `https` request is
    /// reported as `badServerResponse` (the answer was not HTTP libcurl accepts). Two more are
    /// recognised by their text, as the libcurl transport reports them:
    /// - a header section over libcurl's bounds (see `CurlHeadLimit`) fails the exchange with
    ///   ``HTTPError/TransferFailureReason/responseHeadTooLarge(limit:)``;
    /// - a body whose content coding did not decode is `cannotDecodeContentData` (the client would
    ///   otherwise take an unknown failure after the head for a connection lost mid-body).
    ///
    /// Any other error is passed on as it is.
    ///
    /// - Parameters:
    ///   - error:    What the task ended with.
    ///   - exchange: The task's exchange.
    /// - Returns: The error to complete the exchange with.
    static func reported(_ error: (any Error)?, for exchange: HTTPExchange) -> (any Error)? {
        #if os(Linux)
            guard let error, let library = Libcurl.shared else { return error }
            let failure = error as NSError
            guard failure.domain == NSURLErrorDomain else { return error }
            if failure.code == URLError.Code.unsupportedURL.rawValue, !exchange.hasResponse,
                exchange.request.hasHTTPScheme
            {
                // libcurl's unsupported protocol for an http(s) URL: the answer was not HTTP it
                // accepts (HTTP/0.9, an unknown version, a status outside 100–999).
                return URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: failure.localizedDescription])
            }
            guard failure.code == URLError.Code.unknown.rawValue else { return error }
            let message = failure.localizedDescription
            if !exchange.hasResponse, let limit = CurlHeadLimit.exceeded(message: message, library: library) {
                return HTTPError.responseHeadLimitError(limit: limit)
            }
            if isContentCodingFailure(message, library: library) {
                return URLError(.cannotDecodeContentData, userInfo: [NSLocalizedDescriptionKey: message])
            }
            return error
        #else
            return error
        #endif
    }

    #if os(Linux)
        /// Whether `message` is libcurl's account of `CURLE_BAD_CONTENT_ENCODING`: the code's own
        /// text, or its error buffer's, which speaks of content (un)encoding.
        private static func isContentCodingFailure(_ message: String, library: Libcurl) -> Bool {
            if let text = library.errorText(CurlCode.badContentEncoding.rawValue), message == String(cString: text) {
                return true
            }
            let lowered = message.lowercased()
            return lowered.contains("content unencoding") || lowered.contains("content encoding")
        }
    #endif
}
