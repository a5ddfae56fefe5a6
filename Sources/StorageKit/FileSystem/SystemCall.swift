import InternalServiceUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call: its name and `errno`, turned into a ``StorageError`` by the caller.
struct SystemCallError: Error {
    let name: String
    let code: Int32

    /// The failure as a reason for a ``StorageError``.
    var reason: StorageError.FileFailureReason {
        code == ELOOP ? .notARegularFile : .systemCall(name: name, errno: code)
    }

    /// True when the call failed because the path does not exist.
    var isNotFound: Bool { code == ENOENT }
}

/// Thin wrappers that retry on `EINTR` and throw ``SystemCallError`` with the call's name.
enum SystemCall {
    /// Runs `body` until it returns something other than -1 with `EINTR`; throws on any other -1.
    @discardableResult
    static func retrying<Result: BinaryInteger>(_ name: String, _ body: () -> Result) throws(SystemCallError) -> Result
    {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = errno
            if code != EINTR { throw SystemCallError(name: name, code: code) }
        }
    }

    /// Opens `name` relative to the directory `directory` (or a path when `directory` is `AT_FDCWD`).
    static func open(
        _ name: String,
        relativeTo directory: Int32,
        flags: Int32,
        mode: mode_t = 0o600
    ) throws(SystemCallError) -> Int32 {
        try retrying("open") { openat(directory, name, flags | O_CLOEXEC, mode) }
    }

    /// Closes `descriptor`, ignoring errors (there is nothing left to do with it).
    static func close(_ descriptor: Int32) {
        _ = closeDescriptor(descriptor)
    }

    /// Writes all of `buffer` to `descriptor`.
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemCallError) {
        var offset = 0
        while offset < buffer.count {
            let remaining = UnsafeRawBufferPointer(rebasing: buffer[offset...])
            let written = try retrying("write") {
                systemWrite(descriptor, remaining.baseAddress, remaining.count)
            }
            offset += written
        }
    }

    /// Reads up to `count` bytes into `pointer`; returns 0 at the end of the file.
    static func read(_ descriptor: Int32, into pointer: UnsafeMutableRawPointer?, _ count: Int) throws(SystemCallError)
        -> Int
    {
        try retrying("read") { systemRead(descriptor, pointer, count) }
    }

    /// Flushes `descriptor`'s data to stable storage (`F_FULLFSYNC` where the platform has it).
    static func synchronize(_ descriptor: Int32) throws(SystemCallError) {
        guard FileDescriptorIO.synchronize(descriptor) else { throw SystemCallError(name: "fsync", code: errno) }
    }

    /// The `stat` of `name` in `directory`, without following a symbolic link; nil when it does not exist.
    static func status(of name: String, in directory: Int32) throws(SystemCallError) -> stat? {
        var info = stat()
        do throws(SystemCallError) {
            try retrying("fstatat") { fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) }
        } catch  where error.isNotFound {
            return nil
        }
        return info
    }

    /// True when `info` describes a regular file.
    static func isRegularFile(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFREG
    }
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, pointer, count)
}

private func systemRead(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, pointer, count)
}
