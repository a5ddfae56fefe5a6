#if canImport(Security)
    public import Foundation
    import Security

    /// Which keychain items a ``KeyChainSecureStore`` uses: generic passwords of one service, in an
    /// optional access group shared between apps of one team (SurfUtils' name and shape).
    public struct GenericPasswordQueryable: Sendable, Hashable {
        /// The `kSecAttrService` of the items.
        public let service: String
        /// The `kSecAttrAccessGroup` of the items, or nil for the app's default group.
        public let accessGroup: String?

        /// Creates the description of the items.
        ///
        /// - Parameters:
        ///   - service: The service name, such as the app's bundle identifier.
        ///   - accessGroup: A keychain access group, or nil.
        public init(service: String, accessGroup: String? = nil) {
            self.service = service
            self.accessGroup = accessGroup
        }

        /// The query attributes every operation starts from.
        var query: [String: Any] {
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
            ]
            if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
            return query
        }
    }

    /// A ``SecureStore`` in the Apple keychain: each key is the account of a generic password item,
    /// readable only while the device is unlocked and never synchronised to other devices.
    ///
    /// ```swift
    /// let store = KeyChainSecureStore(secureStoreQueryable: GenericPasswordQueryable(service: "com.example.app"))
    /// try store.save(data: token, by: "token")
    /// ```
    public struct KeyChainSecureStore: SecureStore {
        /// Which items the store uses.
        public let queryable: GenericPasswordQueryable

        /// Creates a store over the keychain items that `secureStoreQueryable` describes.
        ///
        /// - Parameter secureStoreQueryable: The service and access group of the items.
        public init(secureStoreQueryable: GenericPasswordQueryable) {
            queryable = secureStoreQueryable
        }

        /// Adds or updates the item whose account is `key`.
        ///
        /// - Parameters:
        ///   - data: The bytes to keep.
        ///   - key: The item's account.
        /// - Throws: ``SecureStoreError/operationFailed(operation:key:reason:)`` with the keychain's message.
        public func save(data: Data, by key: String) throws {
            var query = queryable.query
            query[kSecAttrAccount as String] = key
            let existing = SecItemCopyMatching(query as CFDictionary, nil)
            switch existing {
            case errSecSuccess:
                let changes: [String: Any] = [kSecValueData as String: data]
                let status = SecItemUpdate(query as CFDictionary, changes as CFDictionary)
                guard status == errSecSuccess else { throw Self.failure(status, .save, key) }
            case errSecItemNotFound:
                query[kSecValueData as String] = data
                query[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                let status = SecItemAdd(query as CFDictionary, nil)
                guard status == errSecSuccess else { throw Self.failure(status, .save, key) }
            default:
                throw Self.failure(existing, .save, key)
            }
        }

        /// The data of the item whose account is `key`.
        ///
        /// - Parameter key: The item's account.
        /// - Returns: The stored bytes.
        /// - Throws: ``SecureStoreError/notFound(key:)`` or another ``SecureStoreError``.
        public func load(by key: String) throws -> Data {
            var query = queryable.query
            query[kSecAttrAccount as String] = key
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            query[kSecReturnData as String] = true
            var result: AnyObject?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            switch status {
            case errSecSuccess:
                guard let data = result as? Data else {
                    throw SecureStoreError.operationFailed(operation: .load, key: key, reason: "the item holds no data")
                }
                return data
            case errSecItemNotFound:
                throw SecureStoreError.notFound(key: key)
            default:
                throw Self.failure(status, .load, key)
            }
        }

        /// Deletes the item whose account is `key`, if any.
        ///
        /// - Parameter key: The item's account.
        /// - Throws: ``SecureStoreError`` when the keychain refuses.
        public func remove(by key: String) throws {
            var query = queryable.query
            query[kSecAttrAccount as String] = key
            let status = SecItemDelete(query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw Self.failure(status, .remove, key)
            }
        }

        /// Deletes every generic password of the service (and access group).
        ///
        /// - Throws: ``SecureStoreError`` when the keychain refuses.
        public func removeAll() throws {
            let status = SecItemDelete(queryable.query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw Self.failure(status, .removeAll, nil)
            }
        }

        private static func failure(
            _ status: OSStatus, _ operation: SecureStoreError.Operation, _ key: String?
        ) -> SecureStoreError {
            let message = SecCopyErrorMessageString(status, nil).map { $0 as String } ?? "OSStatus \(status)"
            if status == errSecInteractionNotAllowed || status == errSecNotAvailable {
                return .unavailable(reason: message)
            }
            return .operationFailed(operation: operation, key: key, reason: message)
        }
    }
#endif
