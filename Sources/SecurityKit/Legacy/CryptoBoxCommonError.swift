public import Foundation

/// Why a legacy ``CryptoBox`` could not save or open its secret.
///
/// The first two cases are SurfUtils' own, for an app's boxes to throw; ServiceUtils' boxes say more
/// with the cases after them (a non-base64 entry is ``corruptedValue(key:reason:)``, a plaintext that
/// is not UTF-8 is ``decryptionFailed(_:)``).
public enum CryptoBoxCommonError: Error, Sendable, Equatable {
    /// Text could not be turned into bytes (SurfUtils' case).
    case cantConvertStringToData
    /// Bytes could not be turned into text (SurfUtils' case).
    case cantConvertDataToString
    /// An entry the box needs is not in the store.
    case missingValue(key: String)
    /// An entry is in the store but cannot be what the box wrote.
    case corruptedValue(key: String, reason: CorruptionReason)
    /// Decryption failed: a wrong PIN, or altered data (the format cannot tell which).
    case decryptionFailed(DecryptionFailureReason)
    /// The cipher refused its key (for example a hash provider whose output is longer than
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
        /// The IV has a length the cipher refuses (not 8 bytes for Blowfish).
        case ivLength(Int)
        /// The cipher refuses the ciphertext's length (for Blowfish-CBC: empty or not a whole number
        /// of 8-byte blocks).
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
        case .cantConvertStringToData: "the text could not be converted to bytes"
        case .cantConvertDataToString: "the bytes could not be converted to text"
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
        case .ivLength(let count): "the cipher cannot use an IV of \(count) bytes"
        case .ciphertextLength(let count): "the cipher cannot decrypt \(count) bytes"
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
