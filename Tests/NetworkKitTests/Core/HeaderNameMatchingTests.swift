import Foundation
import InternalServiceUtilities
import Testing

@testable import NetworkKit

@Suite("Header names: matched in any case without lowercased copies, and heads read from the wire")
struct HeaderNameMatchingTests {
    /// Names that differ in case, in length, by a letter's neighbours outside the alphabet (`@` and
    /// `` ` ``, `[` and `{`), and by scalars whose lowercase form is ASCII or has another length.
    static let names = [
        "", "a", "A", "Content-Type", "content-type", "CONTENT-TYPE", "Content-Typ", "Content_Type", "@", "`",
        "[", "{", "X-@", "X-`", "\u{212A}", "k", "K", "\u{212A}ey", "key", "\u{130}", "i\u{307}", "é", "É", "Ée",
        "ée", "x-é", "X-É", "ß", "SS", "ss", "@x", "`xy", "Ax", "axy", "Date", "age", "-a", "\ra",
    ]

    @Test("FieldName.same answers as comparing lowercased() copies does, for every pair")
    func matchesLowercasedComparison() {
        for one in Self.names {
            for other in Self.names {
                // Then the fast comparison and the defining one agree
                #expect(
                    FieldName.same(one, other) == (one.lowercased() == other.lowercased()),
                    "\(one.debugDescription) and \(other.debugDescription)")
            }
        }
    }

    @Test("FieldValue.trimmed drops leading and trailing spaces and tabs only, as OWS (RFC 9110 §5.6.3)")
    func trimsOptionalWhitespace() {
        // Given values with spaces, tabs, other whitespace and non-ASCII text at either end
        let values = [
            "", " ", "\t \t", "v1", " \"v1\" ", "\tW/\"x\"\t", "a b", " a b ", "\u{A0}x\u{A0}", "\nx\r", " é ", "é",
            " \u{1F600}\t",
        ]
        for value in values {
            // Then each is trimmed as Foundation trims exactly the set of space and tab
            let expected = value.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            #expect(FieldValue.trimmed(value) == expected, "\(value.debugDescription)")
            #expect(FieldValue.trimmed(value[...]) == expected)
        }
    }

    @Test("a status line's code is read after the version; a line without digits there gives none")
    func statusLines() {
        // Given status lines as libcurl passes them (without the line end)
        let lines: [(String, Int?)] = [
            ("HTTP/1.1 200 OK", 200), ("HTTP/2 404", 404), ("HTTP/1.0  301  Moved", 301),
            ("HTTP/1.1 100 Continue", 100),
            ("HTTP/1.1 200OK", nil), ("HTTP/1.1", nil), ("HTTP/1.1 ", nil), ("HTTP/1.1 OK 200", nil),
            ("HTTP/1.1 -200 OK", nil), ("HTTP/1.1 9999999999 Big", nil),
        ]
        for (line, expected) in lines {
            // When the code is read
            let status = Array(line.utf8).withUnsafeBytes { CurlExchange.statusCode(of: $0) }
            // Then it is the number after the version, or nil
            #expect(status == expected, "\(line)")
        }
    }

    @Test("a head joins repeated fields under the first spelling, in any case, below and above the scan limit")
    func joinsRepeatedFields() {
        for filler in [2, ResponseHeaderSource.scannedFields + 5] {
            // Given fields with a name repeated in other cases, among `filler` others
            var fields = [("Set-Cookie", "a=1"), ("Content-Type", "text/plain")]
            fields += (0..<filler).map { ("X-Field-\($0)", "\($0)") }
            fields += [("set-cookie", "b=2"), ("SET-COOKIE", "c=3")]
            // When a head is made of them
            let head = ResponseHead(statusCode: 200, url: nil, fields: fields)
            // Then the repeated name is one field, joined in order under the first spelling
            let headers = head.fields.headers
            #expect(headers.count == filler + 2)
            #expect(headers.filter { $0.name == "Set-Cookie" }.map(\.value) == ["a=1, b=2, c=3"])
            #expect(head.value(forHTTPHeaderField: "content-TYPE") == "text/plain")
            // And a lookup by name joins the repeated fields as the list does
            #expect(head.value(forHTTPHeaderField: "set-cookie") == "a=1, b=2, c=3")
            #expect(head.value(forHTTPHeaderField: "Set-Cookies") == nil)
            // And the fields are sorted by name
            #expect(headers.map(\.name) == headers.map(\.name).sorted())
        }
    }
}
