import Foundation

extension PinVault {
    /// Replaces the PIN: opens with `old` (a wrong one counts as a failed attempt) and saves the
    /// secret again under `new`, with a fresh salt and nonce.
    ///
    /// - Parameters:
    ///   - old: The current PIN.
    ///   - new: The new PIN.
    /// - Throws: As ``unlock(pin:)`` and ``save(secret:pin:)``.
    public func changePIN(old: String, new: String) throws(PinVaultError) {
        try serialised { () throws(PinVaultError) in
            var secret = try unlockUnlocked(pin: old)
            defer { secret.wipe() }
            try saveUnlocked(secret: secret, pin: new)
        }
    }

    /// Moves a secret from a legacy ``PinCryptoBox`` (over any ``SecureStore``) into this vault.
    ///
    /// Reads the legacy box with `pin`, saves the secret here under the same PIN, reads it back, and
    /// only then removes the four legacy entries; if anything fails before that, the legacy box is
    /// left as it was.
    ///
    /// - Parameters:
    ///   - legacy: The SurfUtils box to read.
    ///   - pin: Its PIN, which also protects the vault.
    /// - Throws: ``PinVaultError/legacyBoxFailed(_:)`` when the legacy box cannot be read (a wrong PIN
    ///   included), ``PinVaultError/migrationNotVerified`` when the read-back differs, or an error of
    ///   ``save(secret:pin:)``.
    public func migrate(from legacy: PinCryptoBox, pin: String) throws(PinVaultError) {
        try serialised { () throws(PinVaultError) in
            let text: String
            do {
                text = try legacy.decrypt(auth: pin)
            } catch let error as CryptoBoxCommonError {
                throw .legacyBoxFailed(error)
            } catch {
                throw .legacyBoxFailed(.storeFailed(.unhandledError(message: Self.describe(error))))
            }
            var secret = Array(text.utf8)
            defer { secret.wipe() }
            try saveUnlocked(secret: secret, pin: pin)
            guard try unlockUnlocked(pin: pin) == secret else { throw .migrationNotVerified }
            do {
                try legacy.removeEntries()
            } catch let error as CryptoBoxCommonError {
                throw .legacyBoxFailed(error)
            } catch {
                throw .legacyBoxFailed(.storeFailed(.unhandledError(message: Self.describe(error))))
            }
        }
    }

    /// An app's own error as text: its localized description when it has one, else its type, so
    /// that no value it carries (a secret, say) reaches the message.
    static func describe(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? "\(type(of: error))"
    }
}
