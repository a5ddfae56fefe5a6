public import Foundation

/// A symmetric cipher with a key and an IV, as SurfUtils' `SymmetricCryptoService`.
public protocol SymmetricCryptoService: Sendable {
    /// Encrypts `data`.
    ///
    /// - Parameters:
    ///   - data: The plaintext.
    ///   - key: The key bytes.
    ///   - iv: The initialisation vector.
    /// - Returns: The ciphertext.
    /// - Throws: ``CryptoError`` when the key or IV has a length the cipher refuses.
    func encrypt(data: Data, key: Data, iv: Data) throws -> Data

    /// Decrypts `data`.
    ///
    /// - Parameters:
    ///   - data: The ciphertext.
    ///   - key: The key bytes.
    ///   - iv: The initialisation vector.
    /// - Returns: The plaintext.
    /// - Throws: ``CryptoError`` for bad lengths or bad padding (usually a wrong key).
    func decrypt(data: Data, key: Data, iv: Data) throws -> Data
}

/// Blowfish in CBC mode with PKCS#7 padding: the cipher of SurfUtils' PIN box.
///
/// Padding is checked strictly when decrypting (every padding byte, length 1–8), where CryptoSwift
/// 1.5.1 did not check it; every ciphertext that CryptoSwift writes passes the check.
public struct BlowfishCryptoService: SymmetricCryptoService {
    /// Creates the service.
    public init() {}

    /// Encrypts with Blowfish-CBC and PKCS#7.
    ///
    /// - Parameters:
    ///   - data: The plaintext.
    ///   - key: 4 to 56 key bytes.
    ///   - iv: 8 bytes.
    /// - Returns: The ciphertext.
    /// - Throws: ``CryptoError/invalidKeyLength(algorithm:allowed:actual:)`` or
    ///   ``CryptoError/invalidNonceLength(algorithm:expected:actual:)``.
    public func encrypt(data: Data, key: Data, iv: Data) throws -> Data {
        Data(try Blowfish(key: key).encryptCBC(data, iv: iv))
    }

    /// Decrypts Blowfish-CBC and removes PKCS#7 padding, checking it.
    ///
    /// - Parameters:
    ///   - data: The ciphertext.
    ///   - key: 4 to 56 key bytes.
    ///   - iv: 8 bytes.
    /// - Returns: The plaintext.
    /// - Throws: ``CryptoError/invalidPadding`` when the key is wrong or the data altered, or another
    ///   ``CryptoError`` for bad lengths.
    public func decrypt(data: Data, key: Data, iv: Data) throws -> Data {
        Data(try Blowfish(key: key).decryptCBC(data, iv: iv))
    }
}
