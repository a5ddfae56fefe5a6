package import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole reads and writes, and flushes, on a file descriptor that retry when a signal interrupts them.
///
/// `FileHandle.readDataToEndOfFile()` and `write(_:)` end in a `try!` inside Foundation, so an
/// `EINTR` from a signal arriving mid-read (SIGCHLD while children run, say) crashes the process.
/// These loops retry `EINTR` and stop cleanly on any other error.
package enum FileDescriptorIO {
    /// Reads from `descriptor` until end of file (or an error other than `EINTR`).
    ///
    /// - Parameter descriptor: An open, readable descriptor; it is not closed.
    /// - Returns: Everything read.
    package static func readAll(from descriptor: Int32) -> Data {
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                result.append(contentsOf: buffer[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return result
            }
        }
    }

    /// Writes all of `data` to `descriptor`.
    ///
    /// - Parameters:
    ///   - data: The bytes to write.
    ///   - descriptor: An open, writable descriptor; it is not closed.
    /// - Returns: `false` when the write failed (a closed pipe, for example) before all was written.
    @discardableResult
    package static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { write($0, to: descriptor).failure == nil }
    }

    /// Writes as much of `bytes` as the system takes, retrying `EINTR`.
    ///
    /// - Parameters:
    ///   - bytes: The bytes to write.
    ///   - descriptor: An open, writable descriptor; it is not closed.
    /// - Returns: How many bytes were written, and the `errno` that stopped the writing before the end
    ///   (`ENOSPC` when the system took no bytes without saying why), or `nil` when all were written.
    package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> (written: Int, failure: Int32?)
    {
        guard let base = bytes.baseAddress else { return (0, nil) }
        var written = 0
        while written < bytes.count {
            let count = systemWrite(descriptor, base + written, bytes.count - written)
            if count > 0 {
                written += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return (written, count == 0 ? ENOSPC : errno)
            }
        }
        return (written, nil)
    }

    /// Opens the file at `path` for reading, closed on `exec`.
    ///
    /// - Parameter path: The file's path.
    /// - Returns: The descriptor, or the system's text for why it could not be opened.
    package static func openForReading(_ path: String) -> Result<Int32, DescriptorFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(DescriptorFailure(code: errno)) }
        return .success(descriptor)
    }

    /// Reads at most `count` bytes from `descriptor` into `buffer`, retrying `EINTR`.
    ///
    /// - Parameters:
    ///   - buffer:     Where the bytes go.
    ///   - count:      The most bytes to read.
    ///   - descriptor: An open, readable descriptor; it is not closed.
    /// - Returns: How many bytes were read (0 at the end of the file), or why the read failed.
    package static func read(
        into buffer: UnsafeMutableRawPointer, count: Int, from descriptor: Int32
    ) -> Result<Int, DescriptorFailure> {
        while true {
            let read = systemRead(descriptor, buffer, count)
            if read >= 0 { return .success(read) }
            if errno != EINTR { return .failure(DescriptorFailure(code: errno)) }
        }
    }

    /// Closes `descriptor`, ignoring the outcome (a descriptor only read from has nothing to lose).
    ///
    /// - Parameter descriptor: An open descriptor.
    package static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// Why a call on a descriptor failed: its `errno` and the system's text for it.
    package struct DescriptorFailure: Error, Sendable {
        /// The `errno` value.
        package let code: Int32
        /// The system's description of ``code``.
        package var message: String { String(cString: strerror(code)) }
    }

    /// Flushes `descriptor`'s data to stable storage, retrying `fsync` on `EINTR`.
    ///
    /// On Apple platforms `fsync` only hands the data to the drive, which may keep it in its cache;
    /// `fcntl(F_FULLFSYNC)` asks the drive to write it out, so that is tried first, and `fsync` is
    /// the fallback where the file system does not support it.
    ///
    /// - Parameter descriptor: An open descriptor of a file or directory; it is not closed.
    /// - Returns: `false` when the flush failed; `errno` then says why.
    package static func synchronize(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) != -1 { return true }
        #endif
        while true {
            if fsync(descriptor) == 0 { return true }
            if errno != EINTR { return false }
        }
    }
}

/// The C library's `read`, which ``FileDescriptorIO/read(into:count:from:)`` shadows by name.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// The C library's `write`, which ``FileDescriptorIO/write(_:to:)`` shadows by name.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
