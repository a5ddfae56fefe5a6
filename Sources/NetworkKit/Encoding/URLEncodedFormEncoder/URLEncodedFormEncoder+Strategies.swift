public import Foundation

// MARK: - Arrays

extension URLEncodedFormEncoder {
    /// How the key of each array element is written, for `list = [1, 2]`.
    public enum ArrayEncoding: Sendable {
        /// `list[]=1&list[]=2` (the default).
        case brackets
        /// `list=1&list=2`.
        case noBrackets
        /// `list[0]=1&list[1]=2`, as jQuery and Node.js write them.
        case indexInBrackets
        /// The closure's key for each element, given the array's key (unescaped) and the element's
        /// position among the elements written.
        case custom(@Sendable (_ key: String, _ index: Int) -> String)

        /// The unescaped key of the element at `index` of the array named `key`.
        func key(_ key: String, at index: Int) -> String {
            switch self {
            case .brackets: key + "[]"
            case .noBrackets: key
            case .indexInBrackets: "\(key)[\(index)]"
            case .custom(let makeKey): makeKey(key, index)
            }
        }
    }
}

// MARK: - Scalars

extension URLEncodedFormEncoder {
    /// How `Bool` values are written.
    public enum BoolEncoding: Sendable, Hashable {
        /// `1` and `0` (the default).
        case numeric
        /// `true` and `false`.
        case literal

        /// The text of `value`.
        func text(_ value: Bool) -> String {
            switch self {
            case .numeric: value ? "1" : "0"
            case .literal: value ? "true" : "false"
            }
        }
    }

    /// How `Data` values are written.
    public enum DataEncoding: Sendable {
        /// As `Data` encodes itself: an array of byte values (`data[]=100&data[]=97…`).
        case deferredToData
        /// Base64 text (the default), such as `ZGF0YQ==` (then escaped to `ZGF0YQ%3D%3D`).
        case base64
        /// The closure's text; what it throws ends the encoding unchanged.
        case custom(@Sendable (Data) throws -> String)

        /// The text of `data`, or nil to let `Data` encode itself.
        func text(_ data: Data) throws -> String? {
            switch self {
            case .deferredToData: nil
            case .base64: data.base64EncodedString()
            case .custom(let makeText): try makeText(data)
            }
        }
    }

    /// How `Date` values are written.
    public enum DateEncoding: Sendable {
        /// As `Date` encodes itself: seconds since 1 January 2001 (the default), such as `123.456`.
        case deferredToDate
        /// Seconds since 1 January 1970, such as `978307323.456`.
        case secondsSince1970
        /// Milliseconds since 1 January 1970, such as `978307323456.0`.
        case millisecondsSince1970
        /// RFC 3339 / ISO 8601 in UTC to the second, such as `2001-01-01T00:02:03Z`.
        case iso8601
        /// The formatter's text.
        case formatted(DateFormatter)
        /// The closure's text; what it throws ends the encoding unchanged.
        case custom(@Sendable (Date) throws -> String)

        /// The text of `date`, or nil to let `Date` encode itself.
        func text(_ date: Date) throws -> String? {
            switch self {
            case .deferredToDate: nil
            case .secondsSince1970: String(date.timeIntervalSince1970)
            case .millisecondsSince1970: String(date.timeIntervalSince1970 * 1000)
            case .iso8601: date.formatted(Date.ISO8601FormatStyle())
            case .formatted(let formatter): formatter.string(from: date)
            case .custom(let makeText): try makeText(date)
            }
        }
    }

    /// How `nil` values (an optional member or element without a value) are written.
    public struct NilEncoding: Sendable {
        private let makeText: @Sendable () -> String?

        /// Creates a strategy from the text to write for `nil`.
        ///
        /// - Parameter encoding: Returns the value's text, or nil to leave the pair out.
        public init(encoding: @escaping @Sendable () -> String?) {
            makeText = encoding
        }

        /// Leaves the pair out (the default): `a=1`.
        public static let dropKey = NilEncoding { nil }
        /// Writes the key with an empty value: `a=1&b=`.
        public static let dropValue = NilEncoding { "" }
        /// Writes `null`: `a=1&b=null`.
        public static let null = NilEncoding { "null" }

        /// The text for `nil`, or nil to leave the pair out.
        func text() -> String? {
            makeText()
        }
    }

    /// How a space in a key or value is written.
    public enum SpaceEncoding: Sendable, Hashable {
        /// `%20` (the default).
        case percentEscaped
        /// `+`, as HTML forms do (a literal `+` is then `%2B`).
        case plusReplaced
    }
}

// MARK: - Key paths

extension URLEncodedFormEncoder {
    /// How a nested key joins its parent's, for `parent = ["child": ["grandchild": "value"]]`.
    public struct KeyPathEncoding: Sendable {
        private let makeComponent: @Sendable (_ subkey: String) -> String

        /// Creates a strategy from the text appended to the parent's key for each nested key.
        ///
        /// ```swift
        /// URLEncodedFormEncoder.KeyPathEncoding { "-\($0)" }  // parent-child-grandchild=value
        /// ```
        ///
        /// - Parameter encoding: Returns what follows the parent's key for one nested key (unescaped).
        public init(encoding: @escaping @Sendable (_ subkey: String) -> String) {
            makeComponent = encoding
        }

        /// `parent[child][grandchild]=value` (the default; the brackets are then escaped).
        public static let brackets = KeyPathEncoding { "[\($0)]" }
        /// `parent.child.grandchild=value`.
        public static let dots = KeyPathEncoding { ".\($0)" }

        /// The unescaped key of member `subkey` of the object named `key`.
        func key(_ key: String, member subkey: String) -> String {
            key + makeComponent(subkey)
        }
    }
}
