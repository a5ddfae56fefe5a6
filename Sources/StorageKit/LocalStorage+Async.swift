public import Foundation

extension LocalStorage {
    /// Encodes `value` and replaces the file of `key` with it atomically.
    ///
    /// - Parameters:
    ///   - value: The value to keep.
    ///   - key:   Its file name in the directory.
    /// - Throws: ``StorageError/invalidKey(_:reason:)``, ``StorageError/encodingFailed(key:underlying:)``,
    ///   ``StorageError/writeFailed(key:reason:)`` or ``StorageError/directoryUnavailable(path:reason:)``;
    ///   on any of them the previous value is unchanged.
    public func store<Value: Encodable>(_ value: Value, forKey key: String) async throws(StorageError) {
        try StorageKey.validate(key)
        try await storeData(try encode(value, forKey: key), forKey: key)
    }

    /// Replaces the file of `key` with `data` atomically, as it is (no encoding).
    ///
    /// - Parameters:
    ///   - data: The bytes to keep.
    ///   - key:  Their file name in the directory.
    /// - Throws: the errors of ``store(_:forKey:)`` except the encoding one.
    public func storeData(_ data: Data, forKey key: String) async throws(StorageError) {
        try await performBlocking { () throws(StorageError) in try self.storeDataSynchronously(data, forKey: key) }
    }

    /// Decodes the value stored under `key`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - key:  The key it was stored under.
    /// - Returns: The decoded value.
    /// - Throws: ``StorageError/valueNotFound(key:)``, ``StorageError/decodingFailed(key:underlying:)``
    ///   (the file is kept), ``StorageError/readFailed(key:reason:)`` or
    ///   ``StorageError/invalidKey(_:reason:)``.
    public func load<Value: Decodable>(_ type: Value.Type = Value.self, forKey key: String) async throws(StorageError)
        -> Value
    {
        let data = try await loadData(forKey: key)
        return try decode(type, from: data, forKey: key)
    }

    /// The bytes stored under `key`, as they are on disk.
    ///
    /// - Parameter key: The key they were stored under.
    /// - Returns: The file's contents.
    /// - Throws: the errors of ``load(_:forKey:)`` except the decoding one.
    public func loadData(forKey key: String) async throws(StorageError) -> Data {
        try await performBlocking { () throws(StorageError) in try self.loadDataSynchronously(forKey: key) }
    }

    /// Removes the value stored under `key`.
    ///
    /// - Parameter key: The key it was stored under.
    /// - Throws: ``StorageError/valueNotFound(key:)`` when there is none,
    ///   ``StorageError/removeFailed(key:reason:)`` or ``StorageError/invalidKey(_:reason:)``.
    public func remove(forKey key: String) async throws(StorageError) {
        try await performBlocking { () throws(StorageError) in try self.removeSynchronously(forKey: key) }
    }

    /// Whether a value is stored under `key`.
    ///
    /// - Parameter key: The key to look for.
    /// - Returns: True when the key's file exists and is a regular file.
    /// - Throws: ``StorageError/invalidKey(_:reason:)`` or ``StorageError/readFailed(key:reason:)``.
    public func exists(forKey key: String) async throws(StorageError) -> Bool {
        try await performBlocking { () throws(StorageError) in try self.containsSynchronously(key) }
    }

    /// The keys that hold a value, sorted; empty when the directory does not exist yet.
    ///
    /// - Returns: The keys, without the storage's own temporary and lock files.
    /// - Throws: ``StorageError/directoryUnavailable(path:reason:)``.
    public func keys() async throws(StorageError) -> [String] {
        try await performBlocking { () throws(StorageError) in try self._files.keys() }
    }

    /// Removes every value in the directory, and the temporary files of writers that were killed
    /// mid-write.
    ///
    /// - Throws: the first ``StorageError/removeFailed(key:reason:)`` or
    ///   ``StorageError/directoryUnavailable(path:reason:)``.
    public func removeAll() async throws(StorageError) {
        try await performBlocking { () throws(StorageError) in try self.removeAllSynchronously() }
    }

    /// Runs blocking file work on a Dispatch worker, so waiting for a disk or a lock held by another
    /// process never holds one of the few threads that run Swift tasks.
    private func performBlocking<Result: Sendable>(
        _ work: @escaping @Sendable () throws(StorageError) -> Result
    ) async throws(StorageError) -> Result {
        let outcome: Swift.Result<Result, StorageError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Swift.Result { () throws(StorageError) in try work() })
            }
        }
        return try outcome.get()
    }
}
