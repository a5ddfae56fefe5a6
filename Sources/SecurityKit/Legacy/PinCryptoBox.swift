/// SurfUtils' PIN box, byte for byte: a secret encrypted with Blowfish-CBC under a key derived from
/// the PIN and a random salt, kept in a ``SecureStore`` under four keys.
///
/// ```swift
/// let box = PinCryptoBox(
///     secureStore: { store }, hashProvider: SHA3(variant: .sha224), cryptoService: BlowfishCryptoService(),
///     ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
/// try box.encrypt(data: "token", auth: "1234")
/// let token = try box.decrypt(auth: "1234")
/// ```
///
/// `secureStore` is called once per operation, so an app can hand over a store it replaces later
/// (`{ Settings.shared.secureStorage }`). A byte-valued ``SecretStore`` such as ``FileSecretStore``
/// goes through ``SecretStoreAdapter``.
///
/// The box is not `Sendable`: it holds SurfUtils' non-`Sendable` closure, hash provider and cipher.
///
/// The format is weak and kept only to read what apps already wrote (use ``PinVault`` and
/// ``PinVault/migrate(from:pin:)``): the stored hash *is* the key, so anyone who can read the store
/// can decrypt without the PIN; a wrong PIN is noticed only through bad padding or bad UTF-8.
public struct PinCryptoBox: CryptoBox {
    let secureStore: () -> any SecureStore
    let hashProvider: any HashProvider
    let cryptoService: any SymmetricCryptoService
    let keys: EntryKeys
    let randomBytes: (Int) -> [UInt8]

    /// The store keys of the four entries.
    typealias EntryKeys = PinBoxEntries.Keys

    /// Creates a box over the store that `secureStore` returns, with SurfUtils' parameters.
    ///
    /// - Parameters:
    ///   - secureStore: Returns the store the four entries live in; called once per operation.
    ///   - hashProvider: Derives the key from the PIN and salt; SurfUtils uses `SHA3(variant: .sha224)`.
    ///   - cryptoService: The cipher; SurfUtils uses ``BlowfishCryptoService``.
    ///   - ivKey: The key of the IV entry.
    ///   - dataKey: The key of the ciphertext entry.
    ///   - saltKey: The key of the salt entry.
    ///   - hashKey: The key of the hash entry.
    public init(
        secureStore: @escaping () -> any SecureStore, hashProvider: any HashProvider,
        cryptoService: any SymmetricCryptoService, ivKey: String, dataKey: String, saltKey: String, hashKey: String
    ) {
        self.init(
            secureStore: secureStore, hashProvider: hashProvider, cryptoService: cryptoService,
            keys: EntryKeys(iv: ivKey, data: dataKey, salt: saltKey, hash: hashKey),
            randomBytes: { CryptoCommon.random(count: $0) })
    }

    init(
        secureStore: @escaping () -> any SecureStore, hashProvider: any HashProvider,
        cryptoService: any SymmetricCryptoService, keys: EntryKeys, randomBytes: @escaping (Int) -> [UInt8]
    ) {
        self.secureStore = secureStore
        self.hashProvider = hashProvider
        self.cryptoService = cryptoService
        self.keys = keys
        self.randomBytes = randomBytes
    }

    /// Encrypts `data` under the PIN `auth` with a fresh salt and IV, and saves the four entries.
    ///
    /// The secret is encrypted before anything is written, so a cipher that refuses the key leaves
    /// the store as it was.
    ///
    /// - Parameters:
    ///   - data: The secret.
    ///   - auth: The PIN.
    /// - Throws: ``CryptoBoxCommonError/invalidKey(_:)`` when the hash provider's output is not a
    ///   usable key, ``CryptoBoxCommonError/storeFailed(_:)`` when a ServiceUtils store fails, or what
    ///   an app's store, hash provider or cipher throws.
    public func encrypt(data: String, auth: String) throws {
        let salt = randomBytes(32).hexString
        let iv = randomBytes(4).hexString
        let hash = try hashProvider.hash(data: Array(Self.weave(pin: auth, salt: salt).utf8)).hexString
        let entries = self.entries()
        let ciphertext = try entries.seal(data, key: hash, iv: iv)
        try entries.write(salt, to: keys.salt)
        try entries.write(iv, to: keys.iv)
        try entries.write(hash, to: keys.hash)
        try entries.write(ciphertext, to: keys.data)
    }

    /// Decrypts the secret with the PIN `auth`.
    ///
    /// - Parameter auth: The PIN.
    /// - Returns: The secret, byte for byte as it was saved (a leading byte-order mark included).
    /// - Throws: ``CryptoBoxCommonError``: `.decryptionFailed` for a wrong PIN (when the padding or
    ///   UTF-8 shows it), `.missingValue` for an entry that is not there (an emptied store),
    ///   `.corruptedValue` for a damaged one; or what an app's store, hash provider or cipher throws.
    public func decrypt(auth: String) throws -> String {
        let entries = self.entries()
        let salt = try entries.readText(keys.salt)
        let hash = try hashProvider.hash(data: Array(Self.weave(pin: auth, salt: salt).utf8)).hexString
        return try entries.open(key: hash)
    }

    /// Removes the four entries.
    ///
    /// - Throws: ``CryptoBoxCommonError/storeFailed(_:)``, or what an app's store throws.
    public func removeEntries() throws {
        try entries().removeAll()
    }

    /// The same box, opened with the stored hash instead of the PIN: SurfUtils' way to replace the
    /// secret without asking for the PIN again (after a biometric check, say).
    ///
    /// - Returns: A ``PinHackCryptoBox`` over the same store, cipher and entries.
    public func hack() -> PinHackCryptoBox {
        PinHackCryptoBox(secureStore: secureStore, cryptoService: cryptoService, keys: keys)
    }

    func entries() -> PinBoxEntries {
        PinBoxEntries(store: secureStore(), keys: keys, cryptoService: cryptoService)
    }

    /// The key text: the PIN with the salt's characters woven in, those at even indexes appended
    /// at the end and those at odd indexes put at the front, one by one (so the front holds them in
    /// reverse order).
    static func weave(pin: String, salt: String) -> String {
        var front: [Character] = []
        var back: [Character] = []
        for (index, character) in salt.enumerated() {
            if index % 2 == 0 { back.append(character) } else { front.append(character) }
        }
        return String(front.reversed()) + pin + String(back)
    }
}
