import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Expected bodies and queries follow Alamofire 5.12's ParameterEncoder rules: JSON from the given
// JSONEncoder, form text from URLEncodedFormEncoder, Content-Type set only when absent.

private struct Login: Encodable, Sendable {
    var user: String
    var remember: Bool
}

private struct Profile: Encodable, Sendable {
    var userName: String
}

private struct Reading: Encodable, Sendable {
    var value: Double
}

private func request(_ url: String = "https://api.example.com/items", method: HTTPMethod = .get) -> URLRequest {
    var request = URLRequest(url: URL(string: url)!)
    request.method = method
    return request
}

private func text(_ data: Data?) -> String? {
    data.map { String(decoding: $0, as: UTF8.self) }
}

@Suite("JSONParameterEncoder")
struct JSONParameterEncoderTests {
    @Test("an Encodable becomes the JSON body with its content type")
    func encodesBody() throws {
        // Given a value and a POST
        let value = Login(user: "ann", remember: true)
        // When it is encoded with sorted keys
        let encoded = try JSONParameterEncoder.sortedKeys.encode(value, into: request(method: .post))
        // Then the body is its JSON and the header names it
        #expect(text(encoded.httpBody) == #"{"remember":true,"user":"ann"}"#)
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(encoded.url?.query == nil)
    }

    @Test("a Content-Type the request has is kept")
    func keepsContentType() throws {
        // Given a request with its own JSON media type
        var original = request(method: .post)
        original.setValue("application/vnd.api+json", forHTTPHeaderField: "Content-Type")
        // When a value is encoded into it
        let encoded = try JSONParameterEncoder.default.encode(["a": 1], into: original)
        // Then the header is unchanged and the body is written
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
        #expect(text(encoded.httpBody) == #"{"a":1}"#)
    }

    @Test("pretty printing and a custom encoder apply")
    func formatting() throws {
        // Given the pretty-printed encoder and one with snake-case keys
        let snake = JSONEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        // When each encodes a value
        let pretty = try JSONParameterEncoder.prettyPrinted.encode(["k": "v"], into: request())
        let custom = try JSONParameterEncoder(encoder: snake).encode(Profile(userName: "ann"), into: request())
        // Then each writes as its encoder does
        #expect(text(pretty.httpBody) == "{\n  \"k\" : \"v\"\n}")
        #expect(text(custom.httpBody) == #"{"user_name":"ann"}"#)
        #expect(JSONParameterEncoder(encoder: snake).encoder === snake)
    }

    @Test("nil parameters leave the request unchanged")
    func nilParameters() throws {
        // Given no value
        let original = request(method: .post)
        // When encoded
        let encoded = try JSONParameterEncoder.default.encode(Login?.none, into: original)
        // Then nothing changed
        #expect(encoded == original)
    }

    @Test("a value JSON cannot hold is AFError.parameterEncodingFailed, as Alamofire throws it")
    func nonFiniteNumber() {
        // Given a NaN
        let value = Reading(value: .nan)
        // Then encoding throws jsonEncodingFailed holding the encoder's error, without crashing
        #expect {
            try JSONParameterEncoder.default.encode(value, into: request(method: .post))
        } throws: { error in
            guard case .parameterEncodingFailed(.jsonEncodingFailed(let underlying)) = error.asAFError else {
                return false
            }
            return underlying is EncodingError
        }
    }
}

@Suite("URLEncodedFormParameterEncoder")
struct URLEncodedFormParameterEncoderTests {
    @Test("GET, HEAD and DELETE put the form in the query, after any query the URL has")
    func methodDependentQuery() throws {
        for method in [HTTPMethod.get, .head, .delete] {
            // Given a URL that has a query
            let original = request("https://api.example.com/items?lang=en", method: method)
            // When a value is encoded
            let encoded = try URLEncodedFormParameterEncoder.default.encode(
                Login(user: "a b", remember: false), into: original)
            // Then its pairs follow the existing query, and there is no body
            #expect(encoded.url?.absoluteString == "https://api.example.com/items?lang=en&remember=0&user=a%20b")
            #expect(encoded.httpBody == nil)
            #expect(encoded.value(forHTTPHeaderField: "Content-Type") == nil)
        }
    }

    @Test("other methods get a form body with Alamofire's content type")
    func methodDependentBody() throws {
        for method in [HTTPMethod.post, .put, .patch] {
            // Given a request with a body method
            let original = request(method: method)
            // When a value is encoded
            let encoded = try URLEncodedFormParameterEncoder.default.encode(
                Login(user: "ann", remember: true), into: original)
            // Then the form is the body and the URL is unchanged
            #expect(text(encoded.httpBody) == "remember=1&user=ann")
            #expect(
                encoded.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
            #expect(encoded.url == original.url)
        }
    }

    @Test("a destination overrides the method, and the encoder's options apply")
    func destinations() throws {
        // Given a POST and a GET, and an encoder with literal booleans
        let encoder = URLEncodedFormEncoder(boolEncoding: .literal)
        // When the POST goes to the query and the GET to the body
        let query = try URLEncodedFormParameterEncoder(encoder: encoder, destination: .queryString)
            .encode(["on": true], into: request(method: .post))
        let body = try URLEncodedFormParameterEncoder(destination: .httpBody).encode(["on": true], into: request())
        // Then each went where it was told
        #expect(query.url?.query == "on=true")
        #expect(query.httpBody == nil)
        #expect(text(body.httpBody) == "on=1")
        #expect(body.url?.query == nil)
    }

    @Test("an empty form adds no query, and keeps the one the URL has")
    func emptyForm() throws {
        // Given an empty dictionary, for a URL without a query and one with
        let empty = [String: String]()
        // When encoded into the query
        let plain = try URLEncodedFormParameterEncoder.default.encode(empty, into: request())
        let withQuery = try URLEncodedFormParameterEncoder.default.encode(empty, into: request("http://h/x?a=1"))
        // Then there is no `?` nor a trailing `&`
        #expect(plain.url?.absoluteString == "https://api.example.com/items")
        #expect(withQuery.url?.absoluteString == "http://h/x?a=1")
    }

    @Test("a request without a URL is missingRequiredComponent(.url)")
    func missingURL() {
        // Given a request whose URL was removed
        var original = request()
        original.url = nil
        // Then encoding throws the missing component
        #expect {
            try URLEncodedFormParameterEncoder.default.encode(["a": "b"], into: original)
        } throws: { error in
            guard case .parameterEncoderFailed(.missingRequiredComponent(.url)) = error.asAFError else { return false }
            return true
        }
    }

    @Test("a root that is not keyed is encoderFailed holding the encoder's error")
    func unkeyedRoot() {
        for destination in [URLEncodedFormParameterEncoder.Destination.queryString, .httpBody] {
            // Given an array, which has no keys to name its values
            let encoder = URLEncodedFormParameterEncoder(destination: destination)
            // Then encoding throws encoderFailed with NetworkKit's reason inside
            #expect {
                try encoder.encode([1, 2], into: request(method: .post))
            } throws: { error in
                guard case .parameterEncoderFailed(.encoderFailed(let underlying)) = error.asAFError,
                    case .encodingFailed(.formRootNotKeyed) = underlying as? HTTPError
                else { return false }
                return true
            }
        }
    }

    @Test("nested arrays and dictionaries are written in bracket form")
    func nested() throws {
        // Given nested collections
        let value = ["a": ["b": [[1, 2], [3]]]]
        // When encoded
        let encoded = try URLEncodedFormParameterEncoder(destination: .httpBody).encode(value, into: request())
        // Then every level has its brackets
        #expect(
            text(encoded.httpBody)
                == "a%5Bb%5D%5B%5D%5B%5D=1&a%5Bb%5D%5B%5D%5B%5D=2&a%5Bb%5D%5B%5D%5B%5D=3")
    }
}

@Suite("ParameterEncoder static members")
struct ParameterEncoderStaticMemberTests {
    private func encoded(_ encoder: any ParameterEncoder, _ original: URLRequest) throws -> URLRequest {
        try encoder.encode(["k": "v"], into: original)
    }

    @Test(".json and .urlEncodedForm make the encoders with Alamofire's defaults")
    func leadingDot() throws {
        // Given each form of the leading-dot members
        let json = try encoded(.json, request(method: .post))
        let jsonCustom = try encoded(.json(encoder: JSONEncoder()), request(method: .post))
        let form = try encoded(.urlEncodedForm, request())
        let formBody = try encoded(.urlEncodedForm(destination: .httpBody), request())
        // Then each wrote where its encoder writes
        #expect(text(json.httpBody) == #"{"k":"v"}"#)
        #expect(text(jsonCustom.httpBody) == #"{"k":"v"}"#)
        #expect(form.url?.query == "k=v")
        #expect(text(formBody.httpBody) == "k=v")
    }

    @Test("the encoders are Sendable")
    func sendable() async throws {
        // Given encoders passed into another task
        let json: any ParameterEncoder = JSONParameterEncoder.default
        let form: any ParameterEncoder = URLEncodedFormParameterEncoder.default
        let (first, second) = try await Task.detached {
            (try json.encode(["a": 1], into: request(method: .post)), try form.encode(["a": 1], into: request()))
        }.value
        // Then they worked there
        #expect(text(first.httpBody) == #"{"a":1}"#)
        #expect(second.url?.query == "a=1")
    }
}
