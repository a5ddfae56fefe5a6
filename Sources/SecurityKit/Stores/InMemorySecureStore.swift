import Foundation

/// SurfUtils' text-valued ``SecureStore`` in memory: every holder of the same instance sees the
/// same entries, and nothing survives the process.
///
/// ```swift
/// let store = InMemorySecureStore()
/// try store.save(data: "token", by: "token")
/// let token = try store.load(by: "token")
/// ```
///
/// It is ``InMemorySecretStore`` seen through ``SecretStoreAdapter``: text is kept as its UTF-8
/// bytes and read back exactly. Unlike SurfUtils' class it is safe to use from several threads:
/// every method and each read or write of ``memory`` is one step under the byte store's lock. A
/// missing key throws ``SecureStoreError/notFound(key:)``.
public final class InMemorySecureStore: SecureStore, Sendable {
    private let bytes = InMemorySecretStore()
    private let text: SecretStoreAdapter

    /// Creates an empty store.
    public init() {
        text = SecretStoreAdapter(bytes)
    }

    /// Every entry, by key, as SurfUtils exposes it.
    ///
    /// Reading returns a copy and assigning replaces all entries, each under the lock; a
    /// read-modify-write such as `memory[key] = value` is two steps, so when several threads write,
    /// use ``save(data:by:)`` and ``remove(by:)``, which are one step each.
    public var memory: [String: String] {
        get { bytes.snapshot.compactMapValues { String(exactUTF8: $0) } }
        set { bytes.replaceAll(with: newValue.mapValues { Data($0.utf8) }) }
    }

    /// Saves `data` under `key`, replacing any earlier value.
    ///
    /// - Parameters:
    ///   - data: The text to keep.
    ///   - key: The entry's name.
    public func save(data: String, by key: String) throws {
        try text.save(data: data, by: key)
    }

    /// The text saved under `key`.
    ///
    /// - Parameter key: The entry's name.
    /// - Returns: The stored text.
    /// - Throws: ``SecureStoreError/notFound(key:)`` when nothing is saved under `key`.
    public func load(by key: String) throws -> String {
        try text.load(by: key)
    }

    /// Removes the entry under `key`, if any.
    ///
    /// - Parameter key: The entry's name.
    public func remove(by key: String) throws {
        try text.remove(by: key)
    }

    /// Removes every entry.
    public func removeAll() throws {
        try text.removeAll()
    }
}
