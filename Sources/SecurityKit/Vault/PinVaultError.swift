public import Foundation

/// Why a ``PinVault`` could not save or open its secret.
public enum PinVaultError: Error, Sendable, Equatable {
    /// The PIN is wrong (the record authenticated correctly under another key); `remainingAttempts`
    /// more failures are allowed before the vault locks or wipes.
    case wrongPIN(remainingAttempts: Int)
    /// The record was altered or damaged: its checksum does not match.
    case tampered
    /// Too many wrong PINs: the vault refuses to open until a new secret is saved.
    case locked
    /// Too many wrong PINs: the vault erased its record, as configured.
    case wiped
    /// No secret is saved in this vault.
    case notFound
    /// The record is intact but cannot be used (an unknown version, absurd parameters).
    case invalidRecord(RecordFailureReason)
    /// Reading the legacy box failed during a migration (an error of an app's own store comes as
    /// ``CryptoBoxCommonError/storeFailed(_:)`` with ``SecureStoreError/unhandledError(message:)``).
    case legacyBoxFailed(CryptoBoxCommonError)
    /// After a migration, the new record did not read back as the legacy secret; the legacy entries
    /// were kept.
    case migrationNotVerified
    /// The store failed.
    case storeFailed(SecureStoreError)

    /// What is wrong with a record.
    public enum RecordFailureReason: Sendable, Equatable {
        /// Shorter than the smallest record.
        case truncated(length: Int)
        /// It does not start with the vault's magic bytes.
        case notAVaultRecord
        /// A format version this library does not know.
        case unsupportedVersion(Int)
        /// The stated ciphertext length does not match the record's size.
        case lengthMismatch
        /// The stored key-derivation parameters are out of range (a record crafted to exhaust memory
        /// or time is refused before any work).
        case parameters(CryptoError.ParameterFailureReason)
        /// The secret is not UTF-8 text (asked for as text).
        case notText
    }
}

// MARK: - Descriptions

extension PinVaultError: LocalizedError {
    /// A sentence saying what went wrong, without the PIN or the secret.
    public var errorDescription: String? {
        switch self {
        case .wrongPIN(let remaining): "wrong PIN (\(remaining) attempt\(remaining == 1 ? "" : "s") left)"
        case .tampered: "the vault record was altered or damaged"
        case .locked: "the vault is locked after too many wrong PINs"
        case .wiped: "the vault was erased after too many wrong PINs"
        case .notFound: "no secret is saved in this vault"
        case .invalidRecord(let reason): "the vault record cannot be used: \(reason.text)"
        case .legacyBoxFailed(let error): "the legacy box could not be read: \(error.localizedDescription)"
        case .migrationNotVerified: "the migrated secret did not read back; the legacy box was kept"
        case .storeFailed(let error): error.localizedDescription
        }
    }
}

extension PinVaultError.RecordFailureReason {
    var text: String {
        switch self {
        case .truncated(let length): "\(length) bytes is too short"
        case .notAVaultRecord: "it is not a vault record"
        case .unsupportedVersion(let version): "format version \(version) is not supported"
        case .lengthMismatch: "its ciphertext length does not match its size"
        case .parameters(let reason): reason.text
        case .notText: "the secret is not UTF-8 text"
        }
    }
}
