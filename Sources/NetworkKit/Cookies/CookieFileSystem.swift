import Foundation
import InternalServiceUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What says a cookie file changed: its device, inode, size and modification and change times
/// (nanoseconds). A writer renames a new inode over the file, so another writer's save changes at
/// least the inode and the change time.
struct CookieFileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Duration
    let changed: Duration

    init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
            modified = .seconds(info.st_mtimespec.tv_sec) + .nanoseconds(info.st_mtimespec.tv_nsec)
            changed = .seconds(info.st_ctimespec.tv_sec) + .nanoseconds(info.st_ctimespec.tv_nsec)
        #else
            modified = .seconds(info.st_mtim.tv_sec) + .nanoseconds(info.st_mtim.tv_nsec)
            changed = .seconds(info.st_ctim.tv_sec) + .nanoseconds(info.st_ctim.tv_nsec)
        #endif
    }

    /// When the file was last written.
    var modificationDate: Date {
        let (seconds, attoseconds) = modified.components
        return Date(timeIntervalSince1970: Double(seconds) + Double(attoseconds) / 1e18)
    }
}

/// The system calls of cookie files: a bounded read, an atomic replace and a cross-process lock.
enum CookieFileSystem {
    /// How long a save waits for another process's lock: far longer than any save holds it.
    static let lockPatience: Duration = .seconds(5)

    /// The identity of the file at `path`, or nil when there is none.
    static func identity(of path: String) throws(CookieFileError) -> CookieFileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw CookieFileError(reason: .readFailed(path: path, code: errno))
        }
        return CookieFileIdentity(info)
    }

    /// The bytes of the file at `path` and its identity, or nil when it does not exist.
    ///
    /// - Throws: ``CookieFileError`` when it is not a regular file, is over `limit` bytes, or cannot
    ///   be read.
    static func read(_ path: String, limit: Int) throws(CookieFileError) -> (
        bytes: [UInt8], identity: CookieFileIdentity
    )? {
        let descriptor: Int32
        switch FileDescriptorIO.openForReading(path) {
        case .success(let opened): descriptor = opened
        case .failure(let failure) where failure.code == ENOENT: return nil
        case .failure(let failure): throw CookieFileError(reason: .readFailed(path: path, code: failure.code))
        }
        defer { FileDescriptorIO.closeDescriptor(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw CookieFileError(reason: .readFailed(path: path, code: errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw CookieFileError(reason: .notARegularFile(path: path)) }
        guard info.st_size <= limit else { throw CookieFileError(reason: .fileTooLarge(limit: limit)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer -> Result<Int, FileDescriptorIO.DescriptorFailure> in
                guard let base = buffer.baseAddress else { return .success(0) }
                return FileDescriptorIO.read(into: base, count: buffer.count, from: descriptor)
            }
            switch result {
            case .success(0): return (bytes, CookieFileIdentity(info))
            case .success(let count):
                // The file may have grown since `fstat`: the limit holds for what is read
                guard bytes.count + count <= limit else { throw CookieFileError(reason: .fileTooLarge(limit: limit)) }
                bytes.append(contentsOf: chunk[0..<count])
            case .failure(let failure): throw CookieFileError(reason: .readFailed(path: path, code: failure.code))
            }
        }
    }

    /// Replaces the file at `path` with `text` atomically: a temporary file in the same folder
    /// (readable by its owner only) is written, flushed and renamed over `path`, then the folder is
    /// flushed. On failure the temporary file is removed and `path` is as it was.
    ///
    /// - Returns: The new file's identity.
    @discardableResult
    static func replace(_ path: String, with text: String) throws(CookieFileError) -> CookieFileIdentity {
        let temporary = temporaryPrefix(of: path) + String(UInt64.random(in: .min ... .max), radix: 16)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw CookieFileError(reason: .writeFailed(path: path, code: errno)) }
        var text = text
        let failure: Int32? = text.withUTF8 { bytes in
            if let code = FileDescriptorIO.write(UnsafeRawBufferPointer(bytes), to: descriptor).failure { return code }
            return FileDescriptorIO.synchronize(descriptor) ? nil : errno
        }
        let closed = close(descriptor) == 0 ? nil : errno
        if let code = failure ?? closed {
            unlink(temporary)
            throw CookieFileError(reason: .writeFailed(path: path, code: code))
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw CookieFileError(reason: .writeFailed(path: path, code: code))
        }
        synchronizeFolder(of: path)
        guard let identity = try identity(of: path) else {
            throw CookieFileError(reason: .readFailed(path: path, code: ENOENT))
        }
        return identity
    }

    /// Runs `body` holding an exclusive `flock` on `<path>.lock`, which every writer of `path` takes
    /// around its read-merge-write. The lock file is never removed: a process waiting on a removed
    /// lock file would hold a lock no one else sees.
    static func withExclusiveLock<Result>(
        on path: String, _ body: () throws(CookieFileError) -> Result
    ) throws(CookieFileError) -> Result {
        let lockPath = path + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CookieFileError(reason: .writeFailed(path: lockPath, code: errno)) }
        defer { close(descriptor) }  // closing the descriptor releases the lock
        let deadline = ContinuousClock.now + lockPatience
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                throw CookieFileError(reason: .writeFailed(path: lockPath, code: code))
            }
            guard ContinuousClock.now < deadline else { throw CookieFileError(reason: .lockTimedOut(path: path)) }
            usleep(1000)
        }
        return try body()
    }

    /// Removes temporary files that writers killed mid-write left beside `path`. Call it holding the
    /// lock: every writer makes and renames its temporary file while holding it, so none is in use.
    static func removeLeftovers(of path: String) {
        let url = URL(fileURLWithPath: path)
        let prefix = "." + url.lastPathComponent + ".tmp-"
        let folder = url.deletingLastPathComponent().path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(prefix) {
            unlink(folder + "/" + name)
        }
    }

    /// `<folder>/.<name>.tmp-`: hidden, and named after the file it replaces.
    private static func temporaryPrefix(of path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".tmp-"
    }

    /// Flushes the folder holding `path`, so the rename survives a power cut (best effort: some file
    /// systems refuse to flush a folder).
    private static func synchronizeFolder(of path: String) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = FileDescriptorIO.synchronize(descriptor)
        close(descriptor)
    }
}
