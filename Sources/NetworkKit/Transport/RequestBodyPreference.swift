import Foundation

/// How a transport is best handed a request body that lives on disk (a file upload, a multipart
/// form too large for memory): what it states through ``HTTPTransport/requestBodyPreference`` and
/// what an upload asks before it prepares its body. Bodies in memory are always `.data`.
///
/// ```swift
/// struct MyTransport: HTTPTransport {
///     var name: String { "mine" }
///     // Reads `.stream` bodies itself and sends a given length as `Content-Length`.
///     var requestBodyPreference: RequestBodyPreference { .stream }
///     func send(_ exchange: HTTPExchange) { /* … */ }
/// }
/// ```
public enum RequestBodyPreference: Sendable, Hashable {
    /// Streams, framed as given: a `.stream` body with a length goes out with that `Content-Length`,
    /// one without a length chunked. Files and large forms are streamed from disk without a copy.
    /// The default, and libcurl's.
    case stream
    /// Files: a file with its length goes out as `.file`, a large form is written to a temporary file
    /// first, and a chunked upload of a file is a stream of Foundation's own. URLSession's on Apple
    /// platforms.
    case file
    /// Chunked streams only: every `.stream` body goes out chunked, without `Content-Length`, whatever
    /// its length, and `.file` bodies are never handed over. A file up to the upload's memory
    /// threshold is sent from memory with its length; a larger file, and a large form, are streamed
    /// chunked. FoundationNetworking's URLSession, whose file uploads with a length can stop the
    /// process.
    case chunkedStream
}
