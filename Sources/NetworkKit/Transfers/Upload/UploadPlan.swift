import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An upload's body made ready to send: in memory, a file (the caller's, or a temporary one holding
/// an encoded form), or the segments of a form streamed from its files; with its length and media
/// type. How a body on disk is handed over follows the transport's
/// ``HTTPTransport/requestBodyPreference``.
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
    /// How the transport takes a body on disk.
    private let preference: RequestBodyPreference
    /// The streams made for the attempts, to tell a file that changed while sent.
    private let streams = Locked<[InputStream]>([])

    private init(
        source: Source, length: Int64, contentType: String?, temporaryFile: URL? = nil, framing: UploadOptions.Framing,
        preference: RequestBodyPreference
    ) {
        self.preference = preference
        self.source = source
        self.length = length
        self.contentType = contentType
        self.temporaryFile = temporaryFile
        self.framing = framing
    }

    /// Prepares `body`: reads nothing of a file but its size, and encodes a form in memory or,
    /// above the threshold, as a stream of its parts or (for a transport that prefers files) into a
    /// new file in `temporaryDirectory`.
    ///
    /// - Parameter preference: How the transport takes a body on disk.
    static func make(
        _ body: UploadBody, options: UploadOptions, temporaryDirectory: URL,
        preference: RequestBodyPreference = .stream
    ) throws(HTTPError) -> UploadPlan {
        switch body {
        case .data(let data):
            return UploadPlan(
                source: .memory(data), length: Int64(data.count), contentType: nil, framing: .contentLength,
                preference: preference)
        case .file(let url):
            let size = try MultipartFormData.readableSize(of: url)
            let type = MultipartFormData.mimeType(forExtension: url.pathExtension)
            guard preference == .chunkedStream else {
                return UploadPlan(
                    source: .file(url), length: size, contentType: type, framing: options.framing,
                    preference: preference)
            }
            // No file handed over: a small one goes from memory with its length, any other chunked.
            if options.framing == .contentLength, size <= options.multipartMemoryThreshold {
                return UploadPlan(
                    source: .memory(try MultipartFormData.read(url, expecting: size)), length: size,
                    contentType: type, framing: .contentLength, preference: preference)
            }
            return UploadPlan(
                source: .file(url), length: size, contentType: type, framing: .chunked, preference: preference)
        case .multipart(var form):
            try form.checkAppendedParts()
            guard form.encodedLength > options.multipartMemoryThreshold else {
                let data = try form.encodedBody()
                return UploadPlan(
                    source: .memory(data), length: Int64(data.count), contentType: form.contentType,
                    framing: .contentLength, preference: preference)
            }
            if preference == .file {
                return try writtenOut(&form, options: options, temporaryDirectory: temporaryDirectory)
            }
            // The form is a stream of its parts: no copy of the files, memory bounded all the same.
            try checkSizes(of: form)
            return UploadPlan(
                source: .segments(form.segments()), length: form.encodedLength, contentType: form.contentType,
                framing: preference == .stream ? options.framing : .chunked, preference: preference)
        }
    }

    /// A form too large for memory written to a temporary file, for a transport that prefers files.
    private static func writtenOut(
        _ form: inout MultipartFormData, options: UploadOptions, temporaryDirectory: URL
    ) throws(HTTPError) -> UploadPlan {
        let file = temporaryDirectory.appendingPathComponent("NetworkKit-upload-\(UUID().uuidString).multipart")
        do {
            try form.writeEncoded(to: file)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        return UploadPlan(
            source: .file(file), length: form.encodedLength, contentType: form.contentType, temporaryFile: file,
            framing: options.framing, preference: .file)
    }

    /// Fails when a file of `form` changed size since it was appended (a stream of its parts must
    /// send exactly the length announced).
    private static func checkSizes(of form: MultipartFormData) throws(HTTPError) {
        for part in form.parts {
            guard let url = part.fileURL else { continue }
            let size = try MultipartFormData.readableSize(of: url)
            if size != part.fileSize {
                let reason =
                    "it changed size since it was appended: \(part.fileSize) bytes were expected, it has \(size)"
                throw .encodingFailed(.unreadableFile(path: url.path, reason: reason))
            }
        }
    }

    /// The body as an exchange sends it: bytes in memory, a file with its length for a transport that
    /// prefers files, or a stream of the file or the form's parts.
    var transferBody: HTTPExchange.Body {
        switch (source, framing) {
        case (.memory(let data), _):
            return .data(data)
        case (.file(let url), .contentLength) where preference == .file:
            return .file(url, length: length)
        case (.file, _), (.segments, _):
            return .stream({ self.makeBodyStream() }, length: framing == .contentLength ? length : nil)
        }
    }

    /// A new stream of the body, for each attempt (and again after a redirect): Foundation's own
    /// file stream for a transport that prefers files (URLSession reads it on its run loop), the
    /// segments read straight into the transport's buffer otherwise.
    func makeBodyStream() -> InputStream? {
        let stream: InputStream
        switch source {
        case .memory:
            return nil
        case .file(let url) where preference == .file:
            guard let file = InputStream(url: url) else { return nil }
            stream = file
        case .file(let url):
            stream = SegmentedBodyStream([.file(path: url.path, size: length)])
        case .segments(let segments):
            stream = SegmentedBodyStream(segments)
        }
        streams.withLock { $0.append(stream) }
        return stream
    }

    /// The error to report instead of a failed attempt's, when a file changed or vanished while it
    /// was being sent.
    func fileFailure() -> HTTPError? {
        let failed = streams.value.lazy.compactMap { ($0 as? SegmentedBodyStream)?.failure }.first
        if let failed { return .encodingFailed(.unreadableFile(path: failed.path, reason: failed.reason)) }
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
