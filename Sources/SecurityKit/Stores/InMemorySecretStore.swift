public import Foundation
import InternalServiceUtilities

/// A ``SecretStore`` in memory: for tests, previews and the CLI tour. Nothing survives the process.
///
/// ```swift
/// let store = InMemorySecretStore()
/// try store.save(data: Data("token".utf8), by: "token")
/// ```
///
/// SurfUtils' text-valued in-memory store is ``InMemorySecureStore``.
public final class InMemorySecretStore: SecretStore {
    private let storage: Locked<[String: Data]>

    /// Creates an empty store, or one holding `entries`.
    ///
    /// - Parameter entries: The values to start with, by key.
    public init(entries: [String: Data] = [:]) {
        self.storage = Locked(entries)
    }

    /// Saves `data` under `key`, replacing any earlier value.
    ///
    /// - Parameters:
    ///   - data: The bytes to keep.
    ///   - key: The entry's name.
    public func save(data: Data, by key: String) throws {
        storage.withLock { $0[key] = data }
    }

    /// The bytes saved under `key`.
    ///
    /// - Parameter key: The entry's name.
    /// - Returns: The stored bytes.
    /// - Throws: ``SecureStoreError/notFound(key:)``.
    public func load(by key: String) throws -> Data {
        guard let data = storage.withLock({ $0[key] }) else { throw SecureStoreError.notFound(key: key) }
        return data
    }

    /// Removes the entry under `key`, if any.
    ///
    /// - Parameter key: The entry's name.
    public func remove(by key: String) throws {
        storage.withLock { _ = $0.removeValue(forKey: key) }
    }

    /// Removes every entry.
    public func removeAll() throws {
        storage.withLock { $0.removeAll() }
    }

    /// The keys saved now, sorted (for tests and diagnostics).
    public var keys: [String] {
        storage.withLock { $0.keys.sorted() }
    }

    /// Every entry at one moment, read under the lock (for ``InMemorySecureStore/memory``).
    var snapshot: [String: Data] {
        storage.value
    }

    /// Replaces every entry in one step.
    ///
    /// - Parameter newEntries: The values to keep, by key.
    func replaceAll(with newEntries: [String: Data]) {
        storage.withLock { $0 = newEntries }
    }
}
