import Foundation
import Testing

@testable import NetworkKit

@Suite("String.Encoding(ianaCharsetName:): the charset names Alamofire's string serializer knows")
struct StringEncodingTests {
    /// Every name Alamofire maps, in mixed case, with its encoding.
    static let known: [(String, String.Encoding)] = [
        ("UTF-8", .utf8), ("iso-8859-1", .isoLatin1), ("utf-16", .utf16), ("Unicode-1-1", .utf16),
        ("iso-10646-ucs-2", .utf16), ("UTF-16BE", .utf16BigEndian), ("utf-16le", .utf16LittleEndian),
        ("utf-32", .utf32), ("utf-32be", .utf32BigEndian), ("UTF-32LE", .utf32LittleEndian),
    ]

    @Test("each known name maps to its encoding, in any case")
    func known() {
        // Given the known names
        for (name, encoding) in Self.known {
            // Then each maps
            #expect(String.Encoding(ianaCharsetName: name) == encoding, "\(name)")
        }
    }

    @Test("other names, and misspellings of known ones, map to nothing", arguments: ["us-ascii", "utf8", "latin1", ""])
    func unknown(_ name: String) {
        // Given a name outside the list; then there is no encoding
        #expect(String.Encoding(ianaCharsetName: name) == nil)
    }
}
