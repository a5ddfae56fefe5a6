import Foundation
import MockServerKit
import Testing

@Suite("MockHeaders, MockRequest and MockResponse values")
struct MessageTests {
    @Test("header lookup ignores case, keeps repeats, and setting replaces every field of the name")
    func headers() {
        // Given headers with a repeated field
        var headers: MockHeaders = ["Set-Cookie": "a=1", "Content-Type": "text/plain"]
        headers.add("set-cookie", "b=2")

        // When one field is replaced and another removed
        let cookies = headers.values(for: "SET-COOKIE")
        headers["content-type"] = "application/json"
        headers["Set-Cookie"] = nil

        // Then lookups ignore case and the changes hold
        #expect(cookies == ["a=1", "b=2"])
        #expect(headers["Content-Type"] == "application/json")
        #expect(!headers.contains("set-cookie"))
        #expect(headers.fields.count == 1)
    }

    @Test("only ASCII letters fold in ASCII names; names with other characters compare as lowercased text")
    func headerNameFolding() {
        // Given names that differ only in the case of ASCII letters, in punctuation, or beyond ASCII
        let headers: MockHeaders = ["X-Trace_ID": "1", "Ünicode-Name": "2"]

        // When they are looked up in other spellings
        let folded = headers["x-trace_id"]
        let punctuation = headers["X-Trace-ID"]
        let unicode = headers["ünicode-name"]

        // Then letters fold, punctuation does not, and non-ASCII names still match as lowercased text
        #expect(folded == "1")
        #expect(punctuation == nil)
        #expect(unicode == "2")
    }

    @Test("the target splits into path and decoded query items")
    func queryParsing() {
        // Given a target with encoded, plus-separated and value-less items
        let request = MockRequest(method: .get, target: "/search?q=oat+milk&tag=a%26b&flag&q=rice")

        // Then the path stays encoded and the items are decoded in order
        #expect(request.path == "/search")
        #expect(request.queryItems.map(\.name) == ["q", "tag", "flag", "q"])
        #expect(request.queryItems[0].value == "oat milk")
        #expect(request.queryValue("tag") == "a&b")
        #expect(request.queryValue("flag") == "")
        #expect(request.queryValue("q") == "rice")
        #expect(request.queryValue("missing") == nil)
    }

    @Test("bearer tokens are read from Authorization, whatever the scheme's case")
    func bearerToken() {
        // Given requests with several Authorization values
        let bearer = MockRequest(method: .get, target: "/", headers: ["Authorization": "bearer abc.def"])
        let basic = MockRequest(method: .get, target: "/", headers: ["Authorization": "Basic dXNlcjpwYXNz"])
        let empty = MockRequest(method: .get, target: "/", headers: ["Authorization": "Bearer "])

        // Then only the bearer one yields a token
        #expect(bearer.bearerToken == "abc.def")
        #expect(basic.bearerToken == nil)
        #expect(empty.bearerToken == nil)
    }

    @Test("JSON responses have sorted keys and the JSON content type; bad JSON bodies throw a typed error")
    func json() throws {
        // Given a value and a request whose body is not the expected JSON
        struct Pair: Codable {
            var b: Int
            var a: String
        }
        let response = try MockResponse.json(Pair(b: 2, a: "x/y"), status: 201)
        let request = MockRequest(method: .post, target: "/", body: Data("{\"b\": \"two\"}".utf8))

        // Then the response bytes are stable and decoding the request fails with bodyDecodingFailed
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"a":"x/y","b":2}"#)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.status == 201)
        #expect {
            try request.decodeJSON(Pair.self)
        } throws: { error in
            guard case .bodyDecodingFailed(let type, _) = error as? MockServerError else { return false }
            return type == "Pair"
        }
    }
}
