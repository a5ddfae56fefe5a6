public import Foundation

/// Why a ``SecureStore`` could not do what was asked.
public enum SecureStoreError: Error, Sendable, Equatable {
    /// Nothing is saved under the key.
    case notFound(key: String)
    /// The key cannot be used by this store (empty, or too long for a file name).
    case invalidKey(key: String, reason: String)
    /// The store's backend is missing or not running (no libsecret, no Secret Service, no Keychain
    /// access); the reason says which.
    case unavailable(reason: String)
    /// The backend failed while reading or writing.
    case operationFailed(operation: Operation, key: String?, reason: String)

    /// Which operation failed.
    public enum Operation: String, Sendable, Equatable {
        /// Reading an entry.
        case load
        /// Writing an entry.
        case save
        /// Removing an entry.
        case remove
        /// Removing every entry.
        case removeAll
    }
}

// MARK: - Descriptions

extension SecureStoreError: LocalizedError {
    /// A sentence saying what went wrong; it names keys but never values.
    public var errorDescription: String? {
        switch self {
        case .notFound(let key): "nothing is saved under '\(key)'"
        case .invalidKey(let key, let reason): "the key '\(key)' cannot be used: \(reason)"
        case .unavailable(let reason): "the secure store is unavailable: \(reason)"
        case .operationFailed(let operation, let key, let reason):
            "could not \(operation.rawValue)\(key.map { " '\($0)'" } ?? ""): \(reason)"
        }
    }
}
