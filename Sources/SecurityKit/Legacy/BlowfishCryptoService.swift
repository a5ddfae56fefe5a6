/// Blowfish in CBC mode with PKCS#7 padding: the cipher of SurfUtils' PIN box.
///
/// The key and IV are used as their UTF-8 bytes, as CryptoSwift's `Blowfish(key:iv:padding:)` does.
/// Padding is checked strictly when decrypting (every padding byte, length 1–8), where CryptoSwift
/// 1.5.1 did not check it; every ciphertext that CryptoSwift writes passes the check.
///
/// ```swift
/// let cipher = BlowfishCryptoService()
/// let sealed = try cipher.encrypt(data: Array("token".utf8), key: "a key of 4 to 56 bytes", iv: "8 bytes!")
/// ```
public struct BlowfishCryptoService: SymmetricCryptoService, Sendable {
    /// Creates the service.
    public init() {}

    /// Encrypts with Blowfish-CBC and PKCS#7.
    ///
    /// - Parameters:
    ///   - data: The plaintext.
    ///   - key: 4 to 56 UTF-8 bytes.
    ///   - iv: 8 UTF-8 bytes.
    /// - Returns: The ciphertext, a whole number of 8-byte blocks.
    /// - Throws: ``CryptoError/invalidKeyLength(algorithm:allowed:actual:)`` or
    ///   ``CryptoError/invalidNonceLength(algorithm:expected:actual:)``.
    public func encrypt(data: [UInt8], key: String, iv: String) throws -> [UInt8] {
        try Blowfish(key: Array(key.utf8)).encryptCBC(data, iv: Array(iv.utf8))
    }

    /// Decrypts Blowfish-CBC and removes PKCS#7 padding, checking it.
    ///
    /// - Parameters:
    ///   - data: The ciphertext.
    ///   - key: 4 to 56 UTF-8 bytes.
    ///   - iv: 8 UTF-8 bytes.
    /// - Returns: The plaintext.
    /// - Throws: ``CryptoError/invalidPadding`` when the key is wrong or the data altered, or another
    ///   ``CryptoError`` for bad lengths.
    public func decrypt(data: [UInt8], key: String, iv: String) throws -> [UInt8] {
        try Blowfish(key: Array(key.utf8)).decryptCBC(data, iv: Array(iv.utf8))
    }
}
