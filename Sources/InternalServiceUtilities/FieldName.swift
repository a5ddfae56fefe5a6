/// HTTP field names, which compare without regard to case (RFC 9110 §5.1): NetworkKit's headers and
/// MockServer's match them the same way.
package enum FieldName {
    /// Whether two field names are the same in any case, as `lhs.lowercased() == rhs.lowercased()`
    /// says, without making the lowercased copies: ASCII letters are compared without case, and a
    /// name with any other scalar falls back to `lowercased()`. Lookups by name run on every
    /// request and response, once for each field.
    ///
    /// ```swift
    /// FieldName.same("Content-Type", "content-type")  // true
    /// ```
    package static func same(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        if left.count == right.count {
            for (one, other) in zip(left, right) {
                if one | other >= 0x80 { return lhs.lowercased() == rhs.lowercased() }
                let folded = one | 0x20
                guard one == other || (folded == other | 0x20 && folded >= 0x61 && folded <= 0x7A) else {
                    // The ASCII prefixes differ, so their lowercased forms do too.
                    return false
                }
            }
            return true
        }
        // Lowercasing can change the length of a name that is not all ASCII; but an ASCII first
        // scalar stays the first scalar, lowercased, so two different ones tell the names apart
        // without reading them whole (the usual case of a lookup passing other names).
        if let one = left.first, let other = right.first, one | other < 0x80,
            lowercase(one) != lowercase(other)
        {
            return false
        }
        guard !isASCII(lhs) || !isASCII(rhs) else { return false }
        return lhs.lowercased() == rhs.lowercased()
    }

    /// An ASCII byte lowercased.
    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether `text` is all ASCII, read from its bytes in place where the string has them (every
    /// native string): names of other lengths are told apart on each lookup by name.
    private static func isASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in !bytes.contains { $0 >= 0x80 } }
            ?? !text.utf8.contains { $0 >= 0x80 }
    }
}
