import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension StorageDirectory {
    /// Replaces the file of `key` with `data` atomically: after a crash at any instant the file holds
    /// the old bytes or the new ones, never a mix and never nothing.
    ///
    /// The bytes go to a new temporary file in the same directory, which is flushed, renamed over the
    /// key's file, and then the directory itself is flushed so the rename survives a power cut
    /// (the two flushes are skipped with ``LocalStorage/Durability/atomicOnly``). The caller holds
    /// the key's in-process lock; this takes the cross-process `flock`.
    ///
    /// - Throws: ``StorageError/writeFailed(key:reason:)`` or
    ///   ``StorageError/directoryUnavailable(path:reason:)``.
    func write(_ data: Data, forKey key: String) throws(StorageError) {
        _ = try withDescriptor(.createIfMissing) { directory throws(StorageError) in
            do throws(SystemCallError) {
                try FileLock.withExclusiveLock(on: StorageKey.digest(of: key), in: directory) {
                    () throws(SystemCallError) in
                    try replace(key, with: data, in: directory)
                }
            } catch {
                throw .writeFailed(key: key, reason: error.reason)
            }
        }
    }

    private func replace(_ key: String, with data: Data, in directory: Int32) throws(SystemCallError) {
        if let existing = try SystemCall.status(of: key, in: directory), !SystemCall.isRegularFile(existing) {
            throw SystemCallError(name: "open", code: ELOOP)
        }
        let temporary = Self.temporaryName(forKey: key)
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
        let descriptor = try SystemCall.open(temporary, relativeTo: directory, flags: flags)
        do throws(SystemCallError) {
            defer { SystemCall.close(descriptor) }
            let written = data.withUnsafeBytes { bytes in
                Result { () throws(SystemCallError) in try SystemCall.writeAll(descriptor, bytes) }
            }
            try written.get()
            if durability == .synchronized { try SystemCall.synchronize(descriptor) }
        } catch {
            _ = unlinkat(directory, temporary, 0)
            throw error
        }
        do throws(SystemCallError) {
            try SystemCall.retrying("rename") { renameat(directory, temporary, directory, key) }
        } catch {
            _ = unlinkat(directory, temporary, 0)
            throw error
        }
        if durability == .synchronized { try SystemCall.synchronize(directory) }
    }

    /// Removes the file of `key`, and its lock file.
    ///
    /// - Throws: ``StorageError/valueNotFound(key:)`` or ``StorageError/removeFailed(key:reason:)``.
    func remove(_ key: String) throws(StorageError) {
        let removed: Void? = try withDescriptor(.openExisting) { directory throws(StorageError) in
            do throws(SystemCallError) {
                let digest = StorageKey.digest(of: key)
                try FileLock.withExclusiveLock(on: digest, in: directory, removingLockFile: true) {
                    () throws(SystemCallError) in
                    guard let info = try SystemCall.status(of: key, in: directory) else {
                        throw SystemCallError(name: "unlink", code: ENOENT)
                    }
                    guard SystemCall.isRegularFile(info) else { throw SystemCallError(name: "unlink", code: ELOOP) }
                    try SystemCall.retrying("unlink") { unlinkat(directory, key, 0) }
                    if durability == .synchronized { try SystemCall.synchronize(directory) }
                }
            } catch  where error.isNotFound {
                throw .valueNotFound(key: key)
            } catch {
                throw .removeFailed(key: key, reason: error.reason)
            }
        }
        if removed == nil { throw .valueNotFound(key: key) }
    }

    /// A fresh name for a temporary file of `key`: the reserved prefix, so no key can collide with it;
    /// the key's digest, so a leftover can be matched to its lock; and 64 random bits.
    static func temporaryName(forKey key: String) -> String {
        let random = String(UInt64.random(in: .min ... .max), radix: 16)
        return StorageKey.temporaryPrefix(digest: StorageKey.digest(of: key)) + random
    }

    /// Deletes temporary files left by writers that were killed mid-write.
    ///
    /// A writer creates and renames (or deletes) its temporary file while it holds its key's lock, so
    /// a temporary file seen while holding that lock belongs to no running writer.
    func removeLeftovers() throws(StorageError) {
        _ = try withDescriptor(.openExisting) { directory throws(StorageError) in
            let prefix = StorageKey.reservedPrefix + "tmp-"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            for name in names where name.hasPrefix(prefix) {
                let digest = String(name.dropFirst(prefix.count).prefix(16))
                guard digest.count == 16, !digest.contains("/") else { continue }
                do throws(SystemCallError) {
                    try FileLock.withExclusiveLock(on: digest, in: directory) { () throws(SystemCallError) in
                        try SystemCall.retrying("unlink") { unlinkat(directory, name, 0) }
                    }
                } catch  where error.isNotFound {
                    continue
                } catch {
                    throw .removeFailed(key: name, reason: error.reason)
                }
            }
        }
    }
}
