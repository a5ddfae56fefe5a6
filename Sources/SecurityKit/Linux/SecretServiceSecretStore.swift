#if canImport(Glibc)
    public import Foundation
    import InternalServiceUtilities

    /// A ``SecretStore`` in the freedesktop Secret Service (GNOME Keyring, KWallet) on Linux, through
    /// libsecret loaded at run time with `dlopen`, so nothing is needed to build.
    ///
    /// Each entry is an item with the attributes `service` (this store's label) and `key`; its secret is
    /// the base64 of the value, since the Secret Service keeps text. The items go to the default
    /// collection (the login keyring), which the desktop session unlocks.
    ///
    /// ```swift
    /// let store = try SecretServiceSecretStore(collectionLabel: "my-app")
    /// try store.save(data: token, by: "token")
    /// ```
    ///
    /// Without libsecret, or without a running Secret Service on the session bus, the initialiser throws
    /// ``SecureStoreError/unavailable(reason:)`` with the reason.
    public struct SecretServiceSecretStore: SecretStore {
        /// The value of the `service` attribute that marks this store's items.
        public let collectionLabel: String

        /// The schema name the items are stored under.
        static let schemaName = "dev.serviceutils.SecureStore"

        // libsecret's synchronous calls each run a main loop of their own; one at a time keeps them simple.
        private static let serial = SerialLock()

        /// Connects to the Secret Service.
        ///
        /// - Parameter collectionLabel: Names this store's items (the `service` attribute), so stores with
        ///   different labels do not see each other's entries.
        /// - Throws: ``SecureStoreError/unavailable(reason:)`` when libsecret cannot be loaded or the
        ///   service does not answer.
        public init(collectionLabel: String) throws {
            self.collectionLabel = collectionLabel
            try Self.serial.run {
                let library = try LibSecret.load()
                // A lookup of an item that does not exist shows whether the service answers.
                _ = try library.lookup(schema: Self.schemaName, attributes: ["service": collectionLabel, "key": ""])
            }
        }

        /// Saves `data` under `key`, replacing any earlier item.
        ///
        /// - Parameters:
        ///   - data: The bytes to keep.
        ///   - key: The entry's name.
        /// - Throws: ``SecureStoreError``.
        public func save(data: Data, by key: String) throws {
            try Self.serial.run {
                try LibSecret.load().store(
                    schema: Self.schemaName, attributes: attributes(key), label: "\(collectionLabel): \(key)",
                    secret: data.base64EncodedString(), key: key)
            }
        }

        /// Loads the entry under `key`.
        ///
        /// - Parameter key: The entry's name.
        /// - Returns: The stored bytes.
        /// - Throws: ``SecureStoreError/notFound(key:)`` or another ``SecureStoreError``.
        public func load(by key: String) throws -> Data {
            let text = try Self.serial.run {
                try LibSecret.load().lookup(schema: Self.schemaName, attributes: attributes(key))
            }
            guard let text else { throw SecureStoreError.notFound(key: key) }
            guard let data = Data(base64Encoded: text) else {
                throw SecureStoreError.operationFailed(
                    operation: .load, key: key, reason: "the stored item is not base64")
            }
            return data
        }

        /// Removes the entry under `key`, if any.
        ///
        /// - Parameter key: The entry's name.
        /// - Throws: ``SecureStoreError``.
        public func remove(by key: String) throws {
            try Self.serial.run {
                try LibSecret.load().clear(
                    schema: Self.schemaName, attributes: attributes(key), operation: .remove, key: key)
            }
        }

        /// Removes every item with this store's label.
        ///
        /// - Throws: ``SecureStoreError``.
        public func removeAll() throws {
            try Self.serial.run {
                try LibSecret.load().clear(
                    schema: Self.schemaName, attributes: ["service": collectionLabel], operation: .removeAll, key: nil)
            }
        }

        private func attributes(_ key: String) -> [String: String] {
            ["service": collectionLabel, "key": key]
        }
    }

    // MARK: - Deprecated names

    /// The former name of ``SecretServiceSecretStore``, from before the byte-valued stores all took
    /// the ``SecretStore`` family's name.
    @available(*, deprecated, renamed: "SecretServiceSecretStore")
    public typealias SecretServiceSecureStore = SecretServiceSecretStore
#endif
