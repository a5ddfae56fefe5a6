import InternalServiceUtilities

/// SurfUtils' text-valued ``SecureStore`` in memory: every holder of the same instance sees the
/// same entries, and nothing survives the process.
///
/// ```swift
/// let store = InMemorySecureStore()
/// try store.save(data: "token", by: "token")
/// let token = try store.load(by: "token")
/// ```
///
/// Unlike SurfUtils' class it is safe to use from several threads: every method and each read or
/// write of ``memory`` holds a lock. A missing key throws ``SecureStoreError/notFound(key:)``.
/// The byte-valued store for ``PinVault`` and the rest of ServiceUtils is ``InMemorySecretStore``.
public final class InMemorySecureStore: SecureStore, Sendable {
    private let entries = Locked<[String: String]>([:])

    /// Creates an empty store.
    public init() {}

    /// Every entry, by key, as SurfUtils exposes it.
    ///
    /// Reading returns a copy and assigning replaces all entries, each under the lock; a
    /// read-modify-write such as `memory[key] = value` is two steps, so when several threads write,
    /// use ``save(data:by:)`` and ``remove(by:)``, which are one step each.
    public var memory: [String: String] {
        get { entries.value }
        set { entries.withLock { $0 = newValue } }
    }

    /// Saves `data` under `key`, replacing any earlier value.
    ///
    /// - Parameters:
    ///   - data: The text to keep.
    ///   - key: The entry's name.
    public func save(data: String, by key: String) throws {
        entries.withLock { $0[key] = data }
    }

    /// The text saved under `key`.
    ///
    /// - Parameter key: The entry's name.
    /// - Returns: The stored text.
    /// - Throws: ``SecureStoreError/notFound(key:)`` when nothing is saved under `key`.
    public func load(by key: String) throws -> String {
        guard let text = entries.withLock({ $0[key] }) else { throw SecureStoreError.notFound(key: key) }
        return text
    }

    /// Removes the entry under `key`, if any.
    ///
    /// - Parameter key: The entry's name.
    public func remove(by key: String) throws {
        entries.withLock { _ = $0.removeValue(forKey: key) }
    }

    /// Removes every entry.
    public func removeAll() throws {
        entries.withLock { $0.removeAll() }
    }
}
