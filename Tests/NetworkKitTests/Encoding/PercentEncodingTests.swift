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
}
