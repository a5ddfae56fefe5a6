#if canImport(Security)
    import Foundation
    import Security

    /// Which of macOS's two keychains a keychain store uses.
    ///
    /// macOS has the file-based keychain of older Mac apps and the data protection keychain, which
    /// behaves as on iOS (access groups, `kSecAttrAccessible`, no password prompts) but is open only
    /// to code signed with a keychain entitlement: other code gets `errSecMissingEntitlement` there.
    /// Apple recommends the data protection keychain for apps. iOS, tvOS, watchOS and visionOS have
    /// only the data protection keychain and ignore this choice.
    ///
    /// SurfUtils' store used the file-based keychain on macOS; ``automatic`` still finds what it
    /// wrote there.
    ///
    /// ```swift
    /// let store = KeyChainSecureStore(
    ///     secureStoreQueryable: GenericPasswordQueryable(service: "com.example.app"), keychain: .dataProtection)
    /// ```
    public enum KeychainImplementation: Sendable, Hashable {
        /// In an app (a process whose main bundle is a `.app`): the data protection keychain, with
        /// items that only the file-based keychain has still found and removed there, and the
        /// file-based keychain when the app has no keychain entitlement. In any other process
        /// (command-line tools, test runners): the file-based keychain. The default.
        case automatic
        /// The data protection keychain only (`kSecUseDataProtectionKeychain` set to true).
        case dataProtection
        /// The file-based keychain only, where SurfUtils' store kept its items on macOS.
        case fileBased
    }

    extension KeychainImplementation {
        /// One keychain to try: the query for it, and whether it is the data protection keychain
        /// (where `kSecAttrAccessible` applies).
        struct Target {
            var query: [String: Any]
            var dataProtection: Bool
        }

        /// The keychains an operation on `query` uses, in order: reads try each until one has the
        /// item, writes go to the first that the process is entitled to, removals reach them all.
        /// A query that sets `kSecUseDataProtectionKeychain` itself keeps its choice.
        func targets(for query: [String: Any]) -> [Target] {
            #if os(macOS)
                let key = kSecUseDataProtectionKeychain as String
                if let explicit = query[key] as? Bool { return [Target(query: query, dataProtection: explicit)] }
                var dataProtectionQuery = query
                dataProtectionQuery[key] = true
                let fileBased = Target(query: query, dataProtection: false)
                switch self {
                case .dataProtection: return [Target(query: dataProtectionQuery, dataProtection: true)]
                case .fileBased: return [fileBased]
                case .automatic:
                    guard Bundle.main.bundleURL.pathExtension == "app" else { return [fileBased] }
                    return [Target(query: dataProtectionQuery, dataProtection: true), fileBased]
                }
            #else
                return [Target(query: query, dataProtection: true)]
            #endif
        }
    }
#endif
