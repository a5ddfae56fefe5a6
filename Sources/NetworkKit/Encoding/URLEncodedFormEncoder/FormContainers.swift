// MARK: - Keyed

/// Writes members under the container's path; an integer key still names a member.
struct FormKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let context: FormEncodingContext
    let path: [FormKey]

    var codingPath: [any CodingKey] { path.map(FormCodingKey.init) }

    private func path(_ key: Key) -> [FormKey] {
        path + [.member(key.stringValue)]
    }

    private func write(_ text: String, _ key: Key) {
        context.root.write(text, at: path(key))
    }

    mutating func encodeNil(forKey key: Key) throws {
        guard let text = context.options.nilEncoding.text() else { return }
        write(text, key)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws { write(value.formText(context.options), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { write(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { write(String(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { write(String(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        var container = FormSingleValueContainer(context: context, path: path(key))
        try container.encode(value)
    }

    // A synthesized `encode(to:)` writes optionals through these; the defaults skip `nil`, which
    // would ignore `nilEncoding`.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOptional(value, key) }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try encodeOptional(value, key)
    }

    private mutating func encodeOptional<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(FormKeyedContainer<NestedKey>(context: context, path: path(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        FormUnkeyedContainer(context: context, path: path(key))
    }

    /// An encoder at this container's own path, so the superclass's members sit beside the
    /// subclass's (Alamofire's choice; `JSONEncoder` nests them under `super`).
    mutating func superEncoder() -> any Encoder {
        FormValueEncoder(context: context, path: path)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        FormValueEncoder(context: context, path: path(key))
    }
}

// MARK: - Unkeyed

/// Writes elements to consecutive slots under the container's path.
struct FormUnkeyedContainer: UnkeyedEncodingContainer {
    let context: FormEncodingContext
    let path: [FormKey]
    private(set) var count = 0

    var codingPath: [any CodingKey] { path.map(FormCodingKey.init) }

    init(context: FormEncodingContext, path: [FormKey]) {
        self.context = context
        self.path = path
    }

    /// The path of the next slot, which it takes.
    private mutating func nextPath() -> [FormKey] {
        defer { count += 1 }
        return path + [.slot(count)]
    }

    private mutating func write(_ text: String) {
        context.root.write(text, at: nextPath())
    }

    mutating func encodeNil() throws {
        guard let text = context.options.nilEncoding.text() else { return }
        write(text)
    }

    mutating func encode(_ value: Bool) throws { write(value.formText(context.options)) }
    mutating func encode(_ value: String) throws { write(value) }
    mutating func encode(_ value: Double) throws { write(String(value)) }
    mutating func encode(_ value: Float) throws { write(String(value)) }
    mutating func encode(_ value: Int) throws { write(String(value)) }
    mutating func encode(_ value: Int8) throws { write(String(value)) }
    mutating func encode(_ value: Int16) throws { write(String(value)) }
    mutating func encode(_ value: Int32) throws { write(String(value)) }
    mutating func encode(_ value: Int64) throws { write(String(value)) }
    mutating func encode(_ value: UInt) throws { write(String(value)) }
    mutating func encode(_ value: UInt8) throws { write(String(value)) }
    mutating func encode(_ value: UInt16) throws { write(String(value)) }
    mutating func encode(_ value: UInt32) throws { write(String(value)) }
    mutating func encode(_ value: UInt64) throws { write(String(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        var container = FormSingleValueContainer(context: context, path: nextPath())
        try container.encode(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(FormKeyedContainer<NestedKey>(context: context, path: nextPath()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        FormUnkeyedContainer(context: context, path: nextPath())
    }

    /// An encoder at this container's own path that takes a slot, as in Alamofire.
    mutating func superEncoder() -> any Encoder {
        count += 1
        return FormValueEncoder(context: context, path: path)
    }
}
