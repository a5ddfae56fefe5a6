#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory `flock` on a key's lock file, so that processes sharing a directory take turns.
///
/// Lock files live in the folder `.storagekit-locks` inside the storage directory, one empty file per
/// key digest (``StorageKey/digest(of:)``). Removing a key removes its lock file too, while holding
/// it: whoever was waiting on that file wakes holding a lock no one else can see, so after each
/// `flock` the holder checks that the name still leads to the file it locked, and starts again on
/// the current file when it does not. Every open refuses symbolic links, so a planted link cannot
/// make the storage create a file elsewhere.
enum FileLock {
    /// The folder, inside the storage directory, that holds the lock files.
    static let folderName = StorageKey.reservedPrefix + "locks"

    /// Runs `body` while holding the exclusive lock of the key digest `digest` in `directory`;
    /// with `removingLockFile`, deletes the lock file after `body`, whatever its outcome, while
    /// still holding it.
    @discardableResult
    static func withExclusiveLock<Result>(
        on digest: String,
        in directory: Int32,
        removingLockFile: Bool = false,
        _ body: () throws(SystemCallError) -> Result
    ) throws(SystemCallError) -> Result {
        let folder = try openFolder(in: directory)
        defer { SystemCall.close(folder) }
        while true {
            let lock = try SystemCall.open(digest, relativeTo: folder, flags: O_RDWR | O_CREAT | O_NOFOLLOW)
            defer { SystemCall.close(lock) }  // closing the last descriptor releases the lock
            try SystemCall.retrying("flock") { flock(lock, LOCK_EX) }
            // A remover may have deleted this file while we waited (a new one may stand in its place)
            guard try isCurrent(lock, named: digest, in: folder) else { continue }
            defer {
                // Best effort: a lock file left behind only costs an empty file
                if removingLockFile { _ = unlinkat(folder, digest, 0) }
            }
            return try body()
        }
    }

    /// Whether `name` in `folder` is still the file open as `descriptor`.
    private static func isCurrent(_ descriptor: Int32, named name: String, in folder: Int32) throws(SystemCallError)
        -> Bool
    {
        var held = stat()
        try SystemCall.retrying("fstat") { fstat(descriptor, &held) }
        guard let current = try SystemCall.status(of: name, in: folder) else { return false }
        return current.st_ino == held.st_ino && current.st_dev == held.st_dev
    }

    private static func openFolder(in directory: Int32) throws(SystemCallError) -> Int32 {
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW
        do throws(SystemCallError) {
            return try SystemCall.open(folderName, relativeTo: directory, flags: flags)
        } catch  where error.isNotFound {
            do throws(SystemCallError) {
                try SystemCall.retrying("mkdir") { mkdirat(directory, folderName, 0o700) }
            } catch  where error.code == EEXIST {
                // Another writer created it first.
            }
            return try SystemCall.open(folderName, relativeTo: directory, flags: flags)
        }
    }
}
