public import Foundation

/// Why a secure store (a ``SecureStore`` or a ``SecretStore``) could not do what was asked.
///
/// The first three cases are SurfUtils' own; ServiceUtils' stores use them where SurfUtils' would
/// (text that is not UTF-8) and otherwise say more with the cases after them.
public enum SecureStoreError: Error, Sendable, Equatable {
    /// Text could not be turned into bytes to store (SurfUtils' case; UTF-8 never fails, so
    /// ServiceUtils' stores do not throw it).
    case stringToDataConversionError
    /// The stored bytes are not UTF-8 text, so a text-valued store cannot return them.
    case dataToStringConversionError
    /// The backend failed with this message (SurfUtils' case for any Keychain status; ServiceUtils'
    /// stores throw the more precise cases below instead).
    case unhandledError(message: String)
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
        case .stringToDataConversionError: "the text could not be converted to bytes"
        case .dataToStringConversionError: "the stored bytes are not UTF-8 text"
        case .unhandledError(let message): "the secure store failed: \(message)"
        case .notFound(let key): "nothing is saved under '\(key)'"
        case .invalidKey(let key, let reason): "the key '\(key)' cannot be used: \(reason)"
        case .unavailable(let reason): "the secure store is unavailable: \(reason)"
        case .operationFailed(let operation, let key, let reason):
            "could not \(operation.rawValue)\(key.map { " '\($0)'" } ?? ""): \(reason)"
        }
    }
}
