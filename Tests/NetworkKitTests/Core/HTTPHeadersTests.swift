import Foundation
import NetworkKit
import Testing

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
    @Test("names are case-insensitive, append keeps order and duplicates, update replaces all")
    func semantics() {
        // Given headers with repeated names in different cases
        var headers: HTTPHeaders = [.accept("a/b")]
        headers.append(name: "X-Tag", value: "1")
        headers.append(name: "x-tag", value: "2")
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

    @Test("sort and sorted order by name ignoring case, keeping repeated names in order")
    func sorting() {
        // Given fields out of order, in mixed case, with a repeated name
        var headers: HTTPHeaders = ["x-b": "1", "Content-Type": "a/b", "X-A": "2"]
        headers.append(name: "X-B", value: "3")
        // When sorted as a copy and in place
        let copy = headers.sorted()
        headers.sort()
        // Then names ignore case, the repeated name keeps its order, and both agree
        #expect(copy.map(\.name) == ["Content-Type", "X-A", "x-b", "X-B"])
        #expect(copy.map(\.value) == ["a/b", "2", "1", "3"])
        #expect(headers == copy)
        // And value(for:) reads the first field of a name in any case
        #expect(headers.value(for: "X-b") == "1")
        #expect(headers.value(for: "missing") == nil)
    }

    @Test("initializers and literals keep one field per name, in the first place, with the last spelling and value")
    func onePerName() {
        // Given the same three spellings through every initializer
        let spellings = [
            HTTPHeader(name: "tag", value: "1"), HTTPHeader(name: "Tag", value: "2"),
            HTTPHeader(name: "TAG", value: "3"),
        ]
        let lists: [HTTPHeaders] = [
            HTTPHeaders(spellings), ["tag": "1", "Tag": "2", "TAG": "3"],
            [
                HTTPHeader(name: "tag", value: "1"), HTTPHeader(name: "Tag", value: "2"),
                HTTPHeader(name: "TAG", value: "3"),
            ],
        ]
        // Then each holds one field, the last spelling and value
        for list in lists {
            #expect(list.count == 1)
            #expect(list.first == HTTPHeader(name: "TAG", value: "3"))
        }
        // And the dictionary initializer, whose order is sorted, also holds one
        #expect(HTTPHeaders(["tag": "1", "Tag": "2", "TAG": "3"]).count == 1)
        // And a repeated name keeps the first one's place
        let placed: HTTPHeaders = ["b": "1", "a": "2", "B": "3"]
        #expect(placed.map(\.name) == ["B", "a"])
        #expect(placed.map(\.value) == ["3", "2"])
        // While add(_:) still appends a repeat
        var repeated = placed
        repeated.append(name: "b", value: "4")
        #expect(repeated.values(for: "b") == ["3", "4"])
    }

    @Test("Alamofire's other builders name their fields, and languages are weighted by rank")
    func moreBuilders() {
        // Given each builder
        let fields: [HTTPHeader] = [
            .acceptCharset("utf-8"), .acceptLanguage("en-GB, en;q=0.9"),
            .contentDisposition("attachment; filename=\"a.pdf\""), .contentEncoding("gzip"),
        ]
        // Then each has its RFC 9110 / RFC 6266 name and the given value
        #expect(fields.map(\.name) == ["Accept-Charset", "Accept-Language", "Content-Disposition", "Content-Encoding"])
        #expect(fields.map(\.value) == ["utf-8", "en-GB, en;q=0.9", "attachment; filename=\"a.pdf\"", "gzip"])
        // And the default Accept-Language lists at most six preferred languages, weighted 1.0, 0.9…
        let languages = HTTPHeader.defaultAcceptLanguage.value.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(HTTPHeader.defaultAcceptLanguage.name == "Accept-Language")
        #expect(languages.count <= 6)
        for (rank, language) in languages.enumerated() {
            #expect(language.hasSuffix(rank == 0 ? ";q=1.0" : ";q=0.\(10 - rank)"))
        }
        #expect(HTTPHeader.defaultAcceptEncoding.value == "gzip;q=1.0, deflate;q=0.9")
    }
}
