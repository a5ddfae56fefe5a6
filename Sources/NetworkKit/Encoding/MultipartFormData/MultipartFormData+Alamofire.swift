public import Foundation

// MARK: - Alamofire-compatible front door

/// Alamofire's `MultipartFormData` methods. They change the form in place (a `let` form works, as
/// with Alamofire's class) and, as Alamofire's, never throw: the first problem they find is kept and
/// thrown by ``encode()``, ``writeEncodedData(to:)`` or the upload.
extension MultipartFormData {
    /// Appends bytes, as a file part when `fileName` is given, as Alamofire's method.
    ///
    /// Unlike ``append(_:name:fileName:mimeType:)``, no media type is sent unless one is given.
    ///
    /// - Parameters:
    ///   - data:     The content.
    ///   - name:     The field name.
    ///   - fileName: The file name the server sees.
    ///   - mimeType: The content's media type.
    public func append(_ data: Data, withName name: String, fileName: String? = nil, mimeType: String? = nil) {
        appendStreamed(Part(name: name, fileName: fileName, mimeType: mimeType, content: data))
    }

    /// Appends a file, read when the form is encoded or sent, named by the URL's last component
    /// and typed by its extension, as Alamofire's method.
    ///
    /// - Parameters:
    ///   - fileURL: A file URL.
    ///   - name:    The field name.
    public func append(_ fileURL: URL, withName name: String) {
        let fileName = fileURL.lastPathComponent
        guard !fileName.isEmpty, !fileURL.pathExtension.isEmpty else {
            return record(.bodyPartFilenameInvalid(in: fileURL))
        }
        append(
            fileURL, withName: name, fileName: fileName, mimeType: Self.mimeType(forExtension: fileURL.pathExtension))
    }

    /// Appends a file, read when the form is encoded or sent, as Alamofire's method.
    ///
    /// A URL that is not a file URL, a file that does not exist, is a directory, cannot be read or
    /// has no size is kept as the ``AFError/MultipartEncodingFailureReason`` Alamofire gives it.
    ///
    /// - Parameters:
    ///   - fileURL:  A file URL.
    ///   - name:     The field name.
    ///   - fileName: The file name the server sees.
    ///   - mimeType: The content's media type.
    public func append(_ fileURL: URL, withName name: String, fileName: String, mimeType: String) {
        guard fileURL.isFileURL else { return record(.bodyPartURLInvalid(url: fileURL)) }
        let path = fileURL.path
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            let missing = CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path, NSURLErrorKey: fileURL])
            return record(.bodyPartFileNotReachableWithError(atURL: fileURL, error: missing))
        }
        guard !isDirectory.boolValue else { return record(.bodyPartFileIsDirectory(at: fileURL)) }
        let size: UInt64
        do {
            let attributes = try fileManager.attributesOfItem(atPath: path)
            guard let number = attributes[.size] as? NSNumber else {
                return record(.bodyPartFileSizeNotAvailable(at: fileURL))
            }
            size = number.uint64Value
        } catch {
            return record(.bodyPartFileSizeQueryFailedWithError(forURL: fileURL, error: error))
        }
        guard fileManager.isReadableFile(atPath: path) else {
            return record(.bodyPartInputStreamCreationFailed(for: fileURL))
        }
        let part = Part(
            name: name, fileName: fileName, mimeType: mimeType, content: Data(), fileURL: fileURL,
            fileSize: Int64(clamping: size))
        appendStreamed(part)
    }

    /// Appends the first `length` bytes of `stream` as a file part, as Alamofire's method.
    ///
    /// - Parameters:
    ///   - stream:   The content; read now (see ``append(_:withLength:headers:)``).
    ///   - length:   The number of bytes the stream has.
    ///   - name:     The field name.
    ///   - fileName: The file name the server sees.
    ///   - mimeType: The content's media type.
    public func append(
        _ stream: InputStream, withLength length: UInt64, name: String, fileName: String, mimeType: String
    ) {
        append(stream, withLength: length, headers: nil, name: name, fileName: fileName, mimeType: mimeType)
    }

    /// Appends the first `length` bytes of `stream` after the header fields `headers`, as
    /// Alamofire's method.
    ///
    /// Unlike Alamofire, which reads the stream when the form is encoded, the stream is read here,
    /// up to `length` bytes, so that the form stays a `Sendable` value that can be encoded again;
    /// append a file instead for content too large for memory. A stream with fewer or more bytes
    /// than `length` makes ``encode()`` and an upload throw
    /// ``AFError/MultipartEncodingFailureReason/inputStreamReadFailed(error:)`` with an
    /// ``AFError/UnexpectedInputStreamLength``, while ``writeEncodedData(to:)`` writes the bytes read,
    /// as Alamofire's does.
    ///
    /// - Parameters:
    ///   - stream:  The content.
    ///   - length:  The number of bytes the stream has.
    ///   - headers: The part's header fields, such as `Content-Disposition`.
    public func append(_ stream: InputStream, withLength length: UInt64, headers: HTTPHeaders) {
        append(stream, withLength: length, headers: headers, name: "", fileName: nil, mimeType: nil)
    }

    /// Writes the encoded form to a new file, as Alamofire's method.
    ///
    /// - Parameter fileURL: A file URL where no file exists yet.
    /// - Throws: The ``AFError`` Alamofire throws: the first problem an `append` found, or
    ///   ``AFError/multipartEncodingFailed(reason:)`` with
    ///   ``AFError/MultipartEncodingFailureReason/outputStreamFileAlreadyExists(at:)``,
    ///   ``AFError/MultipartEncodingFailureReason/outputStreamURLInvalid(url:)``,
    ///   ``AFError/MultipartEncodingFailureReason/outputStreamCreationFailed(for:)`` or
    ///   ``AFError/MultipartEncodingFailureReason/outputStreamWriteFailed(error:)``; a file part that
    ///   is gone or changed size is ``AFError/MultipartEncodingFailureReason/bodyPartFileNotReachableWithError(atURL:error:)``.
    public func writeEncodedData(to fileURL: URL) throws {
        if let failure = withState({ $0.failure }) { throw failure }
        if fileManager.fileExists(atPath: fileURL.path) {
            throw AFError.multipartEncodingFailed(reason: .outputStreamFileAlreadyExists(at: fileURL))
        }
        guard fileURL.isFileURL else {
            throw AFError.multipartEncodingFailed(reason: .outputStreamURLInvalid(url: fileURL))
        }
        if let used = usedStreamsFailure() {
            // Alamofire opens the file before it reads the used-up streams.
            guard fileManager.fileExists(atPath: fileURL.deletingLastPathComponent().path) else {
                throw AFError.multipartEncodingFailed(reason: .outputStreamCreationFailed(for: fileURL))
            }
            throw used
        }
        var form = self
        do throws(HTTPError) {
            try form.writeEncoded(to: fileURL)
        } catch .transferFailed(let failure) {
            let created = fileManager.fileExists(atPath: fileURL.path)
            let error = HTTPError.transferFailed(failure)
            throw AFError.multipartEncodingFailed(
                reason: created ? .outputStreamWriteFailed(error: error) : .outputStreamCreationFailed(for: fileURL))
        } catch {
            throw AFError(error)
        }
        useStreams()
    }

    /// Throws what Alamofire's `encode()` throws before reading any part: the first problem an
    /// `append` found, then a stream that did not have its announced length.
    func throwAppendFailure() throws(AFError) {
        let state = withState { $0 }
        if let failure = state.failure { throw failure }
        if let mismatch = state.parts.lazy.compactMap(\.streamMismatch).first {
            let error = AFError.UnexpectedInputStreamLength(
                bytesExpected: mismatch.announced, bytesRead: mismatch.found)
            throw .multipartEncodingFailed(reason: .inputStreamReadFailed(error: error))
        }
        if let used = usedStreamsFailure() { throw used }
    }

    /// The error of a second encoding of parts appended with Alamofire's methods: as Alamofire's,
    /// they are streams, which the first encoding read to their end, so nothing is left to read.
    private func usedStreamsFailure() -> AFError? {
        let (used, length) = withState { ($0.streamsUsed, $0.firstStreamedLength) }
        guard used, let length else { return nil }
        let error = AFError.UnexpectedInputStreamLength(bytesExpected: UInt64(max(length, 0)), bytesRead: 0)
        return .multipartEncodingFailed(reason: .inputStreamReadFailed(error: error))
    }

    /// Appends a part of Alamofire's methods, which Alamofire reads from a stream once.
    private func appendStreamed(_ part: Part) {
        withState { state in
            state.parts.append(part)
            if state.firstStreamedLength == nil { state.firstStreamedLength = part.length }
        }
    }

    /// Records that an encoding read the parts of Alamofire's methods.
    func useStreams() {
        withState { state in
            if state.firstStreamedLength != nil { state.streamsUsed = true }
        }
    }

    /// Throws, as NetworkKit's error for an upload, what ``throwAppendFailure()`` throws.
    func checkAppendedParts() throws(HTTPError) {
        do {
            try throwAppendFailure()
        } catch {
            throw HTTPError(error)
        }
    }

    /// Keeps the first problem an Alamofire-style append found.
    private func record(_ reason: AFError.MultipartEncodingFailureReason) {
        withState { state in
            if state.failure == nil { state.failure = .multipartEncodingFailed(reason: reason) }
        }
    }

    private func append(
        _ stream: InputStream, withLength length: UInt64, headers: HTTPHeaders?, name: String, fileName: String?,
        mimeType: String?
    ) {
        let read = Self.read(stream, upTo: length)
        if let error = read.error { return record(.inputStreamReadFailed(error: error)) }
        let mismatch = read.found == length ? nil : StreamMismatch(announced: length, found: read.found)
        let part = Part(
            name: name, fileName: fileName, mimeType: mimeType, content: read.content, headers: headers,
            streamMismatch: mismatch)
        appendStreamed(part)
    }

    /// Reads up to `length` bytes of `stream`, then looks for more: `found` is the bytes read, or
    /// more than `length` when the stream had more.
    private static func read(_ stream: InputStream, upTo length: UInt64) -> (
        content: Data, found: UInt64, error: (any Error)?
    ) {
        stream.open()
        defer { stream.close() }
        var content = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while UInt64(content.count) < length {
            let wanted = Int(min(UInt64(buffer.count), length - UInt64(content.count)))
            let count = stream.read(&buffer, maxLength: wanted)
            if count < 0 { return (content, UInt64(content.count), Self.error(of: stream)) }
            guard count > 0 else { return (content, UInt64(content.count), nil) }
            content.append(buffer, count: count)
        }
        let extra = stream.read(&buffer, maxLength: buffer.count)
        return (content, UInt64(content.count) + UInt64(max(extra, 0)), nil)
    }

    /// The error of a stream whose read failed. FoundationNetworking's `streamError` stops the
    /// process unless the stream's status is `.error`, so it is read only then.
    private static func error(of stream: InputStream) -> any Error {
        guard stream.streamStatus == .error, let error = stream.streamError else {
            return CocoaError(.fileReadUnknown)
        }
        return error
    }
}
