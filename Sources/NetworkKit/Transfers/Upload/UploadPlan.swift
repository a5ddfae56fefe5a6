import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An upload's body made ready to send: in memory, a file (the caller's, or a temporary one holding
/// an encoded form), or, for a chunked upload on Linux, the segments of a form streamed from its
/// files; with its length and media type, and the task that sends it.
final class UploadPlan: Sendable {
    private enum Source {
        case memory(Data)
        case file(URL)
        case segments([BodySegment])
    }

    private let source: Source
    /// The body's length in bytes.
    let length: Int64
    /// The `Content-Type` the body needs, when it decides one (a form's boundary, a file's type).
    let contentType: String?
    /// A temporary file this plan made, removed by ``removeTemporaryFile()``.
    private let temporaryFile: URL?
    private let framing: UploadOptions.Framing
    /// Whether the transport reads the body through ``transferBody``'s streams (libcurl, a custom
    /// transport) rather than URLSession's upload tasks.
    private let readsBodies: Bool
    /// The streams made for the attempts, to tell a file that changed while sent.
    private let streams = Locked<[InputStream]>([])

    private init(
        source: Source, length: Int64, contentType: String?, temporaryFile: URL? = nil, framing: UploadOptions.Framing,
        readsBodies: Bool
    ) {
        self.readsBodies = readsBodies
        self.source = source
        self.length = length
        self.contentType = contentType
        self.temporaryFile = temporaryFile
        self.framing = framing
    }

    /// Prepares `body`: reads nothing of a file but its size, and encodes a form in memory or,
    /// above the threshold, into a new file in `temporaryDirectory` (or, when the transport reads
    /// bodies itself, as a stream of its parts).
    ///
    /// - Parameter readsBodies: Whether the transport reads the body through ``transferBody``
    ///   (libcurl on Linux) rather than through URLSession's upload tasks.
    static func make(
        _ body: UploadBody, options: UploadOptions, temporaryDirectory: URL, readsBodies: Bool = false
    ) throws(HTTPError) -> UploadPlan {
        switch body {
        case .data(let data):
            return UploadPlan(
                source: .memory(data), length: Int64(data.count), contentType: nil, framing: .contentLength,
                readsBodies: readsBodies)
        case .file(let url):
            let size = try MultipartFormData.readableSize(of: url)
            let type = MultipartFormData.mimeType(forExtension: url.pathExtension)
            #if canImport(FoundationNetworking)
                // FoundationNetworking can send a file with a Content-Length only through its
                // Dispatch I/O file reader, which pauses the transfer while it waits for the disk and
                // resumes it when data arrives without checking that the transfer still runs: when it
                // ended meanwhile (the caller cancelled, or the server answered before reading the
                // whole body, as a server refusing an upload does), libcurl refuses and
                // FoundationNetworking stops the process (`EasyHandle.swift`, `try!` on
                // `curl_easy_pause`, error 43; seen in this project's tests). A stream is read
                // synchronously and never pauses. So, unless the transport reads the file itself, a
                // file up to the memory threshold is sent from memory with its length, and any other
                // file is streamed chunked.
                if !readsBodies {
                    if options.framing == .contentLength, size <= options.multipartMemoryThreshold {
                        return UploadPlan(
                            source: .memory(try MultipartFormData.read(url, expecting: size)), length: size,
                            contentType: type, framing: .contentLength, readsBodies: readsBodies)
                    }
                    return UploadPlan(
                        source: .file(url), length: size, contentType: type, framing: .chunked, readsBodies: readsBodies
                    )
                }
            #endif
            return UploadPlan(
                source: .file(url), length: size, contentType: type, framing: options.framing, readsBodies: readsBodies)
        case .multipart(var form):
            guard form.encodedLength > options.multipartMemoryThreshold else {
                let data = try form.encode()
                return UploadPlan(
                    source: .memory(data), length: Int64(data.count), contentType: form.contentType,
                    framing: .contentLength, readsBodies: readsBodies)
            }
            #if canImport(FoundationNetworking)
                // On Linux the form is a stream of its parts: no copy of the files, memory bounded all
                // the same. libcurl sends it framed as asked; URLSession always chunked (a large file
                // is, see the .file case above).
                for part in form.parts {
                    guard let url = part.fileURL else { continue }
                    let size = try MultipartFormData.readableSize(of: url)
                    if size != part.fileSize {
                        let reason =
                            "it changed size since it was appended: \(part.fileSize) bytes were expected, it has \(size)"
                        throw .encodingFailed(.unreadableFile(path: url.path, reason: reason))
                    }
                }
                let segments = form.segments()
                return UploadPlan(
                    source: .segments(segments), length: form.encodedLength, contentType: form.contentType,
                    framing: readsBodies ? options.framing : .chunked, readsBodies: readsBodies)
            #else
                let file = temporaryDirectory.appendingPathComponent(
                    "NetworkKit-upload-\(UUID().uuidString).multipart")
                do {
                    try form.writeEncoded(to: file)
                } catch {
                    try? FileManager.default.removeItem(at: file)
                    throw error
                }
                return UploadPlan(
                    source: .file(file), length: form.encodedLength, contentType: form.contentType,
                    temporaryFile: file, framing: options.framing, readsBodies: readsBodies)
            #endif
        }
    }

    /// The body as an exchange sends it: bytes in memory, a file with its length for URLSession
    /// (Apple platforms), or a stream of the file or the form's parts for a transport that reads
    /// bodies itself and for chunked uploads.
    var transferBody: HTTPExchange.Body {
        switch (source, framing) {
        case (.memory(let data), _):
            return .data(data)
        case (.file(let url), .contentLength) where !readsBodies:
            return .file(url, length: length)
        case (.file, _), (.segments, _):
            return .stream({ self.makeBodyStream() }, length: framing == .contentLength ? length : nil)
        }
    }

    /// A new stream of the file, for a chunked upload (URLSession asks once per attempt, and again
    /// after a redirect).
    func makeBodyStream() -> InputStream? {
        #if canImport(FoundationNetworking)
            let stream: SegmentedBodyStream
            switch source {
            case .memory: return nil
            case .file(let url): stream = SegmentedBodyStream([.file(path: url.path, size: length)])
            case .segments(let segments): stream = SegmentedBodyStream(segments)
            }
        #else
            guard case .file(let url) = source, let stream = InputStream(url: url) else { return nil }
        #endif
        streams.withLock { $0.append(stream) }
        return stream
    }

    /// The error to report instead of a failed attempt's, when a file changed or vanished while it
    /// was being sent.
    func fileFailure() -> HTTPError? {
        #if canImport(FoundationNetworking)
            let failed = streams.value.lazy.compactMap { ($0 as? SegmentedBodyStream)?.failure }.first
            if let failed { return .encodingFailed(.unreadableFile(path: failed.path, reason: failed.reason)) }
        #endif
        guard case .file(let url) = source else { return nil }
        let size: Int64
        do {
            size = try MultipartFormData.readableSize(of: url)
        } catch {
            return error
        }
        guard size != length else { return nil }
        let reason = "it changed while being sent: \(length) bytes were expected, it now has \(size)"
        return .encodingFailed(.unreadableFile(path: url.path, reason: reason))
    }

    /// Removes the temporary file of an encoded form, if there is one.
    func removeTemporaryFile() {
        guard let temporaryFile else { return }
        try? FileManager.default.removeItem(at: temporaryFile)
    }
}
