/// Keeps one secret string protected by an authentication string (a PIN): SurfUtils' `CryptoBox`.
///
/// One box holds one secret: each `encrypt` replaces the previous one. Like SurfUtils' protocol it
/// does not require `Sendable`, so an app's plain class with mutable state can adopt it.
public protocol CryptoBox {
    /// Encrypts `data` under `auth` and saves it, replacing what was there.
    ///
    /// - Parameters:
    ///   - data: The secret, such as a token.
    ///   - auth: The PIN or password.
    /// - Throws: An error when the secret cannot be encrypted or saved (ServiceUtils' boxes throw
    ///   ``CryptoBoxCommonError``).
    func encrypt(data: String, auth: String) throws

    /// Loads and decrypts the secret.
    ///
    /// - Parameter auth: The PIN or password it was saved with.
    /// - Returns: The secret.
    /// - Throws: An error when nothing is saved or it cannot be decrypted (ServiceUtils' boxes throw
    ///   ``CryptoBoxCommonError``; a wrong `auth` usually gives
    ///   ``CryptoBoxCommonError/decryptionFailed(_:)``).
    func decrypt(auth: String) throws -> String
}
