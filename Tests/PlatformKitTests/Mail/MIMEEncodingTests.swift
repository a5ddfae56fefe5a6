import Foundation
import Testing

@testable import PlatformKit

/// Inputs the `mime` fuzz target found (see `Fuzzing/`), kept as regression tests.
@Suite("MIMEEncoding on inputs found by fuzzing")
struct MIMEEncodingTests {
    @Test("a quote followed by a combining mark is escaped in a quoted string")
    func quoteBeforeCombiningMark() {
        // Given the text the fuzzer found: a quote followed by U+05A3, which merge into one Character
        let text = "\u{FFFD}\"\u{05A3}\u{FFFD}W\\,Y\\\\\\w\"$"

        // When quoting it
        let quoted = MIMEEncoding.quotedString(text)

        // Then every quote and backslash is escaped, so the only bare quotes are the outer two
        #expect(quoted == "\"\u{FFFD}\\\"\u{05A3}\u{FFFD}W\\\\,Y\\\\\\\\\\\\w\\\"$\"")
    }

    @Test("a grapheme cluster longer than one encoded word is split between its scalars")
    func longClusterInEncodedWords() throws {
        // Given a letter with forty combining marks: one Character of 81 UTF-8 bytes
        let text = "a" + String(repeating: "\u{0301}", count: 40) + "b"

        // When encoding it as RFC 2047 words
        let words = MIMEEncoding.encodedWords(text).components(separatedBy: "\r\n ")

        // Then no word exceeds 75 characters, each holds whole scalars, and together they decode to the text
        var decoded = Data()
        for word in words {
            #expect(word.count <= 75, "\(word)")
            let payload = try #require(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))))
            #expect(String(decoding: payload, as: UTF8.self).utf8.elementsEqual(payload))
            decoded += payload
        }
        #expect(words.count == 2)
        #expect(decoded == Data(text.utf8))
    }
}
