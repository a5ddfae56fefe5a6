import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Expected strings are Alamofire 5 `URLEncoding` output worked out by hand from its rules
/// (RFC 3986 §3.4 escaping with only unreserved, `?` and `/` kept; sorted keys), never produced by
/// NetworkKit itself.
@Suite("QueryStringEncoder")
struct QueryStringEncoderTests {
    @Test("flat keys are sorted and values escaped per RFC 3986 §3.4")
    func flat() {
        // Given parameters with reserved characters
        let parameters: [String: Any] = ["q": "swift & linux", "page": 2, "path": "a/b?c"]
        // When encoded
        let query = QueryStringEncoder().query(parameters)
        // Then keys are sorted, & and space escaped, / and ? kept
        #expect(query == "page=2&path=a/b?c&q=swift%20%26%20linux")
    }

    @Test("SurfUtils' bugs: &, =, + inside values and % are escaped exactly once")
    func surfUtilsBugs() {
        // Given values that broke SurfUtils' urlHostAllowed escaping
        let parameters: [String: Any] = ["a": "x&y=z", "b": "1+1", "c": "100%", "d": "%41"]
        // When encoded
        let query = QueryStringEncoder().query(parameters)
        // Then each reserved character is escaped and % is encoded once
        #expect(query == "a=x%26y%3Dz&b=1%2B1&c=100%25&d=%2541")
        // And a server splitting on & and = gets the values back
        let decoded = URLComponents(string: "http://h/?" + query)?.queryItems?.map { $0.value ?? "" }
        #expect(decoded == ["x&y=z", "1+1", "100%", "%41"])
    }

    @Test("order is the same whatever the dictionary's insertion order")
    func deterministic() {
        // Given the same nested content built in two insertion orders
        var first: [String: Any] = [:]
        var second: [String: Any] = [:]
        let keys = (0..<50).map { "k\($0)" }
        for key in keys { first[key] = ["z": 1, "a": 2, "m": 3] }
        for key in keys.reversed() { second[key] = ["m": 3, "a": 2, "z": 1] }
        // When both are encoded
        // Then the queries are identical and nested keys are sorted
        #expect(QueryStringEncoder().query(first) == QueryStringEncoder().query(second))
        #expect(QueryStringEncoder().query(["k": ["z": 1, "a": 2]]) == "k%5Ba%5D=2&k%5Bz%5D=1")
    }

    @Test("nested dictionaries and arrays use escaped brackets")
    func nested() {
        // Given a nested structure
        let parameters: [String: Any] = ["user": ["name": "Ann", "tags": ["a", "b"]]]
        // When encoded with each array option
        // Then the keys follow Alamofire's bracket rules
        #expect(
            QueryStringEncoder().query(parameters)
                == "user%5Bname%5D=Ann&user%5Btags%5D%5B%5D=a&user%5Btags%5D%5B%5D=b")
        #expect(
            QueryStringEncoder(arrayEncoding: .noBrackets).query(parameters)
                == "user%5Bname%5D=Ann&user%5Btags%5D=a&user%5Btags%5D=b")
        #expect(
            QueryStringEncoder(arrayEncoding: .indexInBrackets).query(parameters)
                == "user%5Bname%5D=Ann&user%5Btags%5D%5B0%5D=a&user%5Btags%5D%5B1%5D=b")
    }

    @Test("Bool, NSNull and numbers")
    func scalars() {
        // Given booleans, a null and numbers of several kinds
        let parameters: [String: Any] = [
            "t": true, "f": false, "n": NSNull(), "i": -7, "d": 1.5, "w": 2.0, "s": 0.1, "u": UInt8(9),
        ]
        // When encoded with each Bool option
        // Then bools are 1/0 or true/false, null is the bare key and numbers are shortest exact
        #expect(QueryStringEncoder().query(parameters) == "d=1.5&f=0&i=-7&n&s=0.1&t=1&u=9&w=2")
        #expect(QueryStringEncoder(boolEncoding: .literal).query(["t": true, "f": false]) == "f=false&t=true")
    }

    @Test("NSNumber values from JSONSerialization keep their kind")
    func foundationNumbers() throws {
        // Given numbers parsed by JSONSerialization
        let object = try JSONSerialization.jsonObject(with: Data(#"{"b":true,"d":2.5,"i":3}"#.utf8))
        let parameters = try #require(object as? [String: Any])
        // When encoded
        // Then the bool is 1 and the numbers are unchanged
        #expect(QueryStringEncoder().query(parameters) == "b=1&d=2.5&i=3")
    }

    @Test("space as %20 or +, and non-ASCII as UTF-8 bytes")
    func spacesAndUnicode() {
        // Given a value with spaces, a plus and non-ASCII letters
        let parameters: [String: Any] = ["q": "a b+é"]
        // When encoded with each space option
        // Then space is %20 or +, a literal + is %2B and é is its two UTF-8 bytes
        #expect(QueryStringEncoder().query(parameters) == "q=a%20b%2B%C3%A9")
        #expect(QueryStringEncoder(spaceEncoding: .plus).query(parameters) == "q=a+b%2B%C3%A9")
    }

    @Test("every reserved character of RFC 3986 §2.2 except ? and / is escaped")
    func reservedCharacters() {
        // Given every general and sub delimiter
        let query = QueryStringEncoder().query(["k": ":#[]@!$&'()*+,;=?/"])
        // Then only ? and / survive
        #expect(query == "k=%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D?/")
    }

    @Test("toQueryString is nil for an empty dictionary and the encoder's output otherwise, booleans as words")
    func frontDoor() throws {
        // Given an empty and a filled dictionary, the filled one with booleans at the top and nested
        let empty: [String: Any] = [:]
        let filled: [String: Any] = ["b": 2, "a": "x y", "on": true, "f": ["off": false]]
        // Then the front door matches the documented results: SurfUtils' page promises `key3=true`, so
        // toQueryString() writes booleans as true/false, while the encoder and URLEncoding keep
        // Alamofire's 1/0 (the `scalars` test above)
        #expect(empty.toQueryString() == nil)
        #expect(filled.toQueryString() == "a=x%20y&b=2&f%5Boff%5D=false&on=true")
        #expect(QueryStringEncoder().query(filled) == "a=x%20y&b=2&f%5Boff%5D=0&on=1")
        let url = try #require(URL(string: "http://h/p"))
        let request = try URLEncoding.queryString.encode(URLRequest(url: url), with: ["on": true])
        #expect(request.url?.query == "on=1")
    }

    @Test("queryComponents splits pairs and marks bare keys")
    func components() {
        // Given a nested value with a null
        let pairs = QueryStringEncoder().queryComponents(fromKey: "a", value: ["x": 1, "y": NSNull()])
        // Then each pair is escaped and the null has no value
        #expect(pairs.map(\.0) == ["a%5Bx%5D", "a%5By%5D"])
        #expect(pairs.map(\.1) == ["1", nil])
    }
}
