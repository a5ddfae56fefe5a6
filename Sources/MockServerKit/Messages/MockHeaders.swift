import InternalServiceUtilities

/// The header fields of a request or response: ordered, repeatable, looked up case-insensitively.
///
/// ```swift
/// var headers: MockHeaders = ["Content-Type": "application/json"]
/// headers.add("Set-Cookie", "a=1")
/// headers["content-type"]  // "application/json"
/// ```
public struct MockHeaders: Sendable, Equatable {
    /// One field as it was sent or added.
    public struct Field: Sendable, Equatable {
        /// The field name, with the case it was given.
        public var name: String
        /// The field value, without surrounding whitespace.
        public var value: String

        /// Creates a field.
        ///
        /// - Parameters:
        ///   - name:  the field name, such as `Content-Type`.
        ///   - value: the field value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Every field, in order.
    public private(set) var fields: [Field]

    /// Creates headers from fields, keeping their order and repeats.
    ///
    /// - Parameter fields: the fields.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// The first value of the field `name` (any case); setting replaces every field of that name,
    /// and setting nil removes them.
    ///
    /// - Parameter name: the field name.
    public subscript(name: String) -> String? {
        get { fields.first { FieldName.same($0.name, name) }?.value }
        set {
            let index = fields.firstIndex { FieldName.same($0.name, name) }
            fields.removeAll { FieldName.same($0.name, name) }
            guard let newValue else { return }
            fields.insert(Field(name: name, value: newValue), at: Swift.min(index ?? fields.count, fields.count))
        }
    }

    /// Every value of the field `name` (any case), in order.
    ///
    /// - Parameter name: the field name.
    /// - Returns: the values; empty when the field is absent.
    public func values(for name: String) -> [String] {
        fields.filter { FieldName.same($0.name, name) }.map(\.value)
    }

    /// Adds a field after the others, keeping any field of the same name.
    ///
    /// - Parameters:
    ///   - name:  the field name.
    ///   - value: the field value.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Whether the field `name` is present.
    ///
    /// - Parameter name: the field name.
    /// - Returns: true when at least one field has that name.
    public func contains(_ name: String) -> Bool {
        fields.contains { FieldName.same($0.name, name) }
    }

    /// How many fields are called `name` (any case).
    func count(of name: String) -> Int {
        var count = 0
        for field in fields where FieldName.same(field.name, name) { count += 1 }
        return count
    }
}

// MARK: - Literal and Sequence

extension MockHeaders: ExpressibleByDictionaryLiteral {
    /// Creates headers from a literal such as `["Content-Type": "text/plain"]`.
    ///
    /// - Parameter elements: the names and values, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { Field(name: $0.0, value: $0.1) })
    }
}

extension MockHeaders: Sequence {
    /// Iterates over the fields in order.
    ///
    /// - Returns: an iterator over ``MockHeaders/fields``.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}
