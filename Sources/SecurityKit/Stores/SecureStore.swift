/// Saves and reads text secrets under string keys: SurfUtils' `SecureDataProvider`.
///
/// Like SurfUtils' protocol it does not require `Sendable`, so an app's plain class with mutable
/// state can adopt it.
public protocol SecureDataProvider {
    /// Saves `data` under `key`, replacing any earlier value.
    ///
    /// - Parameters:
    ///   - data: The text to keep.
    ///   - key: The entry's name.
    /// - Throws: ``SecureStoreError`` (or the adopter's own error) when the store cannot write.
    func save(data: String, by key: String) throws

    /// The text saved under `key`.
    ///
    /// - Parameter key: The entry's name.
    /// - Returns: The stored text.
    /// - Throws: An error when nothing is saved under `key` (ServiceUtils' stores throw
    ///   ``SecureStoreError/notFound(key:)``) or the store cannot read.
    func load(by key: String) throws -> String
}

/// A whole text-valued secret store, SurfUtils' `SecureStore`: what ``PinCryptoBox`` keeps its
/// entries in.
///
/// ServiceUtils' stores of this shape are ``InMemorySecureStore``, `KeyChainSecureStore` on Apple
/// platforms, and ``SecretStoreAdapter``, which puts any byte-valued ``SecretStore`` (a file
/// directory, the Secret Service) behind this protocol on every platform.
///
/// ```swift
/// let box = PinCryptoBox(
///     secureStore: { SecretStoreAdapter(files) }, hashProvider: SHA3(variant: .sha224),
///     cryptoService: BlowfishCryptoService(), ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
/// ```
///
/// Rules for adopters: `save(data:by:)` replaces what was under the key and `load(by:)` returns it
/// exactly; `load` of a missing key throws; `remove(by:)` of a missing key does not.
public protocol SecureStore: SecureDataProvider {
    /// Removes the entry under `key`; removing a missing entry does nothing.
    ///
    /// - Parameter key: The entry's name.
    /// - Throws: ``SecureStoreError`` (or the adopter's own error) when the store cannot write.
    func remove(by key: String) throws

    /// Removes every entry this store holds.
    ///
    /// - Throws: ``SecureStoreError`` (or the adopter's own error) when the store cannot write.
    func removeAll() throws
}
