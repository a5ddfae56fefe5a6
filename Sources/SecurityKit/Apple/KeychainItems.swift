#if canImport(Security)
    import Foundation
    import Security

    /// The SecItem calls both keychain stores make: one item per key, its `kSecAttrAccount`, under
    /// the attributes of a base query, in the keychains that ``KeychainImplementation`` picks.
    enum KeychainItems {
        /// Adds the item, or updates its data when it exists, in the first keychain the process is
        /// entitled to.
        static func save(
            _ data: Data, account: String, base: [String: Any], keychain: KeychainImplementation,
            accessible: CFString?
        ) throws(SecureStoreError) {
            let targets = keychain.targets(for: itemQuery(base, account))
            for (index, target) in targets.enumerated() {
                let status = save(data, in: target, accessible: accessible)
                if status == errSecSuccess { return }
                if status == errSecMissingEntitlement && index < targets.count - 1 { continue }
                throw failure(status, .save, account)
            }
        }

        /// Adding first and updating on `errSecDuplicateItem` leaves no gap between a look-up and an
        /// add in which another writer could add the same item; an item removed between the two
        /// calls is added again.
        private static func save(_ data: Data, in target: KeychainImplementation.Target, accessible: CFString?)
            -> OSStatus
        {
            var attributes = target.query
            attributes[kSecValueData as String] = data
            // kSecAttrAccessible applies to the data protection keychain only.
            if target.dataProtection, let accessible { attributes[kSecAttrAccessible as String] = accessible }
            let changes: [String: Any] = [kSecValueData as String: data]
            var status = errSecItemNotFound
            for _ in 0..<3 {
                status = SecItemAdd(attributes as CFDictionary, nil)
                guard status == errSecDuplicateItem else { return status }
                status = SecItemUpdate(target.query as CFDictionary, changes as CFDictionary)
                guard status == errSecItemNotFound else { return status }
            }
            return status
        }

        /// The data of the item, from the first keychain that has it.
        static func load(account: String, base: [String: Any], keychain: KeychainImplementation)
            throws(SecureStoreError) -> Data
        {
            let targets = keychain.targets(for: itemQuery(base, account))
            for (index, target) in targets.enumerated() {
                var query = target.query
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
                    continue
                case errSecMissingEntitlement where index < targets.count - 1:
                    continue
                default:
                    throw failure(status, .load, account)
                }
            }
            throw .notFound(key: account)
        }

        /// Deletes the item of `account`, or every item of the base query when `account` is nil,
        /// from every keychain the store uses.
        static func remove(account: String?, base: [String: Any], keychain: KeychainImplementation)
            throws(SecureStoreError)
        {
            let targets = keychain.targets(for: account.map { itemQuery(base, $0) } ?? base)
            for (index, target) in targets.enumerated() {
                let status = SecItemDelete(target.query as CFDictionary)
                if status == errSecSuccess || status == errSecItemNotFound { continue }
                if status == errSecMissingEntitlement && index < targets.count - 1 { continue }
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
