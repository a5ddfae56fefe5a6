extension CacheControl {
    /// One `name[=argument]` member of a `Cache-Control` list.
    struct Member: Sendable, Equatable {
        /// The directive's name, lowercased (§5.2: names are case-insensitive).
        var name: String
        /// The argument: a token's text, or a quoted string's content unescaped; nil when there is no `=`.
        var argument: String?
    }

    /// The members of one `Cache-Control` (or `Pragma`) line: `#cache-directive` of RFC 9111 §5.2,
    /// read tolerantly. Empty members and spaces around names, `=` and commas are skipped; an
    /// argument is a token up to the next comma (trimmed) or a quoted string (RFC 9110 §5.6.4, with
    /// backslash escapes; an unterminated one runs to the end); anything between a closing quote and
    /// the next comma is ignored.
    ///
    /// ```swift
    /// CacheControl.members(of: " , Max-Age = \"60\" ,no-cache")
    /// // [Member(name: "max-age", argument: "60"), Member(name: "no-cache", argument: nil)]
    /// ```
    ///
    /// - Parameter value: The line's value.
    /// - Returns: The members in order.
    /// - Complexity: O(*n*) in the length of `value`.
    static func members(of value: String) -> [Member] {
        let bytes = Array(value.utf8)
        var members: [Member] = []
        var index = 0
        while index < bytes.count {
            while index < bytes.count, isSpace(bytes[index]) || bytes[index] == comma { index += 1 }
            guard index < bytes.count else { break }
            let nameStart = index
            while index < bytes.count, bytes[index] != equals, bytes[index] != comma { index += 1 }
            let name = trimmed(bytes[nameStart..<index]).lowercased()
            var argument: String?
            if index < bytes.count, bytes[index] == equals {
                index += 1
                argument = readArgument(bytes, &index)
            }
            if !name.isEmpty { members.append(Member(name: name, argument: argument)) }
        }
        return members
    }

    /// Reads the argument after `=` and leaves `index` on the next comma or the end.
    private static func readArgument(_ bytes: [UInt8], _ index: inout Int) -> String {
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == quote else {
            let start = index
            while index < bytes.count, bytes[index] != comma { index += 1 }
            return trimmed(bytes[start..<index])
        }
        index += 1
        var content: [UInt8] = []
        while index < bytes.count, bytes[index] != quote {
            if bytes[index] == backslash, index + 1 < bytes.count { index += 1 }
            content.append(bytes[index])
            index += 1
        }
        while index < bytes.count, bytes[index] != comma { index += 1 }
        return String(decoding: content, as: UTF8.self)
    }

    /// `bytes` without leading and trailing spaces and tabs, as text.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        var slice = bytes
        while let first = slice.first, isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isSpace(last) { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    private static let comma = UInt8(ascii: ",")
    private static let equals = UInt8(ascii: "=")
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
}
