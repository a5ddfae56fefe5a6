/// RFC 3986 percent-encoding with the character sets URLs need, shared by every module that builds
/// URLs (query strings, paths, `mailto:` links).
///
/// Text is encoded as UTF-8; every byte outside the allowed set becomes `%XX` with upper-case hex
/// digits (RFC 3986 §2.1).
///
/// ```swift
/// PercentEncoding.encode("a b&c", allowing: .queryComponent)  // "a%20b%26c"
/// ```
public enum PercentEncoding {
    /// A set of ASCII characters left as they are.
    public struct AllowedCharacters: Sendable, Hashable {
        private var allowed: [Bool]

        /// Creates a set from the unreserved characters plus `extra`.
        ///
        /// - Parameter extra: ASCII characters to allow besides `A–Z a–z 0–9 - . _ ~`.
        public init(unreservedPlus extra: String) {
            var allowed = [Bool](repeating: false, count: 128)
            for byte in Self.unreservedBytes.utf8 where byte < 128 { allowed[Int(byte)] = true }
            for byte in extra.utf8 where byte < 128 { allowed[Int(byte)] = true }
            self.allowed = allowed
        }

        /// Creates a set of the ASCII characters `isAllowed` accepts; for sets built from another
        /// description, such as a `CharacterSet`.
        init(asciiWhere isAllowed: (UInt8) -> Bool) {
            allowed = (0..<128).map { isAllowed(UInt8($0)) }
        }

        /// The allowed ASCII bytes, in ascending order; for building a `CharacterSet` from this set.
        var asciiMembers: [UInt8] {
            (0..<128).map(UInt8.init).filter(contains)
        }

        /// Whether the byte stays as it is.
        ///
        /// - Parameter byte: A UTF-8 code unit.
        /// - Returns: True when the byte is an allowed ASCII character.
        public func contains(_ byte: UInt8) -> Bool {
            byte < 128 && allowed[Int(byte)]
        }

        private static let unreservedBytes = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"

        /// RFC 3986 §2.3 unreserved characters only: `A–Z a–z 0–9 - . _ ~`.
        public static let unreserved = AllowedCharacters(unreservedPlus: "")

        /// A key or value inside a query (RFC 3986 §3.4): unreserved plus `?` and `/`, the set
        /// Alamofire's `URLEncoding` leaves unescaped.
        public static let queryComponent = AllowedCharacters(unreservedPlus: "?/")

        /// One path segment (RFC 3986 §3.3 `pchar`): unreserved, sub-delimiters, `:` and `@`.
        public static let pathSegment = AllowedCharacters(unreservedPlus: "!$&'()*+,;=:@")

        /// One address in a `mailto:` URL (RFC 6068 §2 `addr-spec`): unreserved plus `@`.
        ///
        /// RFC 6068 lets the other `some-delims` stand raw too, but encoding them is always valid
        /// and keeps `,` (the address separator) and `?` unambiguous.
        public static let mailtoAddress = AllowedCharacters(unreservedPlus: "@")
    }

    /// Percent-encodes every UTF-8 byte of `text` outside `allowed`.
    ///
    /// - Parameters:
    ///   - text:    The text to encode.
    ///   - allowed: The characters that stay as they are.
    /// - Returns: The encoded text.
    public static func encode(_ text: String, allowing allowed: AllowedCharacters) -> String {
        var output: [UInt8] = []
        encode(text, allowing: allowed, spaceAsPlus: false, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the encoding of `text` to `output`, writing space as `+` when `spaceAsPlus` is set.
    static func encode(
        _ text: String, allowing allowed: AllowedCharacters, spaceAsPlus: Bool, into output: inout [UInt8]
    ) {
        for byte in text.utf8 {
            if allowed.contains(byte) {
                output.append(byte)
            } else if spaceAsPlus && byte == UInt8(ascii: " ") {
                output.append(UInt8(ascii: "+"))
            } else {
                appendEscaped(byte, to: &output)
            }
        }
    }

    /// Appends `%XX` for one byte, with upper-case hex digits (RFC 3986 §2.1); MockServer's request
    /// targets use it too.
    package static func appendEscaped(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
