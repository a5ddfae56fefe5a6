/// RFC 3986 percent-encoding for `mailto:` URLs (RFC 6068).
///
/// Kept inside PlatformKit for now: NetworkKit's shared encoder was being written at the same
/// time. When it lands, this file should call it (or the encoder should move to
/// InternalServiceUtilities) so the two never diverge.
enum PercentEncoding {
    /// RFC 3986 `unreserved`: letters, digits, `-`, `.`, `_`, `~`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~")
        }
    }

    /// Encodes every UTF-8 byte of `text` except the unreserved ones and those in `alsoAllowed`.
    ///
    /// - Parameters:
    ///   - text: The text to encode.
    ///   - alsoAllowed: ASCII characters left as they are besides the unreserved set.
    /// - Returns: The encoded text, with upper-case hexadecimal digits.
    static func encode(_ text: String, alsoAllowing alsoAllowed: Set<UInt8> = []) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || alsoAllowed.contains(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
