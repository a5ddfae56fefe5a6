#if canImport(Security)
    /// Describes the keychain items a ``KeyChainSecureStore`` uses: SurfUtils' `SecureStoreQueryable`.
    ///
    /// Rules for adopters: `query` holds the item class (`kSecClass`) and the attributes that pick
    /// the store's items, such as `kSecAttrService` and `kSecAttrAccessGroup`; not `kSecAttrAccount`
    /// (the store sets it to each key) nor search or return keys (`kSecMatchLimit`, `kSecReturnData`),
    /// which the store adds per call. ``GenericPasswordQueryable`` is the usual one.
    public protocol SecureStoreQueryable {
        /// The attributes every keychain call of the store starts from.
        var query: [String: Any] { get }
    }
#endif
