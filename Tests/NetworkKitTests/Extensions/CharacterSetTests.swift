import Foundation
import NetworkKit
import Testing

/// RFC 3986's character classes, written from the RFC's ABNF (§2.2, §2.3, §3.3, §3.4).
private enum RFC3986 {
    static let alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    static let digit = "0123456789"
    /// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
    static let unreserved = alpha + digit + "-._~"
    /// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"`
    static let generalDelimiters = ":/?#[]@"
    /// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
    static let subDelimiters = "!$&'()*+,;="
    /// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (its literal characters).
    static let pathCharacters = unreserved + subDelimiters + ":@"
    /// `query = *( pchar / "/" / "?" )` (its literal characters).
    static let query = Set(pathCharacters + "/?")
}

@Suite("CharacterSet.afURLQueryAllowed")
struct CharacterSetTests {
    @Test("holds RFC 3986's query characters minus every delimiter but ? and /, and nothing else")
    func membersFollowRFC3986() throws {
        // Given RFC 3986's query characters without the general delimiters Alamofire escapes (all
        // but ? and /) and without the sub-delimiters
        let escaped = Set(RFC3986.generalDelimiters.filter { $0 != "?" && $0 != "/" } + RFC3986.subDelimiters)
        let expected = RFC3986.query.subtracting(escaped)
        // When every ASCII scalar and a few others are looked up
        // Then exactly the expected ones are members
        for value in UInt32(0)..<128 {
            let scalar = try #require(Unicode.Scalar(value))
            #expect(
                CharacterSet.afURLQueryAllowed.contains(scalar) == expected.contains(Character(scalar)),
                "U+\(String(value, radix: 16))")
        }
        for text in ["é", "€", "\u{80}", "\u{FF}", "ж", "🙂"] {
            #expect(!CharacterSet.afURLQueryAllowed.contains(try #require(text.unicodeScalars.first)))
        }
        // And the set is unreserved plus ? and / alone
        #expect(expected == Set(RFC3986.unreserved + "?/"))
    }

    @Test("is the form encoder's default, and escapes as NetworkKit's query encoding does")
    func sharedWithEncoders() {
        // Given text with a space, delimiters, ? and / and non-ASCII letters
        let text = "a b&c=d+e/f?g#h[i]@j:k!$'()*,;é"
        // When it is escaped by Foundation with the set, and by NetworkKit's own encoder
        let foundation = text.addingPercentEncoding(withAllowedCharacters: .afURLQueryAllowed)
        let networkKit = PercentEncoding.encode(text, allowing: .queryComponent)
        // Then both give the RFC 3986 §3.4 escaping Alamofire gives, and the form encoder's default
        // is the same set
        let expected = "a%20b%26c%3Dd%2Be/f?g%23h%5Bi%5D%40j%3Ak%21%24%27%28%29%2A%2C%3B%C3%A9"
        #expect(foundation == expected)
        #expect(networkKit == expected)
        #expect(URLEncodedFormEncoder.defaultAllowedCharacters == .afURLQueryAllowed)
    }
}
