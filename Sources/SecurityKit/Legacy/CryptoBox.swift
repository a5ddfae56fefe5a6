/// Keeps one secret string protected by an authentication string (a PIN), as SurfUtils' `CryptoBox`.
public protocol CryptoBox: Sendable {
    /// Encrypts `data` under `auth` and saves it, replacing what was there.
    ///
    /// - Parameters:
    ///   - data: The secret, such as a token.
    ///   - auth: The PIN or password.
    /// - Throws: ``CryptoBoxCommonError``.
    func encrypt(data: String, auth: String) throws

    /// Loads and decrypts the secret.
    ///
    /// - Parameter auth: The PIN or password it was saved with.
    /// - Returns: The secret.
    /// - Throws: ``CryptoBoxCommonError``; a wrong `auth` usually gives
    ///   ``CryptoBoxCommonError/decryptionFailed(_:)``.
    func decrypt(auth: String) throws -> String
}
