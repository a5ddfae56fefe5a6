#if canImport(Glibc)
    import Foundation
    import Glibc

    /// libsecret and the few GLib functions it needs, found with `dlopen`/`dlsym`; built only where
    /// Glibc is (Linux), since the Secret Service is a freedesktop desktop service.
    ///
    /// libsecret's convenience calls are C variadic functions, which Swift cannot call, so this uses the
    /// `…v_sync` forms that take a `GHashTable` of attributes and a schema from `secret_schema_newv`.
    struct LibSecret {
        private typealias SchemaNew = @convention(c) (UnsafePointer<CChar>, Int32, OpaquePointer?) -> OpaquePointer?
        private typealias SchemaUnref = @convention(c) (OpaquePointer?) -> Void
        private typealias Store =
            @convention(c) (
                OpaquePointer?, OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>, UnsafePointer<CChar>,
                OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?
            ) -> Int32
        private typealias Lookup =
            @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) ->
            UnsafeMutablePointer<CChar>?
        private typealias Clear =
            @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) ->
            Int32
        private typealias PasswordFree = @convention(c) (UnsafeMutablePointer<CChar>?) -> Void
        private typealias HashTableNew =
            @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> OpaquePointer?
        private typealias HashTableInsert =
            @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32
        private typealias HashTableUnref = @convention(c) (OpaquePointer?) -> Void
        private typealias ErrorFree = @convention(c) (OpaquePointer?) -> Void

        private let schemaNew: SchemaNew
        private let schemaUnref: SchemaUnref
        private let storeFunction: Store
        private let lookupFunction: Lookup
        private let clearFunction: Clear
        private let passwordFree: PasswordFree
        private let hashTableNew: HashTableNew
        private let hashTableInsert: HashTableInsert
        private let hashTableUnref: HashTableUnref
        private let errorFree: ErrorFree
        private let stringHash: UnsafeMutableRawPointer
        private let stringEqual: UnsafeMutableRawPointer

        /// Loads the libraries and resolves the functions.
        static func load() throws(SecureStoreError) -> LibSecret {
            guard let secret = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_GLOBAL) else {
                throw .unavailable(reason: "libsecret-1.so.0 cannot be loaded (\(lastError())); install libsecret-1-0")
            }
            guard let glib = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_GLOBAL) else {
                throw .unavailable(reason: "libglib-2.0.so.0 cannot be loaded (\(lastError()))")
            }
            func symbol(_ handle: UnsafeMutableRawPointer, _ name: String) throws(SecureStoreError)
                -> UnsafeMutableRawPointer
            {
                guard let address = dlsym(handle, name) else { throw .unavailable(reason: "libsecret lacks \(name)") }
                return address
            }
            return LibSecret(
                schemaNew: unsafeBitCast(try symbol(secret, "secret_schema_newv"), to: SchemaNew.self),
                schemaUnref: unsafeBitCast(try symbol(secret, "secret_schema_unref"), to: SchemaUnref.self),
                storeFunction: unsafeBitCast(try symbol(secret, "secret_password_storev_sync"), to: Store.self),
                lookupFunction: unsafeBitCast(try symbol(secret, "secret_password_lookupv_sync"), to: Lookup.self),
                clearFunction: unsafeBitCast(try symbol(secret, "secret_password_clearv_sync"), to: Clear.self),
                passwordFree: unsafeBitCast(try symbol(secret, "secret_password_free"), to: PasswordFree.self),
                hashTableNew: unsafeBitCast(try symbol(glib, "g_hash_table_new"), to: HashTableNew.self),
                hashTableInsert: unsafeBitCast(try symbol(glib, "g_hash_table_insert"), to: HashTableInsert.self),
                hashTableUnref: unsafeBitCast(try symbol(glib, "g_hash_table_unref"), to: HashTableUnref.self),
                errorFree: unsafeBitCast(try symbol(glib, "g_error_free"), to: ErrorFree.self),
                stringHash: try symbol(glib, "g_str_hash"),
                stringEqual: try symbol(glib, "g_str_equal"))
        }

        private static func lastError() -> String {
            dlerror().map { String(cString: $0) } ?? "unknown error"
        }

        /// Stores `secret` (text) under the attributes.
        func store(
            schema: String, attributes: [String: String], label: String, secret: String, key: String
        ) throws(SecureStoreError) {
            try withSchema(schema, attributes: attributes) { (schemaPointer, table) throws(SecureStoreError) in
                var error: OpaquePointer?
                let ok = storeFunction(schemaPointer, table, nil, label, secret, nil, &error)
                if let error { throw failure(error, .save, key) }
                guard ok != 0 else {
                    throw .operationFailed(operation: .save, key: key, reason: "the Secret Service refused")
                }
            }
        }

        /// The secret text under the attributes, or nil when there is none.
        func lookup(schema: String, attributes: [String: String]) throws(SecureStoreError) -> String? {
            try withSchema(schema, attributes: attributes) {
                (schemaPointer, table) throws(SecureStoreError) -> String? in
                var error: OpaquePointer?
                let result = lookupFunction(schemaPointer, table, nil, &error)
                if let error { throw failure(error, nil, attributes["key"]) }
                guard let result else { return nil }
                defer { passwordFree(result) }
                return String(cString: result)
            }
        }

        /// Removes every item matching the attributes.
        func clear(
            schema: String, attributes: [String: String], operation: SecureStoreError.Operation, key: String?
        ) throws(SecureStoreError) {
            try withSchema(schema, attributes: attributes) { (schemaPointer, table) throws(SecureStoreError) in
                var error: OpaquePointer?
                _ = clearFunction(schemaPointer, table, nil, &error)
                if let error { throw failure(error, operation, key) }
            }
        }

        /// Builds the schema (every attribute a string) and the attribute table, runs `body`, frees both.
        private func withSchema<Result>(
            _ name: String, attributes: [String: String],
            _ body: (OpaquePointer?, OpaquePointer?) throws(SecureStoreError) -> Result
        ) throws(SecureStoreError) -> Result {
            var owned: [UnsafeMutablePointer<CChar>] = []
            defer { for pointer in owned { free(pointer) } }
            func copy(_ text: String) -> UnsafeMutableRawPointer? {
                guard let pointer = strdup(text) else { return nil }
                owned.append(pointer)
                return UnsafeMutableRawPointer(pointer)
            }
            guard let types = hashTableNew(stringHash, stringEqual), let values = hashTableNew(stringHash, stringEqual)
            else {
                throw .unavailable(reason: "GLib could not allocate a hash table")
            }
            defer {
                hashTableUnref(types)
                hashTableUnref(values)
            }
            for (attribute, value) in attributes {
                // SECRET_SCHEMA_ATTRIBUTE_STRING is 0, so the type table maps each name to a null pointer.
                _ = hashTableInsert(types, copy(attribute), nil)
                _ = hashTableInsert(values, copy(attribute), copy(value))
            }
            guard let schema = schemaNew(name, 0, types) else {
                throw .unavailable(reason: "libsecret could not make a schema")
            }
            defer { schemaUnref(schema) }
            return try body(schema, values)
        }

        /// The GError's message as a store error; frees the GError. Connection failures are `.unavailable`.
        private func failure(_ error: OpaquePointer, _ operation: SecureStoreError.Operation?, _ key: String?)
            -> SecureStoreError
        {
            // GError is { guint32 domain; gint code; gchar *message }: the message follows two 32-bit fields.
            let message = UnsafeRawPointer(error).load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self)
            let text = message.map { String(cString: $0) } ?? "unknown error"
            errorFree(error)
            guard let operation else { return .unavailable(reason: "the Secret Service did not answer: \(text)") }
            return .operationFailed(operation: operation, key: key, reason: text)
        }
    }
#endif
