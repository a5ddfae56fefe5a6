/// The `Cookie` request field (RFC 6265 §4.2, as §5.4 has user agents write it) read back into
/// name-value pairs: a pure function of the field values, so any bytes give pairs, never a crash.
///
/// Reading is lenient, as servers are: each field is split at `;`, spaces and tabs around a pair
/// and around its `=` are dropped, empty pieces are skipped, the name is what comes before the
/// first `=` and the value everything after it (quotes and percent escapes kept as sent). A piece
/// without `=` is a nameless cookie (RFC 6265bis §5.6): its name is empty and the piece is its value.
enum CookieHeader {
    /// The pairs of every field value, in the order they were sent.
    ///
    /// - Parameter fieldValues: the values of the request's `Cookie` fields, in order.
    /// - Returns: the name-value pairs.
    static func pairs(in fieldValues: [String]) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        for fieldValue in fieldValues {
            let bytes = Array(fieldValue.utf8)
            for piece in bytes.split(separator: semicolon, omittingEmptySubsequences: true) {
                let trimmed = trimmingWhitespace(piece)
                guard !trimmed.isEmpty else { continue }
                guard let equals = trimmed.firstIndex(of: equalsSign) else {
                    pairs.append((name: "", value: String(decoding: trimmed, as: UTF8.self)))
                    continue
                }
                let name = trimmingWhitespace(trimmed[..<equals])
                let value = trimmingWhitespace(trimmed[(equals + 1)...])
                pairs.append(
                    (name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
            }
        }
        return pairs
    }

    private static let semicolon = UInt8(ascii: ";")
    private static let equalsSign = UInt8(ascii: "=")

    /// `bytes` without the spaces and tabs (RFC 9110's OWS) at either end.
    private static func trimmingWhitespace(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isWhitespace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }),
            let last = bytes.lastIndex(where: { !isWhitespace($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[first...last]
    }
}
