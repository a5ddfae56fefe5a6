/// A `Content-Range` field of a `206` or `416` answer (RFC 9110 §14.4).
struct ContentRange: Equatable {
    /// The first byte sent, for a `206`.
    let first: Int64?
    /// The last byte sent, for a `206`.
    let last: Int64?
    /// The whole representation's length, when the server knows it.
    let total: Int64?

    /// Parses `bytes 0-499/1234`, `bytes 0-499/*` or `bytes */1234`; nil for anything else.
    init?(_ value: String) {
        let text = value.trimmingPrefix(while: { $0 == " " })
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let parts = text.dropFirst("bytes ".count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let length = parts[1].trimmingPrefix(while: { $0 == " " })
        if length == "*" {
            total = nil
        } else {
            guard let number = Self.number(length) else { return nil }
            total = number
        }
        if parts[0] == "*" {
            guard total != nil else { return nil }
            first = nil
            last = nil
            return
        }
        let bounds = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Self.number(bounds[0]), let last = Self.number(bounds[1]),
            first <= last, total.map({ last < $0 }) ?? true
        else { return nil }
        self.first = first
        self.last = last
    }

    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int64(text)
    }
}
