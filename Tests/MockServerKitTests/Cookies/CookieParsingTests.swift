import Foundation
import MockServerKit
import Testing

@Suite("MockRequest.cookies and cookiePairs: the Cookie fields read back into pairs, whatever was sent")
struct CookieParsingTests {
    /// A request carrying one `Cookie` field per value.
    private func request(cookies values: [String]) -> MockRequest {
        MockRequest(method: .get, target: "/", headers: MockHeaders(values.map { .init(name: "Cookie", value: $0) }))
    }

    /// The pairs of `values` as `name=value` texts, in order.
    private func pairs(_ values: [String]) -> [String] {
        request(cookies: values).cookiePairs.map { "\($0.name)=\($0.value)" }
    }

    @Test("the RFC 6265 §4.2 form 'a=b; c=d' gives its pairs in order")
    func plainPairs() {
        // Given a field as a user agent writes it
        let request = request(cookies: ["session=abc; theme=dark"])

        // When it is read
        let cookies = request.cookies

        // Then both cookies are there
        #expect(cookies == ["session": "abc", "theme": "dark"])
        #expect(pairs(["session=abc; theme=dark"]) == ["session=abc", "theme=dark"])
    }

    @Test(
        "spaces, tabs and empty pieces are dropped; a piece without '=' is a nameless cookie",
        arguments: [
            ("a=b;c=d", ["a=b", "c=d"]),
            ("  a = b  ;  ; c=d ;", ["a=b", "c=d"]),
            ("\ta=b\t;\tc=d", ["a=b", "c=d"]),
            ("flag", ["=flag"]),
            ("a=1; flag; b=2", ["a=1", "=flag", "b=2"]),
            ("=value", ["=value"]),
            ("a=", ["a="]),
            ("a", ["=a"]),
            ("", []),
            ("   ", []),
            (";;;", []),
            ("; ;\t;", []),
            ("=", ["="]),
            ("token=a=b==", ["token=a=b=="]),
            ("q=\"quoted value\"", ["q=\"quoted value\""]),
            ("p=%41%20b", ["p=%41%20b"]),
            ("ключ=значение; 🍪=✓", ["ключ=значение", "🍪=✓"]),
        ])
    func oddFields(field: String, expected: [String]) {
        // Given one odd Cookie field
        // When it is read
        let read = pairs([field])

        // Then the pairs are the lenient reading
        #expect(read == expected)
    }

    @Test("several Cookie fields are read in order, as if joined, and the first value of a name wins")
    func repeatedFieldsAndNames() {
        // Given two fields, with the name `a` three times and a nameless cookie twice
        let request = request(cookies: ["a=1; b=2; loose", "a=3; other; a=4"])

        // When they are read
        let cookies = request.cookies
        let pairs = request.cookiePairs.map { "\($0.name)=\($0.value)" }

        // Then the dictionary keeps the first of each name, the list keeps everything in order
        #expect(cookies == ["a": "1", "b": "2", "": "loose"])
        #expect(pairs == ["a=1", "b=2", "=loose", "a=3", "=other", "a=4"])
    }

    @Test("a request without a Cookie field has no cookies, and the field name is found in any case")
    func absentAndCase() {
        // Given a request without cookies and one whose field is spelled in lowercase
        let none = MockRequest(method: .get, target: "/", headers: ["Accept": "*/*"])
        let lowercase = MockRequest(method: .get, target: "/", headers: ["cookie": "x=1"])

        // When they are read / Then
        #expect(none.cookies.isEmpty)
        #expect(none.cookiePairs.isEmpty)
        #expect(lowercase.cookies == ["x": "1"])
    }

    @Test("any bytes parse without a crash, and every pair comes from text between separators")
    func junkNeverCrashes() {
        // Given 2,000 fields of seeded random bytes, heavy in separators, spaces and invalid UTF-8
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet: [UInt8] = Array("; =\t\"a,\\".utf8) + [0x00, 0x0D, 0x0A, 0x7F, 0x80, 0xC3, 0xE2, 0xFF]
        for _ in 0..<2000 {
            let length = Int(generator.next() % 40)
            let bytes = (0..<length).map { _ in
                generator.next() % 3 == 0
                    ? UInt8(truncatingIfNeeded: generator.next())
                    : alphabet[
                        Int(generator.next() % UInt64(alphabet.count))]
            }
            let field = String(decoding: bytes, as: UTF8.self)

            // When it is read
            let parsed = request(cookies: [field, field])
            let pairs = parsed.cookiePairs
            let cookies = parsed.cookies

            // Then nothing crashes, no name or value has a ';' or outer spaces, names have no '='
            #expect(pairs.count % 2 == 0)
            #expect(cookies.count <= pairs.count)
            for pair in pairs {
                #expect(!pair.name.contains(";") && !pair.value.contains(";") && !pair.name.contains("="))
                #expect(pair.name.first != " " && pair.name.last != " ")
                #expect(pair.value.first != " " && pair.value.last != " ")
            }
        }
    }
}

/// A small seeded generator, so a failing input can be found again.
private struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
