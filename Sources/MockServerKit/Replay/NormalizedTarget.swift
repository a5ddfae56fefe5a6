import NetworkKit

/// A request target in the form replay compares targets in, so that one recorded URL matches the
/// ways clients send it: characters escaped or raw, hex digits in either case.
///
/// The path keeps its delimiters apart: an escaped `/` (`%2F`), `?`, `;`, `=` or other reserved
/// character is a different path from the raw one, as RFC 3986 §6.2.2.2 says, and stays escaped
/// (upper-case). Unreserved characters and those browsers send raw though RFC 3986 does not allow
/// them (`[ ] { } | ^` and backtick) are decoded; every other byte (space, `"`, `<`, `>`, `\`,
/// controls, UTF-8) is escaped, so a raw UTF-8 path matches its percent-encoded form.
///
/// The query is compared item by item, as a form: split at raw `&` and the first raw `=`, `+` read
/// as a space and every escape decoded, then sorted. Escaped `&` and `=` stay inside their item, so
/// decoding them joins nothing.
///
/// - Complexity: O(n) in the target's length, plus sorting the query items.
struct NormalizedTarget: Hashable, Sendable {
    /// The path in normal form; `/` for an empty one.
    let path: String
    /// The query items in normal form, `name=value`, sorted.
    let query: [String]

    /// Normalises `target` (a path, then `?` and a query, or not).
    init<Text: StringProtocol>(_ target: Text) {
        let bytes = Array(target.utf8)
        let mark = bytes.firstIndex(of: UInt8(ascii: "?"))
        let path = Self.normalized(bytes[..<(mark ?? bytes.endIndex)], as: .path)
        self.path = path.isEmpty ? "/" : path
        query = mark.map { Self.normalizedQuery(bytes[($0 + 1)...]) } ?? []
    }

    /// Characters RFC 3986 reserves as delimiters (`[` and `]` left out: browsers send them raw
    /// inside paths): raw and escaped, they differ.
    private static let delimiters = Set(":/?#@!$&'()*+,;=".utf8)
    /// Characters that may stand raw: unreserved, and those browsers send raw that RFC 3986 does not allow.
    private static let plain = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~[]{}|^`".utf8)

    /// Where a piece of text stands, which decides whether an escaped delimiter keeps its escape.
    private enum Part {
        /// The path: every delimiter stays as written, raw or escaped.
        case path
        /// A query item's name or value, read as a form (`+` is a space, escapes decoded): only
        /// `&`, `=`, `+` and `#` are escaped in its normal form, so the same text reads one way.
        case formText
    }

    /// Delimiters that a query item's normal form escapes.
    private static let formDelimiters = Set("&=+#".utf8)

    private static func normalizedQuery(_ bytes: ArraySlice<UInt8>) -> [String] {
        bytes.split(separator: UInt8(ascii: "&")).map { item in
            let equals = item.firstIndex(of: UInt8(ascii: "="))
            let name = normalized(item[..<(equals ?? item.endIndex)], as: .formText)
            let value = equals.map { normalized(item[($0 + 1)...], as: .formText) } ?? ""
            return name + "=" + value
        }.sorted()
    }

    /// `bytes` in normal form: plain characters raw, delimiters as `part` says, any other byte escaped.
    private static func normalized(_ bytes: ArraySlice<UInt8>, as part: Part) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            var (byte, escaped, next) = decoded(bytes, at: index)
            index = next
            if part == .formText && byte == UInt8(ascii: "+") && !escaped { byte = UInt8(ascii: " ") }
            if staysRaw(byte, escaped: escaped, in: part) {
                output.append(byte)
            } else {
                PercentEncoding.appendEscaped(byte, to: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func staysRaw(_ byte: UInt8, escaped: Bool, in part: Part) -> Bool {
        if plain.contains(byte) { return true }
        guard delimiters.contains(byte) else { return false }
        switch part {
        case .path: return !escaped
        case .formText: return !formDelimiters.contains(byte)
        }
    }

    /// The byte at `index` (an escape `%XX` decoded, whether it was one) and where the next starts;
    /// a `%` that starts no valid escape is a byte of its own.
    private static func decoded(_ bytes: ArraySlice<UInt8>, at index: Int) -> (UInt8, escaped: Bool, next: Int) {
        guard bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
            let high = ASCII.hexValue(bytes[index + 1]), let low = ASCII.hexValue(bytes[index + 2])
        else { return (bytes[index], false, index + 1) }
        return (UInt8(high << 4 | low), true, index + 3)
    }
}
