import Foundation
import InternalServiceUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Appends bytes to a file with POSIX calls, gathering small pieces into writes of up to 128 KiB.
///
/// Not thread-safe: its owner serializes every call (``DownloadTarget`` holds it under a lock).
struct FileWriter {
    /// Bytes gathered before a `write(2)`. Small enough to stay in the core's cache: the kernel
    /// copies each write into the page cache, and from a 1 MiB buffer (gone from the cache by the
    /// time it is full) that copy cost the process 1.3 to 1.9 times `curl -o`'s CPU for the same
    /// gigabyte; with 128 KiB, about the same as curl's.
    static let bufferSize = 128 << 10
    /// Pieces at least this long are written as they come when nothing is gathered, from libcurl's
    /// buffer, which is still in the cache: gathering them would only add a copy.
    static let directWriteSize = 16 << 10

    let path: String
    private var descriptor: Int32
    private var buffer = Data()
    /// Bytes in the file plus bytes gathered: where the next byte goes.
    private(set) var offset: Int64

    /// Opens `path` for writing at `offset`, creating it if needed and cutting off anything after `offset`.
    init(path: String, offset: Int64) throws(FileFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileFailure(Self.reason(errno, path: path)) }
        guard Self.cut(descriptor, to: offset), lseek(descriptor, off_t(offset), SEEK_SET) >= 0
        else {
            let code = errno
            _ = systemClose(descriptor)
            throw FileFailure(Self.reason(code, path: path))
        }
        self.path = path
        self.descriptor = descriptor
        self.offset = offset
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Adds `data`, writing the gathered bytes once there is a buffer's worth.
    mutating func append(_ data: Data) throws(FileFailure) {
        buffer.append(data)
        offset += Int64(data.count)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Adds `bytes` (libcurl hands them over 16 KiB at a time), writing the gathered bytes once
    /// there is a buffer's worth: one `write(2)` per 128 KiB, or per piece for pieces of 16 KiB or more.
    mutating func append(_ bytes: UnsafeRawBufferPointer) throws(FileFailure) {
        if buffer.isEmpty, bytes.count >= Self.directWriteSize {
            offset += Int64(bytes.count)
            let (written, failure) = FileDescriptorIO.write(bytes, to: descriptor)
            return try settle(written: written, of: bytes.count, failure: failure)
        }
        if let base = bytes.baseAddress { buffer.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
        offset += Int64(bytes.count)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Writes the gathered bytes. After a failure the file holds a prefix of what was appended
    /// (whatever the system took), which ``offset`` then reflects.
    mutating func flush() throws(FileFailure) {
        let (written, failure) = buffer.withUnsafeBytes { FileDescriptorIO.write($0, to: descriptor) }
        let count = buffer.count
        buffer.removeAll(keepingCapacity: true)
        try settle(written: written, of: count, failure: failure)
    }

    /// Accounts for a `write(2)` of `count` bytes, already counted in ``offset``, that took
    /// `written`: what the system did not take is dropped, so the file stays a prefix of the body and
    /// `offset` is brought back to its length.
    private mutating func settle(written: Int, of count: Int, failure: Int32?) throws(FileFailure) {
        offset -= Int64(count - written)
        if let failure { throw FileFailure(Self.reason(failure, path: path)) }
    }

    /// Writes what is gathered and closes the file; it is closed even when the last write fails.
    mutating func close() throws(FileFailure) {
        guard descriptor >= 0 else { return }
        defer {
            _ = systemClose(descriptor)
            descriptor = -1
        }
        try flush()
    }

    /// Cuts the open file `descriptor` to `length` bytes when it is longer; a file as long or shorter
    /// is left alone.
    ///
    /// Never truncate a file that is already short enough: on ext4 any truncation (even of an empty
    /// file to zero) marks the file for "replace via truncate" protection, and the next `close`
    /// writes back every dirty page first: about 0.4 s for a fresh 1 GiB download on this project's
    /// test machine, which `curl -o` does not pay.
    ///
    /// - Returns: Whether the file now has at most `length` bytes (false with `errno` set).
    static func cut(_ descriptor: Int32, to length: Int64) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        return status.st_size <= off_t(length) || ftruncate(descriptor, off_t(length)) == 0
    }

    /// The reason for a failed file call with `code` as `errno`.
    static func reason(_ code: Int32, path: String) -> HTTPError.TransferFailureReason {
        if code == ENOSPC || code == EDQUOT { return .diskFull(path: path) }
        return .cannotWrite(path: path, reason: String(cString: strerror(code)))
    }
}

/// A file operation that failed, as the reason a transfer reports.
struct FileFailure: Error {
    let reason: HTTPError.TransferFailureReason

    init(_ reason: HTTPError.TransferFailureReason) {
        self.reason = reason
    }
}

/// `close(2)`; inside `FileWriter` the name means its own method.
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
