import InternalServiceUtilities

/// An ordered list of HTTP header fields with case-insensitive names.
///
/// Order is kept. As in Alamofire, the initializers and literals keep one field per name, ignoring
/// case: a later field of a name replaces the value and spelling of the first, in its place.
/// ``update(_:)`` does the same one field at a time. Unlike Alamofire's, ``add(_:)`` appends even when
/// the name is already there, for fields that may repeat (such as `Set-Cookie`).
///
/// ```swift
/// var headers: HTTPHeaders = [.accept("application/json")]
/// headers.update(.authorization(bearerToken: token))
/// headers["accept"]  // "application/json"
/// ```
public struct HTTPHeaders: Hashable, Sendable {
    private var fields: [HTTPHeader]

    /// Creates an empty list.
    public init() {
        fields = []
    }

    /// Creates a list from fields in their order, one per name (see ``update(_:)``).
    ///
    /// - Parameter headers: The fields.
    public init(_ headers: [HTTPHeader]) {
        fields = []
        fields.reserveCapacity(headers.count)
        for header in headers { update(header) }
    }

    /// Creates a list holding `fields` as they are, repeated names included.
    init(keepingRepeats fields: [HTTPHeader]) {
        self.fields = fields
    }

    /// Creates a list from a dictionary, sorted by name so the order is the same on every run; names
    /// that differ only in case make one field.
    ///
    /// - Parameter dictionary: Field names and values.
    public init(_ dictionary: [String: String]) {
        self.init(dictionary.map { HTTPHeader(name: $0.key, value: $0.value) }.sorted { $0.name < $1.name })
    }

    /// A list of fields whose names are distinct, sorted by name as the dictionary initializer
    /// orders them (responses' fields, which arrive joined by name).
    init(uniqueNamesSorted fields: [HTTPHeader]) {
        self.fields = fields.sorted { $0.name < $1.name }
    }

    /// The headers NetworkKit sends unless told otherwise: `Accept-Encoding` and `User-Agent`.
    public static var `default`: HTTPHeaders {
        [.defaultAcceptEncoding, .defaultUserAgent]
    }

    /// Sets a field, as Alamofire's `add` does: replaces the field of the same name (compared
    /// ignoring case) or appends it. ``append(_:)`` keeps repeats.
    ///
    /// ```swift
    /// request.headers.add(.authorization(bearerToken: token))   // one Authorization, the new one
    /// ```
    ///
    /// - Parameter header: The field.
    public mutating func add(_ header: HTTPHeader) {
        update(header)
    }

    /// Sets a field, as Alamofire's `add(name:value:)` does: replaces the field of the same name
    /// (compared ignoring case) or appends it.
    ///
    /// - Parameters:
    ///   - name:  The field name.
    ///   - value: The field value.
    public mutating func add(name: String, value: String) {
        update(HTTPHeader(name: name, value: value))
    }

    /// Appends a field, keeping any other field of the same name (a second `Set-Cookie`, say).
    ///
    /// - Parameter header: The field.
    public mutating func append(_ header: HTTPHeader) {
        fields.append(header)
    }

    /// Appends a field, keeping any other field of the same name.
    ///
    /// - Parameters:
    ///   - name:  The field name.
    ///   - value: The field value.
    public mutating func append(name: String, value: String) {
        append(HTTPHeader(name: name, value: value))
    }

    /// Sets a field: replaces the first field of that name and removes the others, or appends it.
    ///
    /// - Parameter header: The field.
    public mutating func update(_ header: HTTPHeader) {
        guard let index = index(of: header.name) else {
            fields.append(header)
            return
        }
        fields[index] = header
        var position = fields.index(after: index)
        while position < fields.endIndex {
            if FieldName.same(fields[position].name, header.name) {
                fields.remove(at: position)
            } else {
                position = fields.index(after: position)
            }
        }
    }

    /// Sets a field by name and value (see ``update(_:)``).
    ///
    /// - Parameters:
    ///   - name:  The field name.
    ///   - value: The field value.
    public mutating func update(name: String, value: String) {
        update(HTTPHeader(name: name, value: value))
    }

    /// Removes every field called `name`.
    ///
    /// - Parameter name: The field name, in any case.
    public mutating func remove(name: String) {
        fields.removeAll { FieldName.same($0.name, name) }
    }

    /// Sorts the fields by name, ignoring case; fields of the same name keep their order.
    public mutating func sort() {
        fields = sortedFields()
    }

    /// A copy with the fields sorted by name, ignoring case (see ``sort()``).
    ///
    /// - Returns: The sorted list.
    public func sorted() -> HTTPHeaders {
        HTTPHeaders(keepingRepeats: sortedFields())
    }

    /// The value of the first field called `name`, as Alamofire's `HTTPHeaders.value(for:)`.
    ///
    /// - Parameter name: The field name, in any case.
    /// - Returns: The value, or nil when there is no such field.
    public func value(for name: String) -> String? {
        index(of: name).map { fields[$0].value }
    }

    /// The value of the first field called `name`; setting replaces them all (nil removes them).
    ///
    /// - Parameter name: The field name, in any case.
    public subscript(_ name: String) -> String? {
        get { value(for: name) }
        set {
            if let newValue {
                update(name: name, value: newValue)
            } else {
                remove(name: name)
            }
        }
    }

    /// Every value of the fields called `name`, in order.
    ///
    /// - Parameter name: The field name, in any case.
    /// - Returns: The values; empty when there is no such field.
    public func values(for name: String) -> [String] {
        fields.filter { FieldName.same($0.name, name) }.map(\.value)
    }

    /// Whether a field called `name` is present.
    ///
    /// - Parameter name: The field name, in any case.
    /// - Returns: True when at least one field has that name.
    public func contains(_ name: String) -> Bool {
        index(of: name) != nil
    }

    /// The fields as a dictionary; values of repeated names are joined with `, ` (RFC 9110 §5.3).
    public var dictionary: [String: String] {
        var result: [String: String] = [:]
        var names: [String: String] = [:]
        for field in fields {
            let key = field.name.lowercased()
            if let name = names[key], let existing = result[name] {
                result[name] = existing + ", " + field.value
            } else {
                names[key] = field.name
                result[field.name] = field.value
            }
        }
        return result
    }

    /// Adds each field of `other` whose name is not present yet.
    ///
    /// - Parameter other: The fallback fields, such as the client's defaults.
    /// - Returns: This list followed by the missing fields of `other`.
    public func merging(defaults other: HTTPHeaders) -> HTTPHeaders {
        var result = self
        for field in other.fields where !contains(field.name) {
            result.append(field)
        }
        return result
    }

    /// The fields in name order; the index breaks ties so that repeated names keep their order.
    private func sortedFields() -> [HTTPHeader] {
        fields.enumerated()
            .map { (key: $0.element.name.lowercased(), offset: $0.offset, field: $0.element) }
            .sorted { ($0.key, $0.offset) < ($1.key, $1.offset) }
            .map(\.field)
    }

    private func index(of name: String) -> Int? {
        fields.firstIndex { FieldName.same($0.name, name) }
    }
}

// MARK: - Collection

extension HTTPHeaders: RandomAccessCollection {
    /// The position of the first field.
    public var startIndex: Int { fields.startIndex }
    /// The position after the last field.
    public var endIndex: Int { fields.endIndex }

    /// The field at `position`.
    ///
    /// - Parameter position: A valid index.
    public subscript(position: Int) -> HTTPHeader { fields[position] }
}

// MARK: - Literals and descriptions

extension HTTPHeaders: ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// Creates a list from field values such as `[.accept("application/json")]`, one field per name.
    ///
    /// - Parameter elements: The fields.
    public init(arrayLiteral elements: HTTPHeader...) {
        self.init(elements)
    }

    /// Creates a list from `["Name": "value"]` pairs, in the order written, one field per name.
    ///
    /// - Parameter elements: The names and values.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { HTTPHeader(name: $0.0, value: $0.1) })
    }

    /// One field per line, credential values redacted.
    public var description: String {
        fields.map(\.description).joined(separator: "\n")
    }
}
