/// A ``PinHackCryptoBox`` seen as a ``CryptoBox`` whose `auth` arguments are ignored: SurfUtils' way
/// to swap the PIN box for the hack box where code expects a ``CryptoBox``.
public struct HackWrapperCryptoBox: CryptoBox {
    let box: PinHackCryptoBox

    /// Wraps a hack box.
    ///
    /// - Parameter box: The box to wrap.
    public init(box: PinHackCryptoBox) {
        self.box = box
    }

    /// Replaces the secret as ``PinHackCryptoBox/encrypt(data:)`` does: with the stored hash and IV,
    /// so the old PIN still opens it.
    ///
    /// - Parameters:
    ///   - data: The new secret.
    ///   - auth: Ignored.
    /// - Throws: As ``PinHackCryptoBox/encrypt(data:)``.
    public func encrypt(data: String, auth: String) throws {
        try box.encrypt(data: data)
    }

    /// Decrypts with the stored hash.
    ///
    /// - Parameter auth: Ignored.
    /// - Returns: The secret.
    /// - Throws: As ``PinHackCryptoBox/decrypt()``.
    public func decrypt(auth: String) throws -> String {
        try box.decrypt()
    }
}
