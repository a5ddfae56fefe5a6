#if canImport(Security)
    import Foundation
    import Security

    /// Which of macOS's two keychains a keychain store uses.
    ///
    /// macOS has the file-based keychain of older Mac apps and the data protection keychain, which
    /// behaves as on iOS (access groups, `kSecAttrAccessible`, no password prompts) but is open only
    /// to code signed with a keychain entitlement: a plain command-line tool gets
    /// `errSecMissingEntitlement` there. Apple recommends the data protection keychain for apps.
    /// iOS, tvOS, watchOS and visionOS have only the data protection keychain and ignore this choice.
    ///
    /// ```swift
    /// let store = KeyChainSecureStore(
    ///     secureStoreQueryable: GenericPasswordQueryable(service: "com.example.app"), keychain: .dataProtection)
    /// ```
    public enum KeychainImplementation: Sendable, Hashable {
        /// The data protection keychain when the process is an app (its main bundle is a `.app`),
        /// the file-based keychain otherwise (command-line tools, test runners). The default.
        case automatic
        /// The data protection keychain (`kSecUseDataProtectionKeychain` set to true).
        case dataProtection
        /// The file-based keychain, where SurfUtils' store kept its items on macOS.
        case fileBased
    }

    extension KeychainImplementation {
        /// `query` with `kSecUseDataProtectionKeychain` added when this choice means the data
        /// protection keychain on macOS (a query that sets the key itself keeps its value), and
        /// whether the data protection keychain is in use, where `kSecAttrAccessible` applies.
        func prepare(_ query: [String: Any]) -> (query: [String: Any], dataProtection: Bool) {
            #if os(macOS)
                if let explicit = query[kSecUseDataProtectionKeychain as String] as? Bool { return (query, explicit) }
                guard usesDataProtection else { return (query, false) }
                var query = query
                query[kSecUseDataProtectionKeychain as String] = true
                return (query, true)
            #else
                return (query, true)
            #endif
        }

        /// Whether this choice means the data protection keychain on macOS.
        var usesDataProtection: Bool {
            switch self {
            case .automatic: Bundle.main.bundleURL.pathExtension == "app"
            case .dataProtection: true
            case .fileBased: false
            }
        }
    }
#endif
