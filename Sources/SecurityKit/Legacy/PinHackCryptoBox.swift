/// SurfUtils' box for replacing a PIN box's secret without the PIN: it uses the hash that the
/// legacy format stores beside the data. Get one with ``PinCryptoBox/hack()``.
///
/// ```swift
/// let hack = box.hack()
/// try hack.encrypt(data: "new-token")      // opens later with the same PIN
/// let token = try hack.decrypt()
/// ```
///
/// It shows why the legacy format is weak: whoever can read the store can read and replace the
/// secret. Like SurfUtils', ``encrypt(data:)`` reuses the stored IV with the stored key. The box is
/// not `Sendable`: it holds SurfUtils' non-`Sendable` closure and cipher.
public struct PinHackCryptoBox {
    let secureStore: () -> any SecureStore
    let cryptoService: any SymmetricCryptoService
    let keys: PinCryptoBox.EntryKeys

    /// Creates a hack box over the entries of a ``PinCryptoBox`` with the same parameters.
    ///
    /// - Parameters:
    ///   - secureStore: Returns the store the entries live in; called once per operation.
    ///   - cryptoService: The cipher the PIN box used.
    ///   - ivKey: The key of the IV entry.
    ///   - dataKey: The key of the ciphertext entry.
    ///   - saltKey: The key of the salt entry (kept for symmetry with the PIN box; not read).
    ///   - hashKey: The key of the hash entry.
    public init(
        secureStore: @escaping () -> any SecureStore, cryptoService: any SymmetricCryptoService, ivKey: String,
        dataKey: String, saltKey: String, hashKey: String
    ) {
        self.init(
            secureStore: secureStore, cryptoService: cryptoService,
            keys: PinCryptoBox.EntryKeys(iv: ivKey, data: dataKey, salt: saltKey, hash: hashKey))
    }

    init(
        secureStore: @escaping () -> any SecureStore, cryptoService: any SymmetricCryptoService,
        keys: PinCryptoBox.EntryKeys
    ) {
        self.secureStore = secureStore
        self.cryptoService = cryptoService
        self.keys = keys
    }

    /// Replaces the secret with `data`, encrypted with the stored hash and IV, so that the PIN box
    /// still opens it with the same PIN; only the data entry is written.
    ///
    /// - Parameter data: The new secret.
    /// - Throws: ``CryptoBoxCommonError``: `.missingValue` when the PIN box never saved a secret,
    ///   `.corruptedValue` or `.invalidKey` for damaged entries, `.storeFailed`; or what an app's
    ///   store or cipher throws.
    public func encrypt(data: String) throws {
        let entries = PinBoxEntries(store: secureStore(), keys: keys, cryptoService: cryptoService)
        let hash = try entries.readText(keys.hash)
        let iv = try entries.readText(keys.iv)
        try entries.write(try entries.seal(data, key: hash, iv: iv), to: keys.data)
    }

    /// Decrypts the secret with the stored hash, without the PIN.
    ///
    /// - Returns: The secret.
    /// - Throws: ``CryptoBoxCommonError`` (`.missingValue` for an emptied store), or what an app's
    ///   store or cipher throws.
    public func decrypt() throws -> String {
        let entries = PinBoxEntries(store: secureStore(), keys: keys, cryptoService: cryptoService)
        return try entries.open(key: try entries.readText(keys.hash))
    }

    /// This box as a ``CryptoBox`` that ignores `auth`, to put in place of a PIN box.
    ///
    /// - Returns: A ``HackWrapperCryptoBox`` around this box.
    public func erase() -> any CryptoBox {
        HackWrapperCryptoBox(box: self)
    }
}
