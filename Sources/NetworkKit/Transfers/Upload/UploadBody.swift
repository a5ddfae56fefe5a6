public import Foundation

/// What an upload sends: bytes, a file, or a multipart form.
///
/// ```swift
/// try await client.upload(.file(videoURL), to: API.upload)
/// try await client.upload(.multipart(form), to: API.avatar)
/// ```
public enum UploadBody: Sendable {
    /// Bytes held in memory.
    case data(Data)
    /// A file, streamed from disk; it must keep its size while it is sent.
    case file(URL)
    /// A `multipart/form-data` form. Above ``UploadOptions/multipartMemoryThreshold`` it is written
    /// to a temporary file, which is streamed and then removed whatever happens; on Linux the parts
    /// are streamed straight from their files instead, with no copy.
    case multipart(MultipartFormData)
}

/// How an upload frames and buffers its body.
public struct UploadOptions: Sendable, Hashable {
    /// How the body's end is announced.
    public enum Framing: Sendable, Hashable {
        /// A `Content-Length` header: what every server accepts. On Linux with the URLSession
        /// transport (``BuiltInTransport/urlSession``, or when libcurl is not available), a file up to
        /// ``UploadOptions/multipartMemoryThreshold`` is read into memory and sent with its length,
        /// and a larger file or form is sent ``chunked``: FoundationNetworking's own file reader can
        /// stop the process when a transfer ends while it waits for the disk, so it is never used.
        case contentLength
        /// `Transfer-Encoding: chunked` (HTTP/1.1) from a stream, for servers that accept chunked
        /// request bodies (nginx, most frameworks; not all object stores). Bodies in memory always use
        /// `Content-Length`.
        case chunked
    }

    /// How the body's end is announced (``Framing/contentLength`` by default).
    public var framing: Framing
    /// The size above which a multipart body is written to a file instead of memory (10 MB, as
    /// Alamofire). On Linux with the URLSession transport it is also the largest file sent with
    /// ``Framing/contentLength``, read into memory; a larger one is sent ``Framing/chunked``.
    public var multipartMemoryThreshold: Int64

    /// Creates options.
    ///
    /// - Parameters:
    ///   - framing:                  How the body's end is announced.
    ///   - multipartMemoryThreshold: The largest multipart body built in memory, in bytes.
    public init(framing: Framing = .contentLength, multipartMemoryThreshold: Int64 = 10_000_000) {
        self.framing = framing
        self.multipartMemoryThreshold = multipartMemoryThreshold
    }
}
