public import Foundation

/// Why a legacy ``CryptoBox`` could not save or open its secret.
public enum CryptoBoxCommonError: Error, Sendable, Equatable {
    /// An entry the box needs is not in the store.
    case missingValue(key: String)
    /// An entry is in the store but cannot be what the box wrote.
    case corruptedValue(key: String, reason: CorruptionReason)
    /// Decryption failed: a wrong PIN, or altered data (the format cannot tell which).
    case decryptionFailed(DecryptionFailureReason)
    /// The cipher refused its key or IV (for example a hash provider whose output is longer than
    /// Blowfish's 56-byte key limit).
    case invalidKey(CryptoError)
    /// The store failed.
    case storeFailed(SecureStoreError)

    /// What is wrong with a stored entry.
    public enum CorruptionReason: Sendable, Equatable {
        /// The entry is not UTF-8 text.
        case notText
        /// The ciphertext is not valid base64.
        case notBase64
        /// The IV text is not 8 characters.
        case ivLength(Int)
        /// The ciphertext is empty or not a whole number of cipher blocks.
        case ciphertextLength(Int)
    }

    /// Why decrypting failed.
    public enum DecryptionFailureReason: Sendable, Equatable {
        /// The PKCS#7 padding was invalid.
        case invalidPadding
        /// The plaintext is not UTF-8.
        case notUTF8
    }

    /// Whether the failure is the one a wrong PIN gives (it can also mean altered data).
    public var isWrongPINOrAlteredData: Bool {
        if case .decryptionFailed = self { return true }
        return false
    }
}

// MARK: - Descriptions

extension CryptoBoxCommonError: LocalizedError {
    /// A sentence saying what went wrong, without the PIN or the secret.
    public var errorDescription: String? {
        switch self {
        case .missingValue(let key): "the box has no '\(key)' entry"
        case .corruptedValue(let key, let reason): "the '\(key)' entry is corrupted: \(reason.text)"
        case .decryptionFailed(let reason): "decryption failed (\(reason.text)): wrong PIN or altered data"
        case .invalidKey(let error): "the cipher refused the key: \(error.localizedDescription)"
        case .storeFailed(let error): error.localizedDescription
        }
    }
}

extension CryptoBoxCommonError.CorruptionReason {
    var text: String {
        switch self {
        case .notText: "it is not UTF-8 text"
        case .notBase64: "it is not base64"
        case .ivLength(let count): "the IV has \(count) characters instead of 8"
        case .ciphertextLength(let count): "\(count) bytes cannot be a Blowfish-CBC ciphertext"
        }
    }
}

extension CryptoBoxCommonError.DecryptionFailureReason {
    var text: String {
        switch self {
        case .invalidPadding: "invalid padding"
        case .notUTF8: "the result is not UTF-8"
        }
    }
}
