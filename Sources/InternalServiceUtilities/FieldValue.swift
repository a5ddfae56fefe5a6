/// HTTP field values, whose surrounding optional whitespace (`OWS`: spaces and horizontal tabs,
/// RFC 9110 §5.6.3) is not part of the value.
package enum FieldValue {
    /// `text` without leading and trailing spaces and tabs, read from its UTF-8 bytes: Foundation's
    /// `trimmingCharacters(in: .whitespaces)` goes through `NSString` on Linux and cost more than the
    /// rest of an HTTP cache hit.
    ///
    /// ```swift
    /// FieldValue.trimmed(" \t\"v1\" ")  // "\"v1\""
    /// ```
    package static func trimmed(_ value: some StringProtocol) -> String {
        let text = Substring(value)
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isOptionalWhitespace(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isOptionalWhitespace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        // Space and tab are single bytes, so the bounds fall on scalar boundaries.
        return String(text[start..<end])
    }

    private static func isOptionalWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }
}
