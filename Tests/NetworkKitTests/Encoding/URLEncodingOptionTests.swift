import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Expected queries follow Alamofire 5.12's URLEncoding rules (RFC 3986 §3.4 escaping that keeps
// `?` and `/`, `[]` escaped), worked out by hand.

private func request(_ url: String = "https://h/x", method: HTTPMethod = .get) -> URLRequest {
    var request = URLRequest(url: URL(string: url)!)
    request.method = method
    return request
}

@Suite("URLEncoding's Alamofire options")
struct URLEncodingOptionTests {
    @Test("init(destination:arrayEncoding:boolEncoding:) sets the encoder, and the properties read it back")
    func initializer() throws {
        // Given an encoding made with Alamofire's initialiser
        let encoding = URLEncoding(destination: .queryString, arrayEncoding: .indexInBrackets, boolEncoding: .literal)
        // When it encodes a POST
        let encoded = try encoding.encode(request(method: .post), with: ["a": [true, false]])
        // Then the options applied and the properties say so
        #expect(encoded.url?.query == "a%5B0%5D=true&a%5B1%5D=false")
        #expect(encoded.httpBody == nil)
        #expect(encoding.destination == .queryString)
        #expect(encoding.arrayEncoding == .indexInBrackets)
        #expect(encoding.boolEncoding == .literal)
        #expect(encoding.encoder.arrayEncoding == .indexInBrackets)
    }

    @Test("the NetworkKit initialiser and the encoder property still work")
    func networkKitShape() throws {
        // Given an encoding made from a QueryStringEncoder, then changed through both names
        var encoding = URLEncoding(encoder: QueryStringEncoder(spaceEncoding: .plus))
        encoding.arrayEncoding = .noBrackets
        encoding.encoder.boolEncoding = .literal
        // When it encodes a GET
        let encoded = try encoding.encode(request(), with: ["q": "a b", "t": [true]])
        // Then every option applied
        #expect(encoded.url?.query == "q=a+b&t=true")
        #expect(
            encoding
                == URLEncoding(
                    encoder: QueryStringEncoder(
                        arrayEncoding: .noBrackets, boolEncoding: .literal, spaceEncoding: .plus)))
    }

    @Test("a custom array key gets the unescaped key path and is escaped after")
    func customArrayKey() throws {
        // Given keys written as key.1, key.2… and a key that needs escaping
        let encoding = URLEncoding(arrayEncoding: .custom { key, index in "\(key).\(index + 1)" })
        // When nested arrays and dictionaries are encoded
        let encoded = try encoding.encode(request(), with: ["a b": ["x": ["p", "q"]], "n": [[1], [2]]])
        // Then the closure saw `a b[x]` and `n`, and its keys were escaped
        #expect(encoded.url?.query == "a%20b%5Bx%5D.1=p&a%20b%5Bx%5D.2=q&n.1.1=1&n.2.1=2")
    }

    @Test("two custom array encodings are equal, so a Set holds one")
    func customEquality() {
        // Given two different closures
        let first = URLEncoding.ArrayEncoding.custom { key, _ in key }
        let second = URLEncoding.ArrayEncoding.custom { key, index in "\(key)\(index)" }
        // Then they compare equal (closures cannot be compared) and differ from the named cases
        #expect(first == second)
        #expect(Set([first, second, .brackets]).count == 2)
        #expect(first != .brackets)
    }

    @Test("static members, Alamofire's destinations and methods")
    func destinations() throws {
        // Given a POST and a DELETE
        let post = request(method: .post)
        let delete = request(method: .delete)
        // When each static member encodes them
        let defaultPost = try URLEncoding.default.encode(post, with: ["a": 1])
        let defaultDelete = try URLEncoding.default.encode(delete, with: ["a": 1])
        let queryPost = try URLEncoding.queryString.encode(post, with: ["a": 1])
        let bodyGet = try URLEncoding.httpBody.encode(request(), with: ["a": 1])
        // Then they went where Alamofire puts them
        #expect(defaultPost.httpBody.map { String(decoding: $0, as: UTF8.self) } == "a=1")
        #expect(
            defaultPost.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(defaultDelete.url?.query == "a=1")
        #expect(queryPost.url?.query == "a=1")
        #expect(bodyGet.httpBody.map { String(decoding: $0, as: UTF8.self) } == "a=1")
    }

    @Test("queryComponents(fromKey:value:) and escape(_:) as Alamofire's")
    func components() {
        // Given the default encoding
        let encoding = URLEncoding.default
        // When a nested value is split
        let pairs = encoding.queryComponents(fromKey: "a", value: ["b": [1, 2], "c": NSNull()])
        // Then the pairs are escaped, and a null has an empty value
        #expect(pairs.map(\.0) == ["a%5Bb%5D%5B%5D", "a%5Bb%5D%5B%5D", "a%5Bc%5D"])
        #expect(pairs.map(\.1) == ["1", "2", ""])
        #expect(encoding.escape("a&b=c/d?e f") == "a%26b%3Dc/d?e%20f")
    }

    @Test("a missing URL is HTTPError from a URLRequest and AFError.missingURL from a router")
    func missingURL() {
        // Given a GET without a URL
        var noURL = request()
        noURL.url = nil
        // Then the URLRequest form keeps NetworkKit's error and the Alamofire form throws Alamofire's
        #expect(throws: HTTPError.invalidURL(.missingURL)) { try URLEncoding.default.encode(noURL, with: ["a": 1]) }
        #expect {
            try URLEncoding.default.encode(noURL as any URLRequestConvertible, with: ["a": 1])
        } throws: { error in
            guard case .parameterEncodingFailed(.missingURL) = error.asAFError else { return false }
            return true
        }
    }

    @Test("odd values never crash: deep nesting, empty keys and collections, foreign types")
    func oddValues() throws {
        // Given values Alamofire's encoding would also take
        struct Opaque: CustomStringConvertible { var description: String { "opaque value" } }
        let parameters: Parameters = [
            "": "empty key", "deep": [[[["x"]]]], "none": [String](), "nothing": [String: Int](),
            "opaque": Opaque(), "date": Date(timeIntervalSince1970: 0),
        ]
        // When encoded
        let encoded = try URLEncoding.default.encode(request(), with: parameters)
        // Then every value was written as text and nothing was dropped but the empty collections
        let query = try #require(encoded.url?.query)
        #expect(query.hasPrefix("=empty%20key&date=1970-01-01%2000%3A00%3A00%20%2B0000&deep%5B%5D%5B%5D%5B%5D%5B%5D=x"))
        #expect(query.hasSuffix("&opaque=opaque%20value"))
        #expect(!query.contains("none") && !query.contains("nothing"))
    }
}
