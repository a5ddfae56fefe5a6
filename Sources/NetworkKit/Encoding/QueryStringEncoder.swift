import Foundation

/// Turns a `[String: Any]` parameter dictionary into a URL query string, byte for byte as
/// Alamofire's `URLEncoding` does, except that keys are sorted at every level (Alamofire sorts only
/// the top level, so its nested output changes from run to run).
///
/// Nested dictionaries become `a[b]=`, arrays `a[]=` (see ``ArrayEncoding``), `Bool` `1`/`0` (see
/// ``BoolEncoding``), `NSNull` the bare key, numbers their shortest exact form. Keys and values are
/// escaped per RFC 3986 §3.4: only unreserved characters, `?` and `/` stay; brackets are escaped too.
///
/// ```swift
/// QueryStringEncoder().query(["q": "swift & linux", "page": 2])  // "page=2&q=swift%20%26%20linux"
/// ```
public struct QueryStringEncoder: Sendable, Hashable {
    /// How array elements name their key.
    ///
    /// Two ``custom(_:)`` values are equal whatever their closures do: a closure cannot be compared.
    public enum ArrayEncoding: Sendable, Hashable {
        /// `key[]=value` for every element (the default).
        case brackets
        /// `key=value` for every element.
        case noBrackets
        /// `key[0]=value`, `key[1]=value`…
        case indexInBrackets
        /// The closure's key for each element, given the array's key and the element's index, both
        /// unescaped; the key it returns is escaped as any other.
        case custom(@Sendable (_ key: String, _ index: Int) -> String)

        /// Whether both are the same case (any two ``custom(_:)`` values are).
        ///
        /// - Parameters:
        ///   - lhs: An encoding.
        ///   - rhs: Another encoding.
        /// - Returns: True when both are the same case.
        public static func == (lhs: ArrayEncoding, rhs: ArrayEncoding) -> Bool {
            lhs.tag == rhs.tag
        }

        /// Hashes the case.
        ///
        /// - Parameter hasher: The hasher.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(tag)
        }

        private var tag: Int {
            switch self {
            case .brackets: 0
            case .noBrackets: 1
            case .indexInBrackets: 2
            case .custom: 3
            }
        }
    }

    /// How `Bool` values are written.
    public enum BoolEncoding: Sendable, Hashable {
        /// `1` and `0` (the default).
        case numeric
        /// `true` and `false`.
        case literal
    }

    /// How a space is written.
    public enum SpaceEncoding: Sendable, Hashable {
        /// `%20` (the default, as Alamofire).
        case percentEscaped
        /// `+`, as HTML forms do (a literal `+` is then `%2B`).
        case plus
    }

    /// How array elements name their key.
    public var arrayEncoding: ArrayEncoding
    /// How `Bool` values are written.
    public var boolEncoding: BoolEncoding
    /// How a space is written.
    public var spaceEncoding: SpaceEncoding

    /// Creates an encoder; the defaults match Alamofire's `URLEncoding`.
    ///
    /// - Parameters:
    ///   - arrayEncoding: How array elements name their key.
    ///   - boolEncoding:  How `Bool` values are written.
    ///   - spaceEncoding: How a space is written.
    public init(
        arrayEncoding: ArrayEncoding = .brackets,
        boolEncoding: BoolEncoding = .numeric,
        spaceEncoding: SpaceEncoding = .percentEscaped
    ) {
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
        self.spaceEncoding = spaceEncoding
    }

    /// The query string of `parameters`, without a leading `?`; empty for an empty dictionary.
    ///
    /// - Parameter parameters: The parameters; values may nest dictionaries and arrays.
    /// - Returns: `key=value` pairs joined by `&`, keys sorted at every level.
    public func query(_ parameters: [String: Any]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(parameters.count * 16)
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
            append(key: escapedBytes(key), value: value, to: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The escaped `(key, value)` pairs of one parameter; the value is nil for `NSNull` (a bare key).
    ///
    /// - Parameters:
    ///   - key:   The parameter's name.
    ///   - value: Its value; dictionaries and arrays expand into several pairs.
    /// - Returns: The pairs in the order they appear in the query.
    public func queryComponents(fromKey key: String, value: Any) -> [(String, String?)] {
        var output: [UInt8] = []
        append(key: escapedBytes(key), value: value, to: &output)
        guard !output.isEmpty else { return [] }
        return output.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(decoding: parts[0], as: UTF8.self)
            return (name, parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : nil)
        }
    }

    /// Escapes one key or value as the encoder does.
    ///
    /// - Parameter text: A key or value.
    /// - Returns: The escaped text.
    public func escape(_ text: String) -> String {
        String(decoding: escapedBytes(text), as: UTF8.self)
    }

    private func escapedBytes(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        PercentEncoding.encode(text, allowing: .queryComponent, spaceAsPlus: spaceEncoding == .plus, into: &output)
        return output
    }

    /// Appends the pairs of `value` under `key`, which is already escaped: escaping works byte by
    /// byte, so `escape(a[b])` is `escape(a) + %5B + escape(b) + %5D` and each prefix is escaped once.
    private func append(key: [UInt8], value: Any, to output: inout [UInt8]) {
        if let text = value as? String {
            appendPair(key: key, value: text, to: &output)
            return
        }
        if let text = QueryScalar.nativeText(of: value, boolEncoding: boolEncoding) {
            appendPair(key: key, value: text, to: &output)  // exact-type check: skips the collection casts
            return
        }
        switch value {
        case let dictionary as [String: Any]:
            for (nestedKey, nested) in dictionary.sorted(by: { $0.key < $1.key }) {
                var fullKey = key
                fullKey.reserveCapacity(key.count + nestedKey.utf8.count + 6)
                fullKey.append(contentsOf: Self.openBracket)
                PercentEncoding.encode(
                    nestedKey, allowing: .queryComponent, spaceAsPlus: spaceEncoding == .plus, into: &fullKey)
                fullKey.append(contentsOf: Self.closeBracket)
                append(key: fullKey, value: nested, to: &output)
            }
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                append(key: arrayKey(key, index: index), value: element, to: &output)
            }
        case is NSNull:
            appendPair(key: key, value: nil, to: &output)
        default:
            appendPair(key: key, value: QueryScalar.text(of: value, boolEncoding: boolEncoding), to: &output)
        }
    }

    private static let openBracket: [UInt8] = Array("%5B".utf8)
    private static let closeBracket: [UInt8] = Array("%5D".utf8)

    private func arrayKey(_ key: [UInt8], index: Int) -> [UInt8] {
        switch arrayEncoding {
        case .brackets: key + Self.openBracket + Self.closeBracket
        case .noBrackets: key
        case .indexInBrackets: key + Self.openBracket + Array(String(index).utf8) + Self.closeBracket
        case .custom(let makeKey): escapedBytes(makeKey(unescaped(key), index))
        }
    }

    /// The text an escaped key was made from: escaping is one-to-one, so decoding gives it back.
    private func unescaped(_ key: [UInt8]) -> String {
        var text = String(decoding: key, as: UTF8.self)
        if spaceEncoding == .plus { text = text.replacingOccurrences(of: "+", with: " ") }
        return text.removingPercentEncoding ?? text
    }

    private func appendPair(key: [UInt8], value: String?, to output: inout [UInt8]) {
        if !output.isEmpty { output.append(UInt8(ascii: "&")) }
        output.append(contentsOf: key)
        guard let value else { return }
        output.append(UInt8(ascii: "="))
        PercentEncoding.encode(value, allowing: .queryComponent, spaceAsPlus: spaceEncoding == .plus, into: &output)
    }
}
