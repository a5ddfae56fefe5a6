#if canImport(Security)
    public import Foundation
    import Security

    /// A byte-valued ``SecretStore`` in the Apple keychain: each key is the account of a generic
    /// password item, readable only while the device is unlocked and never moved to another device.
    ///
    /// ```swift
    /// let store = KeychainSecretStore(queryable: GenericPasswordQueryable(service: "com.example.app"))
    /// let vault = PinVault(store: store)
    /// ```
    ///
    /// Saving adds the item and updates it when the keychain says it exists. The accessibility
    /// `kSecAttrAccessibleWhenUnlockedThisDeviceOnly` applies where the data protection keychain is
    /// used (always outside macOS; on macOS as ``KeychainImplementation`` decides). SurfUtils'
    /// text-valued keychain store is ``KeyChainSecureStore``.
    public struct KeychainSecretStore: SecretStore {
        /// Which items the store uses.
        public let queryable: GenericPasswordQueryable
        /// Which macOS keychain the store uses.
        public let keychain: KeychainImplementation

        /// Creates a store over the keychain items that `queryable` describes.
        ///
        /// - Parameters:
        ///   - queryable: The service and access group of the items.
        ///   - keychain: Which macOS keychain to use; ``KeychainImplementation/automatic`` by default.
        public init(queryable: GenericPasswordQueryable, keychain: KeychainImplementation = .automatic) {
            self.queryable = queryable
            self.keychain = keychain
        }

        /// Adds or updates the item whose account is `key`.
        ///
        /// - Parameters:
        ///   - data: The bytes to keep.
        ///   - key: The item's account.
        /// - Throws: ``SecureStoreError/operationFailed(operation:key:reason:)`` with the keychain's
        ///   message, or ``SecureStoreError/unavailable(reason:)`` (locked device, missing entitlement).
        public func save(data: Data, by key: String) throws {
            try KeychainItems.save(
                data, account: key, base: queryable.query, keychain: keychain,
                accessible: kSecAttrAccessibleWhenUnlockedThisDeviceOnly)
        }

        /// The data of the item whose account is `key`.
        ///
        /// - Parameter key: The item's account.
        /// - Returns: The stored bytes.
        /// - Throws: ``SecureStoreError/notFound(key:)`` or another ``SecureStoreError``.
        public func load(by key: String) throws -> Data {
            try KeychainItems.load(account: key, base: queryable.query, keychain: keychain)
        }

        /// Deletes the item whose account is `key`, if any.
        ///
        /// - Parameter key: The item's account.
        /// - Throws: ``SecureStoreError`` when the keychain refuses.
        public func remove(by key: String) throws {
            try KeychainItems.remove(account: key, base: queryable.query, keychain: keychain)
        }

        /// Deletes every generic password of the service (and access group).
        ///
        /// - Throws: ``SecureStoreError`` when the keychain refuses.
        public func removeAll() throws {
            try KeychainItems.remove(account: nil, base: queryable.query, keychain: keychain)
        }
    }
#endif
