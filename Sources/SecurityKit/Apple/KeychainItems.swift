#if canImport(Security)
    import Foundation
    import Security

    /// The SecItem calls both keychain stores make: one item per key, its `kSecAttrAccount`, under
    /// the attributes of a base query.
    enum KeychainItems {
        /// Adds the item, or updates its data when it exists.
        ///
        /// Adding first and updating on `errSecDuplicateItem` leaves no gap between a look-up and an
        /// add in which another writer could add the same item; an item removed between the two
        /// calls is added again.
        static func save(
            _ data: Data, account: String, base: [String: Any], keychain: KeychainImplementation,
            accessible: CFString?
        ) throws(SecureStoreError) {
            let (query, dataProtection) = keychain.prepare(itemQuery(base, account))
            var attributes = query
            attributes[kSecValueData as String] = data
            // kSecAttrAccessible applies to the data protection keychain only.
            if dataProtection, let accessible { attributes[kSecAttrAccessible as String] = accessible }
            let changes: [String: Any] = [kSecValueData as String: data]
            for _ in 0..<3 {
                let added = SecItemAdd(attributes as CFDictionary, nil)
                if added == errSecSuccess { return }
                guard added == errSecDuplicateItem else { throw failure(added, .save, account) }
                let updated = SecItemUpdate(query as CFDictionary, changes as CFDictionary)
                if updated == errSecSuccess { return }
                guard updated == errSecItemNotFound else { throw failure(updated, .save, account) }
            }
            throw .operationFailed(
                operation: .save, key: account, reason: "the item kept being removed while it was written")
        }

        /// The data of the item.
        static func load(account: String, base: [String: Any], keychain: KeychainImplementation)
            throws(SecureStoreError) -> Data
        {
            var (query, _) = keychain.prepare(itemQuery(base, account))
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            query[kSecReturnData as String] = true
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            switch status {
            case errSecSuccess:
                guard let data = result as? Data else {
                    throw .operationFailed(operation: .load, key: account, reason: "the item holds no data")
                }
                return data
            case errSecItemNotFound:
                throw .notFound(key: account)
            default:
                throw failure(status, .load, account)
            }
        }

        /// Deletes the item of `account`, or every item of the base query when `account` is nil.
        static func remove(account: String?, base: [String: Any], keychain: KeychainImplementation)
            throws(SecureStoreError)
        {
            let (query, _) = keychain.prepare(account.map { itemQuery(base, $0) } ?? base)
            let status = SecItemDelete(query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw failure(status, account == nil ? .removeAll : .remove, account)
            }
        }

        private static func itemQuery(_ base: [String: Any], _ account: String) -> [String: Any] {
            var query = base
            query[kSecAttrAccount as String] = account
            return query
        }

        /// The status as a store error with the keychain's own message; a locked device, a missing
        /// keychain or a missing entitlement make the store `.unavailable`.
        static func failure(_ status: OSStatus, _ operation: SecureStoreError.Operation, _ key: String?)
            -> SecureStoreError
        {
            let message = SecCopyErrorMessageString(status, nil).map { $0 as String } ?? "OSStatus \(status)"
            switch status {
            case errSecInteractionNotAllowed, errSecNotAvailable, errSecMissingEntitlement:
                return .unavailable(reason: message)
            default:
                return .operationFailed(operation: operation, key: key, reason: message)
            }
        }
    }
#endif
