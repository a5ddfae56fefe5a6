import Foundation
import NetworkKit
import Testing

@Suite("PercentEncoding")
struct PercentEncodingTests {
    @Test("RFC 3986 sets")
    func sets() {
        // Given text with every class of character
        let text = "aZ09-._~ /?:@!$&'()*+,;=%é"
        // When encoded with each set
        // Then only that set's characters remain literal
        #expect(
            PercentEncoding.encode(text, allowing: .unreserved)
                == "aZ09-._~%20%2F%3F%3A%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%25%C3%A9")
        #expect(
            PercentEncoding.encode(text, allowing: .pathSegment)
                == "aZ09-._~%20%2F%3F:@!$&'()*+,;=%25%C3%A9")
        // And decoding gives the text back
        #expect(PercentEncoding.encode(text, allowing: .unreserved).removingPercentEncoding == text)
    }

    @Test("mailto addresses keep only @ besides the unreserved set (RFC 6068 §2)")
    func mailtoAddress() {
        // Given an address whose local part holds delimiters RFC 6068 lets us encode
        let address = "a+b,c?d@example.org"
        // When encoded for a mailto: URL
        let encoded = PercentEncoding.encode(address, allowing: .mailtoAddress)
        // Then @ stays, the separator and query delimiters are escaped, and decoding round-trips
        #expect(encoded == "a%2Bb%2Cc%3Fd@example.org")
        #expect(encoded.removingPercentEncoding == address)
    }
}
