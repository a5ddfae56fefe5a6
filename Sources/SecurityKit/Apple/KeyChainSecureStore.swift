#if canImport(Security)
    import Foundation

    /// SurfUtils' text-valued ``SecureStore`` in the Apple keychain: each key is the account of an
    /// item that ``SecureStoreQueryable`` describes (usually ``GenericPasswordQueryable``).
    ///
    /// ```swift
    /// let store = KeyChainSecureStore(secureStoreQueryable: GenericPasswordQueryable(service: "com.example.app"))
    /// try store.save(data: "token", by: "token")
    /// ```
    ///
    /// Unlike SurfUtils' store: saving adds the item and updates it only when the keychain says it
    /// exists, with no look-up before, so concurrent saves cannot fail on a duplicate; on macOS apps
    /// it uses the data protection keychain and still finds what SurfUtils wrote to the file-based
    /// one (``KeychainImplementation/automatic``); a missing key throws
    /// ``SecureStoreError/notFound(key:)``, and other failures say which operation failed.
    /// Items are added with the keychain's default accessibility, as SurfUtils added them.
    ///
    /// The store is not `Sendable`, because SurfUtils' ``SecureStoreQueryable`` is not; the
    /// byte-valued, `Sendable` keychain store is ``KeychainSecretStore``.
    public struct KeyChainSecureStore: SecureStore {
        /// Which items the store uses.
        let secureStoreQueryable: any SecureStoreQueryable
        /// Which macOS keychain the store uses.
        public let keychain: KeychainImplementation

        /// Creates a store over the keychain items that `secureStoreQueryable` describes, in the
        /// ``KeychainImplementation/automatic`` keychain.
        ///
        /// - Parameter secureStoreQueryable: The item class and attributes, such as a
        ///   ``GenericPasswordQueryable``.
        public init(secureStoreQueryable: any SecureStoreQueryable) {
            self.init(secureStoreQueryable: secureStoreQueryable, keychain: .automatic)
        }

        /// Creates a store over the keychain items that `secureStoreQueryable` describes, in the
        /// keychain `keychain` on macOS.
        ///
        /// - Parameters:
        ///   - secureStoreQueryable: The item class and attributes, such as a
        ///     ``GenericPasswordQueryable``.
        ///   - keychain: The data protection keychain, the file-based one, or the automatic choice.
        public init(secureStoreQueryable: any SecureStoreQueryable, keychain: KeychainImplementation) {
            self.secureStoreQueryable = secureStoreQueryable
            self.keychain = keychain
        }

        /// Saves the UTF-8 of `data` as the item whose account is `key`, adding or updating it.
        ///
        /// - Parameters:
        ///   - data: The text to keep.
        ///   - key: The item's account.
        /// - Throws: ``SecureStoreError/operationFailed(operation:key:reason:)`` with the keychain's
        ///   message, or ``SecureStoreError/unavailable(reason:)`` (locked device, missing entitlement).
        public func save(data: String, by key: String) throws {
            try KeychainItems.save(
                Data(data.utf8), account: key, base: secureStoreQueryable.query, keychain: keychain, accessible: nil)
        }

        /// The text of the item whose account is `key`.
        ///
        /// - Parameter key: The item's account.
        /// - Returns: The stored text.
        /// - Throws: ``SecureStoreError/notFound(key:)``, ``SecureStoreError/dataToStringConversionError``
        ///   when the item's data is not UTF-8, or another ``SecureStoreError``.
        public func load(by key: String) throws -> String {
            let data = try KeychainItems.load(account: key, base: secureStoreQueryable.query, keychain: keychain)
            guard let text = String(exactUTF8: data) else { throw SecureStoreError.dataToStringConversionError }
            return text
        }

        /// Deletes the item whose account is `key`, if any.
        ///
        /// - Parameter key: The item's account.
        /// - Throws: ``SecureStoreError`` when the keychain refuses.
        public func remove(by key: String) throws {
            try KeychainItems.remove(account: key, base: secureStoreQueryable.query, keychain: keychain)
        }

        /// Deletes every item the query describes.
        ///
        /// - Throws: ``SecureStoreError`` when the keychain refuses.
        public func removeAll() throws {
            try KeychainItems.remove(account: nil, base: secureStoreQueryable.query, keychain: keychain)
        }
    }
#endif
