import Foundation

/// SurfUtils' PIN box, byte for byte: a secret encrypted with Blowfish-CBC under a key derived from
/// the PIN and a random salt, kept in a ``SecureStore`` under four keys.
///
/// ```swift
/// let box = PinCryptoBox(
///     secureStore: InMemorySecureStore(), hashProvider: SHA3(variant: .sha224),
///     cryptoService: BlowfishCryptoService(), ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
/// try box.encrypt(data: "token", auth: "1234")
/// let token = try box.decrypt(auth: "1234")
/// ```
///
/// The format is weak and kept only to read what apps already wrote (use ``PinVault`` and
/// ``PinVault/migrate(from:pin:)``): the stored hash *is* the key, so anyone who can read the store
/// can decrypt without the PIN; a wrong PIN is noticed only through bad padding or bad UTF-8.
public struct PinCryptoBox: CryptoBox {
    let store: any SecureStore
    let hashProvider: any HashProvider
    let cryptoService: any SymmetricCryptoService
    let keys: EntryKeys
    let randomBytes: @Sendable (Int) -> [UInt8]

    /// The store keys of the four entries.
    struct EntryKeys: Sendable {
        var iv: String
        var data: String
        var salt: String
        var hash: String
    }

    /// Creates a box over `secureStore`, with SurfUtils' parameters.
    ///
    /// - Parameters:
    ///   - secureStore: Where the four entries live.
    ///   - hashProvider: Derives the key text from the PIN and salt; SurfUtils uses
    ///     `SHA3(variant: .sha224)`.
    ///   - cryptoService: The cipher; SurfUtils uses ``BlowfishCryptoService``.
    ///   - ivKey: The key of the IV entry.
    ///   - dataKey: The key of the ciphertext entry.
    ///   - saltKey: The key of the salt entry.
    ///   - hashKey: The key of the hash entry.
    public init(
        secureStore: any SecureStore, hashProvider: any HashProvider, cryptoService: any SymmetricCryptoService,
        ivKey: String, dataKey: String, saltKey: String, hashKey: String
    ) {
        self.init(
            store: secureStore, hashProvider: hashProvider, cryptoService: cryptoService,
            keys: EntryKeys(iv: ivKey, data: dataKey, salt: saltKey, hash: hashKey),
            randomBytes: { SecureRandom.bytes(count: $0) })
    }

    init(
        store: any SecureStore, hashProvider: any HashProvider, cryptoService: any SymmetricCryptoService,
        keys: EntryKeys, randomBytes: @escaping @Sendable (Int) -> [UInt8]
    ) {
        self.store = store
        self.hashProvider = hashProvider
        self.cryptoService = cryptoService
        self.keys = keys
        self.randomBytes = randomBytes
    }

    /// Encrypts `data` under the PIN `auth` with a fresh salt and IV, and saves the four entries.
    ///
    /// - Parameters:
    ///   - data: The secret.
    ///   - auth: The PIN.
    /// - Throws: ``CryptoBoxCommonError/invalidKey(_:)`` when the hash provider's output is not a
    ///   usable key, or ``CryptoBoxCommonError/storeFailed(_:)``.
    public func encrypt(data: String, auth: String) throws {
        let salt = randomBytes(32).hexString
        let iv = randomBytes(4).hexString
        let hash = hashProvider.hash(value: Self.weave(pin: auth, salt: salt))
        let ciphertext: Data
        do {
            ciphertext = try cryptoService.encrypt(data: Data(data.utf8), key: Data(hash.utf8), iv: Data(iv.utf8))
        } catch let error as CryptoError {
            throw CryptoBoxCommonError.invalidKey(error)
        }
        try write(salt, to: keys.salt)
        try write(iv, to: keys.iv)
        try write(hash, to: keys.hash)
        try write(ciphertext.base64EncodedString(), to: keys.data)
    }

    /// Decrypts the secret with the PIN `auth`.
    ///
    /// - Parameter auth: The PIN.
    /// - Returns: The secret, byte for byte as it was saved (a leading byte-order mark included).
    /// - Throws: ``CryptoBoxCommonError``: `.decryptionFailed` for a wrong PIN (when the padding or
    ///   UTF-8 shows it), `.missingValue` or `.corruptedValue` for a damaged store.
    public func decrypt(auth: String) throws -> String {
        let salt = try readText(keys.salt)
        return try decrypt(key: hashProvider.hash(value: Self.weave(pin: auth, salt: salt)))
    }

    /// Decrypts with a key text (the PIN-derived hash, or the stored one for the hack box).
    func decrypt(key: String) throws -> String {
        let iv = try readText(keys.iv)
        guard iv.utf8.count == 8 else {
            throw CryptoBoxCommonError.corruptedValue(key: keys.iv, reason: .ivLength(iv.utf8.count))
        }
        let encoded = try readText(keys.data)
        guard let ciphertext = Data(base64Encoded: encoded) else {
            throw CryptoBoxCommonError.corruptedValue(key: keys.data, reason: .notBase64)
        }
        guard !ciphertext.isEmpty, ciphertext.count % Blowfish.blockLength == 0 else {
            throw CryptoBoxCommonError.corruptedValue(key: keys.data, reason: .ciphertextLength(ciphertext.count))
        }
        let plain: Data
        do {
            plain = try cryptoService.decrypt(data: ciphertext, key: Data(key.utf8), iv: Data(iv.utf8))
        } catch CryptoError.invalidPadding {
            throw CryptoBoxCommonError.decryptionFailed(.invalidPadding)
        } catch let error as CryptoError {
            throw CryptoBoxCommonError.invalidKey(error)
        }
        guard let text = Self.exactString(plain) else { throw CryptoBoxCommonError.decryptionFailed(.notUTF8) }
        return text
    }

    /// Removes the four entries.
    ///
    /// - Throws: ``CryptoBoxCommonError/storeFailed(_:)``.
    public func removeEntries() throws {
        for key in [keys.salt, keys.iv, keys.hash, keys.data] {
            do { try store.remove(by: key) } catch { throw Self.storeError(error) }
        }
    }

    /// The key text: the PIN with the salt's characters woven in, those at even indexes appended
    /// at the end and those at odd indexes put at the front, one by one.
    static func weave(pin: String, salt: String) -> String {
        var front: [UInt8] = []
        var back: [UInt8] = []
        for (index, byte) in salt.utf8.enumerated() {
            if index % 2 == 0 { back.append(byte) } else { front.append(byte) }
        }
        return String(decoding: front.reversed() + Array(pin.utf8) + back, as: UTF8.self)
    }

    /// The bytes as a string when they are valid UTF-8, keeping every byte (a leading byte-order
    /// mark too, which `String(data:encoding:)` drops on Linux).
    static func exactString(_ data: Data) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        return text.utf8.elementsEqual(data) ? text : nil
    }

    private func write(_ text: String, to key: String) throws {
        do { try store.save(data: Data(text.utf8), by: key) } catch { throw Self.storeError(error) }
    }

    func readText(_ key: String) throws -> String {
        let data: Data
        do {
            data = try store.load(by: key)
        } catch SecureStoreError.notFound {
            throw CryptoBoxCommonError.missingValue(key: key)
        } catch {
            throw Self.storeError(error)
        }
        guard let text = Self.exactString(data) else {
            throw CryptoBoxCommonError.corruptedValue(key: key, reason: .notText)
        }
        return text
    }

    static func storeError(_ error: any Error) -> CryptoBoxCommonError {
        if let storeError = error as? SecureStoreError { return .storeFailed(storeError) }
        return .storeFailed(.operationFailed(operation: .load, key: nil, reason: String(describing: error)))
    }
}
