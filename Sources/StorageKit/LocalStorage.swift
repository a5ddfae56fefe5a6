public import Foundation

/// Codable values kept as JSON files in one directory, replaced atomically and safe to share between
/// tasks and processes.
///
/// Each key is one file named after it. A store writes a temporary file beside it, flushes it,
/// renames it over the old one and flushes the directory, so after a crash at any instant the file
/// holds the old value or the new one. Keys are checked to be plain file names and symbolic links are
/// never followed, so nothing is ever written outside the directory. Operations on one key run one at
/// a time (an in-process lock and an advisory `flock` shared with other processes); different keys run
/// in parallel.
///
/// ```swift
/// let storage = LocalStorage(directory: URL(fileURLWithPath: "/var/lib/myapp"))
/// try await storage.store(user, forKey: "user")
/// let saved = try await storage.load(User.self, forKey: "user")
/// ```
///
/// The static methods (`store(object:as:)`, `load(fileName:as:)`, `remove(fileName:)`) keep
/// SurfUtils' API and errors and work on ``LocalStorage/defaultDirectory(for:name:)``.
public final class LocalStorage: Sendable {
    /// The directory holding the files.
    public let directory: URL
    /// Whether writes wait until the data is on the disk.
    public let durability: Durability

    let _files: StorageDirectory
    let _locks = KeyLocks()
    let _encoder: JSONEncoder
    let _decoder: JSONDecoder

    /// Creates a storage over `directory`, which is created (with its parents) on the first write.
    ///
    /// The default coders are symmetric: what the encoder writes, the decoder reads back, and files
    /// written by SurfUtils (default keys) load too. Pass a pair configured the same way (for example
    /// `convertToSnakeCase` with `convertFromSnakeCase`) to change the format.
    ///
    /// - Parameters:
    ///   - directory:  A file URL of the directory; it may be reached through a symbolic link.
    ///   - encoder:    Encodes values; `JSONEncoder()` by default.
    ///   - decoder:    Decodes files; `JSONDecoder()` by default.
    ///   - durability: Whether writes flush to the disk; ``Durability/synchronized`` by default.
    public init(
        directory: URL,
        encoder: JSONEncoder = JSONEncoder(),
        decoder: JSONDecoder = JSONDecoder(),
        durability: Durability = .synchronized
    ) {
        self.directory = directory
        self.durability = durability
        _encoder = encoder
        _decoder = decoder
        _files = StorageDirectory(path: directory.path, durability: durability)
    }

    /// How far a write goes before it returns.
    public enum Durability: Sendable, Equatable {
        /// The file and the directory are flushed (`fsync`; `F_FULLFSYNC` on Apple platforms): a value
        /// whose store returned survives a power cut.
        case synchronized
        /// The replacement is still atomic (a crash of the process leaves the old or the new value), but
        /// a power cut may lose the latest writes. Faster; for caches.
        case atomicOnly
    }
}

// MARK: - Synchronous core

extension LocalStorage {
    func storeSynchronously<Value: Encodable>(_ value: Value, forKey key: String) throws(StorageError) {
        try StorageKey.validate(key)
        try storeDataSynchronously(try encode(value, forKey: key), forKey: key)
    }

    func storeDataSynchronously(_ data: Data, forKey key: String) throws(StorageError) {
        try StorageKey.validate(key)
        try _locks.withLock(key) { () throws(StorageError) in try _files.write(data, forKey: key) }
    }

    func loadSynchronously<Value: Decodable>(_ type: Value.Type, forKey key: String) throws(StorageError) -> Value {
        let data = try loadDataSynchronously(forKey: key)
        return try decode(type, from: data, forKey: key)
    }

    func loadDataSynchronously(forKey key: String) throws(StorageError) -> Data {
        try StorageKey.validate(key)
        // Files are only ever replaced by rename, so a read sees a whole old or new file without a lock.
        return try _files.read(key)
    }

    func encode<Value: Encodable>(_ value: Value, forKey key: String) throws(StorageError) -> Data {
        do {
            return try _encoder.encode(value)
        } catch {
            throw .encodingFailed(key: key, underlying: error)
        }
    }

    func decode<Value: Decodable>(_ type: Value.Type, from data: Data, forKey key: String) throws(StorageError) -> Value
    {
        do {
            return try _decoder.decode(type, from: data)
        } catch {
            throw .decodingFailed(key: key, underlying: error)
        }
    }

    func removeSynchronously(forKey key: String) throws(StorageError) {
        try StorageKey.validate(key)
        try _locks.withLock(key) { () throws(StorageError) in try _files.remove(key) }
    }

    func containsSynchronously(_ key: String) throws(StorageError) -> Bool {
        try StorageKey.validate(key)
        return try _files.contains(key)
    }

    func removeAllSynchronously() throws(StorageError) {
        try _files.removeLeftovers()
        for key in try _files.keys() {
            do {
                try removeSynchronously(forKey: key)
            } catch .valueNotFound {
                // Removed meanwhile by another task or process.
            }
        }
    }
}
