import Foundation

/// Presents a byte-valued ``SecretStore`` as SurfUtils' text-valued ``SecureStore``, so that
/// ``PinCryptoBox`` can keep its entries in a file directory or the Secret Service on any platform.
///
/// Text is saved as its UTF-8 bytes and read back exactly (a leading byte-order mark included).
///
/// ```swift
/// let files = try FileSecretStore(directory: folder)
/// let box = PinCryptoBox(
///     secureStore: { SecretStoreAdapter(files) }, hashProvider: SHA3(variant: .sha224),
///     cryptoService: BlowfishCryptoService(), ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
/// ```
public struct SecretStoreAdapter: SecureStore, Sendable {
    /// The store that holds the bytes.
    public let base: any SecretStore

    /// Wraps `base`.
    ///
    /// - Parameter base: The byte-valued store to keep the text in.
    public init(_ base: any SecretStore) {
        self.base = base
    }

    /// Saves the UTF-8 of `data` under `key`.
    ///
    /// - Parameters:
    ///   - data: The text to keep.
    ///   - key: The entry's name.
    /// - Throws: The base store's ``SecureStoreError``.
    public func save(data: String, by key: String) throws {
        try base.save(data: Data(data.utf8), by: key)
    }

    /// The text saved under `key`.
    ///
    /// - Parameter key: The entry's name.
    /// - Returns: The stored bytes as text.
    /// - Throws: ``SecureStoreError/dataToStringConversionError`` when the stored bytes are not UTF-8,
    ///   or the base store's ``SecureStoreError`` (``SecureStoreError/notFound(key:)`` for a missing key).
    public func load(by key: String) throws -> String {
        guard let text = String(exactUTF8: try base.load(by: key)) else {
            throw SecureStoreError.dataToStringConversionError
        }
        return text
    }

    /// Removes the entry under `key`, if any.
    ///
    /// - Parameter key: The entry's name.
    /// - Throws: The base store's ``SecureStoreError``.
    public func remove(by key: String) throws {
        try base.remove(by: key)
    }

    /// Removes every entry of the base store.
    ///
    /// - Throws: The base store's ``SecureStoreError``.
    public func removeAll() throws {
        try base.removeAll()
    }
}
