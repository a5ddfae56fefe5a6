import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A router whose every part a test can set.
struct TestRouter: HTTPRouter {
    var baseUrlString = "https://api.example.com/v1"
    var path = ""
    var method: HTTPMethod = .get
    var headers: HTTPHeaders? = nil
    var parameterList: [String: String]? = nil
    var encoding: URLEncoding = .default
    var bodyData: Data? = nil

    var parameters: Parameters? { parameterList }
    var parameterEncoding: any ParameterEncoding { encoding }
    func body() throws -> Data? { bodyData }
}

/// A router that states only what SurfUtils' sample states, so every default applies.
enum MinimalRouter: HTTPRouter {
    case ping
    var baseURL: URL? { URL(string: "http://127.0.0.1:8080/api/") }
    var path: String { "/ping/" }
    var method: HTTPMethod { .post }
}

@Suite("URL path joining")
struct URLPathJoiningTests {
    @Test(
        "slashes never double and segments are kept",
        arguments: [
            ("https://api.example.com/v1", "validate/email", "https://api.example.com/v1/validate/email"),
            ("https://api.example.com/v1/", "/validate/email", "https://api.example.com/v1/validate/email"),
            ("https://api.example.com", "users", "https://api.example.com/users"),
            ("https://api.example.com/", "//users//42", "https://api.example.com/users/42"),
            ("https://api.example.com/v1", "", "https://api.example.com/v1"),
            ("https://api.example.com/v1", "items/", "https://api.example.com/v1/items/"),
            ("https://api.example.com/v1?key=abc", "items", "https://api.example.com/v1/items?key=abc"),
            ("https://api.example.com/v1", "a b/c%d/ü", "https://api.example.com/v1/a%20b/c%25d/%C3%BC"),
            ("https://api.example.com/v1", "a%20b/x?y", "https://api.example.com/v1/a%20b/x%3Fy"),
            ("https://api.example.com/v1", "%41/%4/%zz", "https://api.example.com/v1/%41/%254/%25zz"),
            ("https://api.example.com/v1", "/", "https://api.example.com/v1"),
            ("HTTPS://api.example.com/v1", "items", "HTTPS://api.example.com/v1/items"),
            ("http://[::1]:8080", "items", "http://[::1]:8080/items"),
            ("http://user:pa%20ss@api.example.com/v1/", "items", "http://user:pa%20ss@api.example.com/v1/items"),
            ("https://api.example.com/v1#top", "items", "https://api.example.com/v1/items#top"),
        ])
    func join(base: String, path: String, expected: String) throws {
        // Given a router with that base and path
        let router = TestRouter(baseUrlString: base, path: path)
        // When its request is built
        let request = try router.asURLRequest()
        // Then the URL is exactly the expected one
        #expect(request.url?.absoluteString == expected)
    }

    @Test("a base with a query joins every path exactly as the same base without one")
    func textAndComponentsAgree() throws {
        // Given paths made of slashes, escapes, spaces, reserved and non-ASCII characters
        var generator = SystemRandomNumberGenerator()
        let pieces = ["/", "//", "a", "B", "%41", "%4", "%", " ", "?", "#", ";", "=", "@", ":", "é", "🚀", "+", "."]
        for _ in 0..<500 {
            let path = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            // When joined to a plain base (joined as text) and to one with a query (URLComponents)
            let plain = try TestRouter(baseUrlString: "https://api.example.com/v1", path: path).url()
            let queried = try TestRouter(baseUrlString: "https://api.example.com/v1?k=1", path: path).url()
            // Then the two agree once the query is set aside
            var components = try #require(URLComponents(url: queried, resolvingAgainstBaseURL: false))
            #expect(components.percentEncodedQuery == "k=1")
            components.percentEncodedQuery = nil
            #expect(components.url?.absoluteString == plain.absoluteString, "path \(path.debugDescription)")
        }
    }

    @Test("a DEL or line break in the path is rejected on either way of joining", arguments: ["a\u{7F}b", "a\nb"])
    func controlCharacters(path: String) {
        for base in ["https://api.example.com/v1", "https://api.example.com/v1?k=1"] {
            #expect(throws: HTTPError.self) { try TestRouter(baseUrlString: base, path: path).asURLRequest() }
        }
    }

    @Test("bad base URLs and paths are typed errors", arguments: ["not a url", "ftp://x/y", "/relative", ""])
    func badBase(base: String) {
        // Given a router with a malformed base
        let router = TestRouter(baseUrlString: base, path: "x")
        // Then building it throws invalidURL
        #expect(throws: HTTPError.self) { try router.asURLRequest() }
    }

    @Test("a NUL in the path is rejected")
    func nulPath() {
        // Given a path with NUL
        let router = TestRouter(path: "a\u{0}b")
        // Then the error names an invalid path
        #expect {
            try router.asURLRequest()
        } throws: { error in
            guard case .invalidURL(.invalidPath) = error as? HTTPError else { return false }
            return true
        }
    }
}

@Suite("HTTPRouter")
struct HTTPRouterTests {
    @Test("defaults apply: no headers, no parameters, no body, baseURL accepted")
    func defaults() throws {
        // Given a router stating only base, path and method
        let request = try MinimalRouter.ping.asURLRequest()
        // Then the URL joins and nothing else is added
        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/api/ping/")
        #expect(request.httpMethod == "POST")
        #expect(request.httpBody == nil)
        #expect(MinimalRouter.ping.baseUrlString == "http://127.0.0.1:8080/api/")
    }

    @Test("GET parameters go to the query after the base URL's own query")
    func getQuery() throws {
        // Given a GET with parameters and a base with a query
        let router = TestRouter(baseUrlString: "https://h/v1?lang=en", path: "s", parameterList: ["q": "a&b"])
        // When built
        let request = try router.asURLRequest()
        // Then both queries are present, escaped once
        #expect(request.url?.absoluteString == "https://h/v1/s?lang=en&q=a%26b")
    }

    @Test("POST parameters become a form body with its content type")
    func postForm() throws {
        // Given a POST with parameters
        let router = TestRouter(method: .post, parameterList: ["name": "Ann Lee", "x": "1+1"])
        // When built
        let request = try router.asURLRequest()
        // Then the body is the form encoding
        #expect(request.httpBody.map { String(decoding: $0, as: UTF8.self) } == "name=Ann%20Lee&x=1%2B1")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test("a body on GET is a typed error")
    func bodyOnGet() {
        // Given a GET with a body
        let router = TestRouter(method: .get, bodyData: Data("{}".utf8))
        // Then building it throws bodyNotAllowed
        #expect {
            try router.asURLRequest()
        } throws: { error in
            guard case .encodingFailed(.bodyNotAllowed(.get)) = error as? HTTPError else { return false }
            return true
        }
    }

    @Test("a JSON body gets application/json and parameters move to the query")
    func rawBody() throws {
        // Given a POST with a JSON body and parameters
        let router = TestRouter(
            path: "items", method: .post, parameterList: ["dry": "1"], bodyData: Data(#"{"a":1}"#.utf8))
        // When built
        let request = try router.asURLRequest()
        // Then the body is kept, typed and the parameters are in the URL
        #expect(request.httpBody == Data(#"{"a":1}"#.utf8))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.url?.query == "dry=1")
    }

    @Test("headers keep duplicates in order")
    func headers() throws {
        // Given repeated header names
        var headers: HTTPHeaders = ["X-A": "1"]
        headers.append(name: "x-a", value: "2")
        let request = try TestRouter(headers: headers).asURLRequest()
        // Then URLRequest joins them in order
        #expect(request.value(forHTTPHeaderField: "X-A") == "1,2")
    }
}
