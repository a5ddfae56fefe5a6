/// The legacy box opened without the PIN, with the hash that SurfUtils stores beside the data (what
/// SurfUtils offers for biometric unlock). Get one with ``PinCryptoBox/hack()``.
///
/// It shows why the legacy format is weak: whoever can read the store can read the secret.
public struct PinHackCryptoBox: CryptoBox {
    let box: PinCryptoBox

    /// Encrypts `data` under the PIN `auth`, as ``PinCryptoBox/encrypt(data:auth:)`` does.
    ///
    /// - Parameters:
    ///   - data: The secret.
    ///   - auth: The PIN.
    /// - Throws: ``CryptoBoxCommonError``.
    public func encrypt(data: String, auth: String) throws {
        try box.encrypt(data: data, auth: auth)
    }

    /// Decrypts the secret with the stored hash, without the PIN.
    ///
    /// - Returns: The secret.
    /// - Throws: ``CryptoBoxCommonError``.
    public func decrypt() throws -> String {
        try box.decrypt(key: box.readText(box.keys.hash))
    }

    /// Decrypts with the stored hash; `auth` is not used (the ``CryptoBox`` form of ``decrypt()``).
    ///
    /// - Parameter auth: Ignored.
    /// - Returns: The secret.
    /// - Throws: ``CryptoBoxCommonError``.
    public func decrypt(auth: String) throws -> String {
        try decrypt()
    }

    /// This box as a ``CryptoBox`` whose `decrypt(auth:)` ignores `auth`.
    ///
    /// - Returns: A ``HackWrapperCryptoBox`` around this box.
    public func erase() -> any CryptoBox {
        HackWrapperCryptoBox(box: self)
    }
}

/// A ``PinHackCryptoBox`` seen as a ``CryptoBox``: `decrypt(auth:)` ignores its argument.
public struct HackWrapperCryptoBox: CryptoBox {
    let box: PinHackCryptoBox

    /// Wraps a hack box.
    ///
    /// - Parameter box: The box to wrap.
    public init(box: PinHackCryptoBox) {
        self.box = box
    }

    /// Encrypts `data` under the PIN `auth`.
    ///
    /// - Parameters:
    ///   - data: The secret.
    ///   - auth: The PIN.
    /// - Throws: ``CryptoBoxCommonError``.
    public func encrypt(data: String, auth: String) throws {
        try box.encrypt(data: data, auth: auth)
    }

    /// Decrypts with the stored hash; `auth` is not used.
    ///
    /// - Parameter auth: Ignored.
    /// - Returns: The secret.
    /// - Throws: ``CryptoBoxCommonError``.
    public func decrypt(auth: String) throws -> String {
        try box.decrypt()
    }
}

extension PinCryptoBox {
    /// The same box, opened with the stored hash instead of the PIN.
    ///
    /// - Returns: A ``PinHackCryptoBox`` over the same entries.
    public func hack() -> PinHackCryptoBox {
        PinHackCryptoBox(box: self)
    }
}
