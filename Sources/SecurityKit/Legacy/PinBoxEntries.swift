import Foundation

/// The four store entries of a SurfUtils PIN box, read and written through one ``SecureStore``,
/// with the cipher calls and the mapping of their failures to ``CryptoBoxCommonError`` that
/// ``PinCryptoBox`` and ``PinHackCryptoBox`` share.
///
/// Errors of ServiceUtils' own types become ``CryptoBoxCommonError`` cases; anything else an app's
/// store, hash provider or cipher throws passes through unchanged, as in SurfUtils.
struct PinBoxEntries {
    /// The store keys of the four entries.
    struct Keys {
        var iv: String
        var data: String
        var salt: String
        var hash: String
    }

    let store: any SecureStore
    let keys: Keys
    let cryptoService: any SymmetricCryptoService

    /// Encrypts `secret` with the key text `key` and the IV text `iv`.
    ///
    /// - Returns: The ciphertext in base64, as the data entry holds it.
    func seal(_ secret: String, key: String, iv: String) throws -> String {
        let ciphertext: [UInt8]
        do {
            ciphertext = try cryptoService.encrypt(data: Array(secret.utf8), key: key, iv: iv)
        } catch let error as CryptoError {
            throw cryptoFailure(error)
        }
        return Data(ciphertext).base64EncodedString()
    }

    /// Reads the IV and data entries and decrypts them with the key text `key`.
    func open(key: String) throws -> String {
        let iv = try readText(keys.iv)
        guard let ciphertext = Data(base64Encoded: try readText(keys.data)) else {
            throw CryptoBoxCommonError.corruptedValue(key: keys.data, reason: .notBase64)
        }
        let plain: [UInt8]
        do {
            plain = try cryptoService.decrypt(data: Array(ciphertext), key: key, iv: iv)
        } catch CryptoError.invalidPadding {
            throw CryptoBoxCommonError.decryptionFailed(.invalidPadding)
        } catch let error as CryptoError {
            throw cryptoFailure(error)
        }
        guard let text = String(exactUTF8: plain) else { throw CryptoBoxCommonError.decryptionFailed(.notUTF8) }
        return text
    }

    /// The text of the entry `key`.
    func readText(_ key: String) throws -> String {
        do {
            return try store.load(by: key)
        } catch SecureStoreError.notFound {
            throw CryptoBoxCommonError.missingValue(key: key)
        } catch SecureStoreError.dataToStringConversionError {
            throw CryptoBoxCommonError.corruptedValue(key: key, reason: .notText)
        } catch let error as SecureStoreError {
            throw CryptoBoxCommonError.storeFailed(error)
        }
    }

    /// Saves `text` as the entry `key`.
    func write(_ text: String, to key: String) throws {
        do {
            try store.save(data: text, by: key)
        } catch let error as SecureStoreError {
            throw CryptoBoxCommonError.storeFailed(error)
        }
    }

    /// Removes the four entries.
    func removeAll() throws {
        for key in [keys.salt, keys.iv, keys.hash, keys.data] {
            do {
                try store.remove(by: key)
            } catch let error as SecureStoreError {
                throw CryptoBoxCommonError.storeFailed(error)
            }
        }
    }

    /// A cipher's refusal: a length it cannot use says which entry is damaged; a bad key is
    /// ``CryptoBoxCommonError/invalidKey(_:)``.
    private func cryptoFailure(_ error: CryptoError) -> CryptoBoxCommonError {
        switch error {
        case .invalidNonceLength(_, _, let actual): .corruptedValue(key: keys.iv, reason: .ivLength(actual))
        case .invalidCiphertextLength(_, let actual): .corruptedValue(key: keys.data, reason: .ciphertextLength(actual))
        default: .invalidKey(error)
        }
    }
}
