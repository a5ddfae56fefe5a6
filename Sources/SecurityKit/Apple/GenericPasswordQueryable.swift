#if canImport(Security)
    import Security

    /// The generic-password items of one service, in an optional access group shared between apps of
    /// one team: SurfUtils' `GenericPasswordQueryable`.
    ///
    /// ```swift
    /// let store = KeyChainSecureStore(secureStoreQueryable: GenericPasswordQueryable(service: "com.example.app"))
    /// ```
    ///
    /// As in SurfUtils, the access group is left out of the query in the Simulator, so the same code
    /// runs there without the entitlement.
    public struct GenericPasswordQueryable: SecureStoreQueryable, Sendable, Hashable {
        /// The `kSecAttrService` of the items.
        public let service: String
        /// The `kSecAttrAccessGroup` of the items, or nil for the app's default group.
        public let accessGroup: String?

        /// Describes the items of `service`.
        ///
        /// - Parameters:
        ///   - service: The service name, such as the app's bundle identifier.
        ///   - accessGroup: A keychain access group the app is entitled to, or nil.
        public init(service: String, accessGroup: String? = nil) {
            self.service = service
            self.accessGroup = accessGroup
        }

        /// The generic-password class, the service and (on devices) the access group.
        public var query: [String: Any] {
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
            ]
            #if !targetEnvironment(simulator)
                if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
            #endif
            return query
        }
    }
#endif
