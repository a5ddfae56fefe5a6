/// A symmetric cipher with a text key and a text IV: SurfUtils' `SymmetricCryptoService`.
///
/// ``PinCryptoBox`` passes the hexadecimal hash as `key` and 8 hexadecimal characters as `iv`; the
/// cipher uses their UTF-8 bytes. Like SurfUtils' protocol it does not require `Sendable`, so an
/// app's plain class can adopt it.
public protocol SymmetricCryptoService {
    /// Encrypts `data`.
    ///
    /// - Parameters:
    ///   - data: The plaintext.
    ///   - key: The key, used as its UTF-8 bytes.
    ///   - iv: The initialisation vector, used as its UTF-8 bytes.
    /// - Returns: The ciphertext.
    /// - Throws: An error when the key or IV cannot be used (``BlowfishCryptoService`` throws
    ///   ``CryptoError``).
    func encrypt(data: [UInt8], key: String, iv: String) throws -> [UInt8]

    /// Decrypts `data`.
    ///
    /// - Parameters:
    ///   - data: The ciphertext.
    ///   - key: The key, used as its UTF-8 bytes.
    ///   - iv: The initialisation vector, used as its UTF-8 bytes.
    /// - Returns: The plaintext.
    /// - Throws: An error for bad lengths or bad padding, usually a wrong key (``BlowfishCryptoService``
    ///   throws ``CryptoError``).
    func decrypt(data: [UInt8], key: String, iv: String) throws -> [UInt8]
}
