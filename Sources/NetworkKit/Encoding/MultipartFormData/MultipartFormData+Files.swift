import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading the files of streamed parts, and writing a whole form to a file without holding it.
extension MultipartFormData {
    /// Writes the encoded form to `destination` (created or replaced), copying each streamed file
    /// through a 1 MiB buffer; picks a new boundary first, as ``encode()`` does.
    ///
    /// - Throws: ``HTTPError/encodingFailed(_:)`` when a streamed file is gone or changed size,
    ///   ``HTTPError/transferFailed(_:)`` when `destination` cannot be written.
    mutating func writeEncoded(to destination: URL) throws(HTTPError) {
        chooseBoundary()
        let summary = HTTPError.RequestSummary(method: .post, url: nil)
        var writer: FileWriter
        do {
            writer = try FileWriter(path: destination.path, offset: 0)
        } catch {
            throw .transferFailed(HTTPError.TransferFailure(request: summary, reason: error.reason))
        }
        var failure: HTTPError?
        do throws(FileFailure) {
            for part in parts {
                try writer.append(head(of: part))
                if let fileURL = part.fileURL {
                    failure = try Self.copy(fileURL, expecting: part.fileSize, into: &writer)
                    if failure != nil { break }
                } else {
                    try writer.append(part.content)
                }
                try writer.append(Data("\r\n".utf8))
            }
            if failure == nil { try writer.append(tail) }
            try writer.close()
        } catch {
            try? writer.close()
            throw .transferFailed(HTTPError.TransferFailure(request: summary, reason: error.reason))
        }
        if let failure {
            try? writer.close()
            throw failure
        }
    }

    /// The size of a readable regular file.
    static func readableSize(of fileURL: URL) throws(HTTPError) -> Int64 {
        let path = fileURL.path
        var status = stat()
        guard stat(path, &status) == 0 else { throw unreadable(path, String(cString: strerror(errno))) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw unreadable(path, "not a regular file") }
        guard access(path, R_OK) == 0 else { throw unreadable(path, String(cString: strerror(errno))) }
        return Int64(status.st_size)
    }

    /// The whole of a streamed part's file, which must still have `size` bytes.
    static func read(_ fileURL: URL, expecting size: Int64) throws(HTTPError) -> Data {
        var data = Data()
        try each(chunkOf: fileURL, expecting: size) { data.append($0) }
        return data
    }

    /// Copies a streamed part's file into `writer`; returns the encoding error when the file is
    /// gone or changed size (a file-system error of the writer is thrown).
    private static func copy(_ fileURL: URL, expecting size: Int64, into writer: inout FileWriter) throws(FileFailure)
        -> HTTPError?
    {
        var writeFailure: FileFailure?
        do {
            try each(chunkOf: fileURL, expecting: size) { chunk in
                guard writeFailure == nil else { return }
                do throws(FileFailure) {
                    try writer.append(chunk)
                } catch {
                    writeFailure = error
                }
            }
        } catch {
            if let writeFailure { throw writeFailure }
            return error
        }
        if let writeFailure { throw writeFailure }
        return nil
    }

    /// Calls `body` with the file's bytes in chunks of up to 1 MiB, then checks that there were `size`.
    private static func each(
        chunkOf fileURL: URL, expecting size: Int64, _ body: (Data) -> Void
    ) throws(HTTPError) {
        let path = fileURL.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var buffer = Data(count: 1 << 20)
        var total: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw unreadable(path, String(cString: strerror(errno))) }
            if count == 0 { break }
            total += Int64(count)
            guard total <= size else { break }
            body(count == buffer.count ? buffer : buffer.prefix(count))
        }
        guard total == size else {
            throw unreadable(path, "it changed while being sent: \(size) bytes were expected, \(total) found")
        }
    }

    private static func unreadable(_ path: String, _ reason: String) -> HTTPError {
        .encodingFailed(.unreadableFile(path: path, reason: reason))
    }
}

/// `read(2)`; inside `MultipartFormData` the name means its own method.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
