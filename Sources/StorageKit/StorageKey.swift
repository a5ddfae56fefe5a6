/// The rules a key must follow to be a file name inside the storage directory and nowhere else.
enum StorageKey {
    /// The prefix of the storage's own files (temporary files, the lock folder); keys may not use it.
    static let reservedPrefix = ".storagekit-"
    /// The longest file name, in bytes, that common file systems accept.
    static let maximumByteCount = 255

    /// Checks `key` and throws when it cannot be a plain file name in the directory.
    ///
    /// - Throws: ``StorageError/invalidKey(_:reason:)``.
    static func validate(_ key: String) throws(StorageError) {
        if let reason = problem(with: key) {
            throw .invalidKey(key, reason: reason)
        }
    }

    /// What is wrong with `key`, or nil when it is usable.
    static func problem(with key: String) -> StorageError.InvalidKeyReason? {
        let bytes = key.utf8
        if bytes.isEmpty { return .empty }
        if key == "." || key == ".." { return .directoryName }
        if bytes.contains(0) { return .containsNul }
        if bytes.contains(UInt8(ascii: "/")) || bytes.contains(UInt8(ascii: "\\")) { return .containsSeparator }
        if bytes.count > maximumByteCount { return .tooLong(byteCount: bytes.count) }
        if key.hasPrefix(reservedPrefix) { return .reservedPrefix }
        return nil
    }

    /// A stable 64-bit FNV-1a digest of the key's UTF-8 bytes, in hex: the name of the key's lock file
    /// and the middle of its temporary files' names. Every process computes the same digest, unlike
    /// `Hasher`; two keys that share one merely share a lock.
    static func digest(of key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The prefix of the temporary files written for keys with `digest`.
    static func temporaryPrefix(digest: String) -> String {
        reservedPrefix + "tmp-" + digest + "-"
    }
}
