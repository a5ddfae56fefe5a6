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
/// key digest (``StorageKey/digest(of:)``) ever written; they are never deleted, because deleting a lock file while another process waits
/// on it would let two writers in at once. Every open refuses symbolic links, so a planted link cannot
/// make the storage create a file elsewhere.
enum FileLock {
    /// The folder, inside the storage directory, that holds the lock files.
    static let folderName = StorageKey.reservedPrefix + "locks"

    /// Runs `body` while holding the exclusive lock of the key digest `digest` in `directory`.
    @discardableResult
    static func withExclusiveLock<Result>(
        on digest: String,
        in directory: Int32,
        _ body: () throws(SystemCallError) -> Result
    ) throws(SystemCallError) -> Result {
        let folder = try openFolder(in: directory)
        defer { SystemCall.close(folder) }
        let lock = try SystemCall.open(digest, relativeTo: folder, flags: O_RDWR | O_CREAT | O_NOFOLLOW)
        defer { SystemCall.close(lock) }  // closing the last descriptor releases the lock
        try SystemCall.retrying("flock") { flock(lock, LOCK_EX) }
        return try body()
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
