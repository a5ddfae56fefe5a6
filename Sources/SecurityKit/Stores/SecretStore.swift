public import Foundation

/// A place that keeps small secrets (tokens, key material) as bytes under string keys: a private
/// directory (``FileSecretStore``), the Secret Service on Linux, the Keychain on Apple platforms
/// (`KeychainSecretStore`), memory in tests (``InMemorySecretStore``).
///
/// This is the byte-valued, `Sendable` store that ``PinVault`` and the rest of ServiceUtils use.
/// SurfUtils' text-valued ``SecureStore`` is a separate protocol; ``SecretStoreAdapter`` presents any
/// secret store as one.
///
/// Rules for adopters:
/// - `save(data:by:)` replaces what was saved under the key; `load(by:)` returns it byte for byte.
/// - A missing key throws ``SecureStoreError/notFound(key:)`` from `load` and is not an error for
///   `remove`.
/// - Every method may be called from many tasks at once.
/// - Values never appear in errors or logs (keys may: they are names, not secrets).
public protocol SecretStore: Sendable {
    /// Saves `data` under `key`, replacing any earlier value.
    ///
    /// - Parameters:
    ///   - data: The bytes to keep.
    ///   - key: The entry's name.
    /// - Throws: ``SecureStoreError`` when the store cannot write.
    func save(data: Data, by key: String) throws

    /// The bytes saved under `key`.
    ///
    /// - Parameter key: The entry's name.
    /// - Returns: The stored bytes.
    /// - Throws: ``SecureStoreError/notFound(key:)`` when nothing is saved under `key`, or another
    ///   ``SecureStoreError``.
    func load(by key: String) throws -> Data

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
