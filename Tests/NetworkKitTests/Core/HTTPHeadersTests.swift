import NetworkKit
import Testing

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
    @Test("names are case-insensitive, order and duplicates kept, update replaces all")
    func semantics() {
        // Given headers with repeated names in different cases
        var headers: HTTPHeaders = [.accept("a/b")]
        headers.add(name: "X-Tag", value: "1")
        headers.add(name: "x-tag", value: "2")
        // Then lookups ignore case and keep order
        #expect(headers["ACCEPT"] == "a/b")
        #expect(headers.values(for: "X-TAG") == ["1", "2"])
        #expect(headers.dictionary["X-Tag"] == "1, 2")
        // When updated
        headers.update(name: "X-TAG", value: "3")
        // Then one field remains at the first position
        #expect(headers.map(\.name) == ["Accept", "X-TAG"])
    }

    @Test("Basic and Bearer builders follow RFC 7617 and RFC 6750")
    func builders() {
        // Given the RFC 7617 example user
        let basic = HTTPHeader.authorization(username: "Aladdin", password: "open sesame")
        // Then the value is the RFC's
        #expect(basic.value == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        #expect(HTTPHeader.authorization(bearerToken: "t0k").value == "Bearer t0k")
        // And descriptions hide them
        #expect(basic.description == "Authorization: ***")
    }
}
