public import Foundation

/// Read access to secrets kept under string keys, as SurfUtils names it.
public protocol SecureDataProvider: Sendable {
    /// The bytes saved under `key`.
    ///
    /// - Parameter key: The entry's name.
    /// - Returns: The stored bytes.
    /// - Throws: ``SecureStoreError/notFound(key:)`` when nothing is saved under `key`, or another
    ///   ``SecureStoreError``.
    func load(by key: String) throws -> Data
}

/// A place that keeps small secrets (tokens, key material) under string keys: the Keychain on Apple
/// platforms, the Secret Service or a private directory on Linux, memory in tests.
///
/// Rules for adopters:
/// - `save(data:by:)` replaces what was saved under the key; `load(by:)` returns it byte for byte.
/// - A missing key throws ``SecureStoreError/notFound(key:)`` from `load` and is not an error for
///   `remove`.
/// - Every method may be called from many tasks at once.
/// - Values and keys never appear in errors or logs (keys may: they are names, not secrets).
public protocol SecureStore: SecureDataProvider {
    /// Saves `data` under `key`, replacing any earlier value.
    ///
    /// - Parameters:
    ///   - data: The bytes to keep.
    ///   - key: The entry's name.
    /// - Throws: ``SecureStoreError`` when the store cannot write.
    func save(data: Data, by key: String) throws

    /// Removes the entry under `key`; removing a missing entry does nothing.
    ///
    /// - Parameter key: The entry's name.
    /// - Throws: ``SecureStoreError`` when the store cannot write.
    func remove(by key: String) throws

    /// Removes every entry this store holds.
    ///
    /// - Throws: ``SecureStoreError`` when the store cannot write.
    func removeAll() throws
}
