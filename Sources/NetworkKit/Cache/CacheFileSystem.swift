import Foundation
import InternalServiceUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls of a cache directory: bounded reads, atomic replaces, a cross-process lock and
/// listings. Readers take no lock: every file is replaced by `rename`, so a reader sees a whole old
/// file or a whole new one.
enum CacheFileSystem {
    /// How long a writer waits for another process's lock: far longer than any write holds it.
    static let lockPatience: Duration = .seconds(5)
    /// The lock file every writer of the directory locks.
    static let lockFileName = ".lock"
    /// The prefix of temporary files, removed at start-up when a writer died mid-write.
    static let temporaryPrefix = ".tmp-"

    /// A cache file as the directory lists it.
    struct Listing: Sendable {
        var name: String
        var size: Int
        var modified: Date
    }

    /// Creates `path` and its parents when missing, and checks that it is a writable directory.
    static func prepareDirectory(_ path: String) throws(HTTPCacheError) {
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw HTTPCacheError(reason: .directoryUnavailable(path: path, code: errno))
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw HTTPCacheError(reason: .directoryUnavailable(path: path, code: ENOTDIR))
        }
        guard access(path, R_OK | W_OK | X_OK) == 0 else {
            throw HTTPCacheError(reason: .directoryUnavailable(path: path, code: errno))
        }
    }

    /// The bytes of the regular file at `path` and its inode, or nil when it is missing, not a
    /// regular file, unreadable or over `limit` bytes (all misses to a cache).
    static func read(_ path: String, limit: Int) -> (bytes: [UInt8], inode: UInt64)? {
        guard case .success(let descriptor) = FileDescriptorIO.openForReading(path) else { return nil }
        defer { FileDescriptorIO.closeDescriptor(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= limit else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let result = bytes.withUnsafeMutableBytes { buffer -> Result<Int, FileDescriptorIO.DescriptorFailure> in
                guard let base = buffer.baseAddress else { return .success(0) }
                return FileDescriptorIO.read(into: base + filled, count: buffer.count - filled, from: descriptor)
            }
            guard case .success(let count) = result, count > 0 else { break }
            filled += count
        }
        // A file shorter than `fstat` said reads as truncated and fails its checksum
        bytes.removeLast(bytes.count - filled)
        return (bytes, UInt64(truncatingIfNeeded: info.st_ino))
    }

    /// Replaces the file at `path` with `bytes` atomically: a temporary file in the same directory
    /// is written, flushed and renamed over `path`, then the directory is flushed (best effort).
    /// Call it holding the directory's lock.
    static func replace(_ path: String, with bytes: [UInt8]) throws(HTTPCacheError) {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/" + temporaryPrefix + String(UInt64.random(in: .min ... .max), radix: 16)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw HTTPCacheError(reason: .writeFailed(path: path, code: errno)) }
        var failure = bytes.withUnsafeBytes { FileDescriptorIO.write($0, to: descriptor).failure }
        if failure == nil, !FileDescriptorIO.synchronize(descriptor) { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw HTTPCacheError(reason: .writeFailed(path: path, code: failure))
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = FileDescriptorIO.synchronize(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Removes the file at `path` if it is still the file with `inode` (another process may have
    /// renamed a new one over it since it was read). Call it holding the directory's lock.
    static func remove(_ path: String, ifInode inode: UInt64) {
        var info = stat()
        guard stat(path, &info) == 0, UInt64(truncatingIfNeeded: info.st_ino) == inode else { return }
        unlink(path)
    }

    /// Runs `body` holding an exclusive `flock` on the directory's lock file, which every writer
    /// takes. The lock file is never removed.
    static func withExclusiveLock<Result>(
        in directory: String, _ body: () -> Result
    ) throws(HTTPCacheError) -> Result {
        let lockPath = directory + "/" + lockFileName
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw HTTPCacheError(reason: .writeFailed(path: lockPath, code: errno)) }
        defer { close(descriptor) }  // closing the descriptor releases the lock
        let deadline = ContinuousClock.now + lockPatience
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                throw HTTPCacheError(reason: .writeFailed(path: lockPath, code: code))
            }
            guard ContinuousClock.now < deadline else { throw HTTPCacheError(reason: .lockTimedOut(path: lockPath)) }
            usleep(500)
        }
        return body()
    }

    /// The cache files in `directory` (named `<hash>.cache`), with their sizes and times.
    static func listing(of directory: String) -> [Listing] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name in
            guard name.hasSuffix(CacheKey.fileExtension), !name.hasPrefix(".") else { return nil }
            var info = stat()
            guard lstat(directory + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            #if canImport(Darwin)
                let seconds = Double(info.st_mtimespec.tv_sec)
            #else
                let seconds = Double(info.st_mtim.tv_sec)
            #endif
            return Listing(name: name, size: Int(info.st_size), modified: Date(timeIntervalSince1970: seconds))
        }
    }

    /// Removes temporary files writers killed mid-write left in `directory`. Call it holding the
    /// lock: every writer makes and renames its temporary file while holding it.
    static func removeLeftovers(in directory: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(temporaryPrefix) {
            unlink(directory + "/" + name)
        }
    }
}
