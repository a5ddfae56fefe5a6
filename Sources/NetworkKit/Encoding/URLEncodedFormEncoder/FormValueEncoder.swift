import Foundation

/// The `Encoder` a value sees: it writes the value's scalars into the form tree at its path.
struct FormValueEncoder: Encoder {
    let context: FormEncodingContext
    let path: [FormKey]

    var codingPath: [any CodingKey] { path.map(FormCodingKey.init) }
    /// Empty: the form encoder passes nothing to the values it encodes.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FormKeyedContainer<Key>(context: context, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if path.isEmpty { context.rootIsUnkeyed = true }
        return FormUnkeyedContainer(context: context, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FormSingleValueContainer(context: context, path: path)
    }
}

/// A step of a path as a `CodingKey`, for ``FormValueEncoder/codingPath``.
struct FormCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ key: FormKey) {
        switch key {
        case .member(let name): (stringValue, intValue) = (name, nil)
        case .slot(let index): (stringValue, intValue) = (String(index), index)
        }
    }

    init?(stringValue: String) {
        (self.stringValue, intValue) = (stringValue, nil)
    }

    init?(intValue: Int) {
        (stringValue, self.intValue) = (String(intValue), intValue)
    }
}

// MARK: - Scalars

/// The scalar types the containers write directly, without a nested encoder.
protocol FormScalar {
    /// The value's text.
    func formText(_ options: FormValueOptions) -> String
}

extension String: FormScalar {
    func formText(_ options: FormValueOptions) -> String { self }
}

extension Bool: FormScalar {
    func formText(_ options: FormValueOptions) -> String { options.boolEncoding.text(self) }
}

extension Double: FormScalar {
    func formText(_ options: FormValueOptions) -> String { String(self) }
}

extension Float: FormScalar {
    func formText(_ options: FormValueOptions) -> String { String(self) }
}

extension Int: FormScalar {
    func formText(_ options: FormValueOptions) -> String { String(self) }
}

extension Int8: FormScalar {
    func formText(_ options: FormValueOptions) -> String { String(self) }
}

extension Int16: FormScalar {
    func formText(_ options: FormValueOptions) -> String { String(self) }
}

extension Int32: FormScalar {
    func formText(_ options: FormValueOptions) -> String { String(self) }
}

extension Int64: FormScalar {
    func formText(_ options: FormValueOptions) -> String { String(self) }
}

extension UInt: FormScalar {
    func formText(_ options: FormValueOptions) -> String { String(self) }
}

extension UInt8: FormScalar {
    func formText(_ options: FormValueOptions) -> String { String(self) }
}

extension UInt16: FormScalar {
    func formText(_ options: FormValueOptions) -> String { String(self) }
}

extension UInt32: FormScalar {
    func formText(_ options: FormValueOptions) -> String { String(self) }
}

extension UInt64: FormScalar {
    func formText(_ options: FormValueOptions) -> String { String(self) }
}

extension FormValueOptions {
    /// The text of a value written whole: a scalar, a `Date` or `Data` per the strategies, a
    /// `Decimal` or a `URL`; nil when the value must encode itself.
    func text(of value: some Encodable) throws -> String? {
        switch value {
        case let scalar as any FormScalar: scalar.formText(self)
        case let date as Date: try dateEncoding.text(date)
        case let data as Data: try dataEncoding.text(data)
        case let decimal as Decimal: decimal.description  // its own encoding is an object
        case let url as URL: url.absoluteString  // its own encoding is an object with integer keys
        default: nil
        }
    }
}

// MARK: - Single value

/// Writes one value at the encoder's path.
struct FormSingleValueContainer: SingleValueEncodingContainer {
    let context: FormEncodingContext
    let path: [FormKey]
    private var isUsed = false

    var codingPath: [any CodingKey] { path.map(FormCodingKey.init) }

    init(context: FormEncodingContext, path: [FormKey]) {
        self.context = context
        self.path = path
    }

    mutating func encodeNil() throws {
        guard let text = context.options.nilEncoding.text() else { return }
        try write(text, for: nil as String?)
    }

    mutating func encode(_ value: Bool) throws { try write(value.formText(context.options), for: value) }
    mutating func encode(_ value: String) throws { try write(value, for: value) }
    mutating func encode(_ value: Double) throws { try write(value.formText(context.options), for: value) }
    mutating func encode(_ value: Float) throws { try write(value.formText(context.options), for: value) }
    mutating func encode(_ value: Int) throws { try write(String(value), for: value) }
    mutating func encode(_ value: Int8) throws { try write(String(value), for: value) }
    mutating func encode(_ value: Int16) throws { try write(String(value), for: value) }
    mutating func encode(_ value: Int32) throws { try write(String(value), for: value) }
    mutating func encode(_ value: Int64) throws { try write(String(value), for: value) }
    mutating func encode(_ value: UInt) throws { try write(String(value), for: value) }
    mutating func encode(_ value: UInt8) throws { try write(String(value), for: value) }
    mutating func encode(_ value: UInt16) throws { try write(String(value), for: value) }
    mutating func encode(_ value: UInt32) throws { try write(String(value), for: value) }
    mutating func encode(_ value: UInt64) throws { try write(String(value), for: value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let text = try context.options.text(of: value) {
            try write(text, for: value)
            return
        }
        try markUsed(by: value)
        try value.encode(to: FormValueEncoder(context: context, path: path))
    }

    private mutating func write(_ text: String, for value: some Any) throws {
        try markUsed(by: value)
        context.root.write(text, at: path)
    }

    /// Throws when a value was already written through this container.
    private mutating func markUsed(by value: some Any) throws {
        guard !isUsed else {
            let detail = "a single-value container was asked to encode a second value"
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: codingPath, debugDescription: detail))
        }
        isUsed = true
    }
}
