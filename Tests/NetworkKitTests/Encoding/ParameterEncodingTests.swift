import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("JSONEncoding")
struct JSONEncodingTests {
    private let request = URLRequest(url: URL(string: "http://h/x")!)

    @Test("a dictionary becomes sorted JSON with its content type")
    func encodes() throws {
        // Given nested parameters
        let parameters: Parameters = ["b": [1, 2], "a": ["c": NSNull(), "d": true]]
        // When encoded
        let encoded = try JSONEncoding.default.encode(request, with: parameters)
        // Then the body is the JSON text and the header says so
        #expect(encoded.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"a":{"c":null,"d":true},"b":[1,2]}"#)
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("non-finite numbers and foreign values name their key path")
    func rejects() {
        // Given a NaN deep inside and a value JSON cannot hold
        let nan: Parameters = ["a": ["b": [1.0, Double.nan]]]
        let date: Parameters = ["when": Date()]
        // Then each is a typed error with its path
        #expect {
            try JSONEncoding.default.encode(request, with: nan)
        } throws: { error in
            guard case .encodingFailed(.nonFiniteNumber(let path)) = error as? HTTPError else { return false }
            return path == "a.b[1]"
        }
        #expect {
            try JSONEncoding.default.encode(request, with: date)
        } throws: { error in
            guard case .encodingFailed(.invalidJSONValue(let path)) = error as? HTTPError else { return false }
            return path == "when"
        }
    }

    @Test("an Encodable body uses the given encoder")
    func encodable() throws {
        // Given a value and an encoder with snake-case keys
        struct Item: Encodable { var itemName: String }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        // When encoded
        let data = try HTTPBody.json(Item(itemName: "tea"), encoder: encoder)
        // Then the strategy applied
        #expect(String(decoding: data, as: UTF8.self) == #"{"item_name":"tea"}"#)
    }
}

@Suite("MultipartFormData")
struct MultipartFormDataTests {
    @Test("fields and files follow RFC 7578")
    func layout() {
        // Given a text field and a file
        var form = MultipartFormData()
        form.append("Ann", name: "user")
        form.append(Data("hi".utf8), name: "doc", fileName: "a\"b.txt", mimeType: "text/plain")
        // When encoded
        let body = String(decoding: form.encode(), as: UTF8.self)
        let boundary = form.boundary
        // Then every part is delimited and described
        let expected =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\nAnn\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"a%22b.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\nhi\r\n--\(boundary)--\r\n"
        #expect(body == expected)
        #expect(form.contentType == "multipart/form-data; boundary=\(boundary)")
    }

    @Test("the boundary never occurs inside a part")
    func boundaryAvoidsContent() {
        // Given a part that contains the current boundary
        var form = MultipartFormData()
        let original = form.boundary
        form.append(Data("xx\(original)yy".utf8), name: "trap", fileName: "t.bin")
        // When encoded
        _ = form.encode()
        // Then a different boundary was chosen
        #expect(form.boundary != original)
    }

    @Test("an unreadable file is a typed error")
    func missingFile() {
        // Given a path that does not exist
        var form = MultipartFormData()
        // Then appending it throws unreadableFile
        #expect(throws: HTTPError.self) {
            try form.append(fileAt: URL(fileURLWithPath: "/nonexistent/\(UUID())"), name: "f")
        }
    }
}

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
