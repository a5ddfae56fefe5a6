import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private let request = URLRequest(url: URL(string: "https://h/x")!)

private func body(_ request: URLRequest) -> String? {
    request.httpBody.map { String(decoding: $0, as: UTF8.self) }
}

/// Whether `error` is Alamofire's jsonEncodingFailed holding NetworkKit's error for `keyPath`.
private func isJSONFailure(_ error: any Error, keyPath: String) -> Bool {
    guard case .parameterEncodingFailed(.jsonEncodingFailed(let underlying)) = error.asAFError else { return false }
    switch underlying as? HTTPError {
    case .encodingFailed(.invalidJSONValue(let path)), .encodingFailed(.nonFiniteNumber(let path)):
        return path == keyPath
    default: return false
    }
}

@Suite("JSONEncoding's Alamofire shapes")
struct JSONEncodingOptionTests {
    @Test("encode(_:withJSONObject:) writes an array or a dictionary, and nil leaves the request alone")
    func jsonObject() throws {
        // Given an array, a dictionary and nothing
        let array = try JSONEncoding.default.encode(request, withJSONObject: ["b", 1, true, NSNull()])
        let object = try JSONEncoding.default.encode(request, withJSONObject: ["z": [1], "a": ["k": "v"]])
        let none = try JSONEncoding.default.encode(request)
        // Then the first two are bodies with the JSON type, and the last is unchanged
        #expect(body(array) == #"["b",1,true,null]"#)
        #expect(body(object) == #"{"a":{"k":"v"},"z":[1]}"#)
        #expect(array.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(none == request)
    }

    @Test("options, prettyPrinted and sortsKeys are two views of one setting")
    func options() throws {
        // Given Alamofire's initialiser and static member, and NetworkKit's
        var encoding = JSONEncoding(options: [.prettyPrinted])
        // When keys are sorted through the NetworkKit property
        encoding.sortsKeys = true
        // Then the options say so, and pretty printing applies
        #expect(encoding.options.contains(.sortedKeys))
        #expect(encoding == JSONEncoding.prettyPrinted)
        #expect(JSONEncoding.default.options == [.sortedKeys])
        #expect(JSONEncoding(sortsKeys: false).options == [])
        let pretty = try JSONEncoding.prettyPrinted.encode(request, with: ["b": 1, "a": 2])
        #expect(body(pretty) == "{\n  \"a\" : 2,\n  \"b\" : 1\n}")
    }

    @Test("a Content-Type the request has is kept")
    func keepsContentType() throws {
        // Given a request with its own JSON type
        var typed = request
        typed.setValue("application/vnd.api+json", forHTTPHeaderField: "Content-Type")
        // When an array is encoded into it
        let encoded = try JSONEncoding.default.encode(typed, withJSONObject: [1])
        // Then the header is unchanged
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
    }

    @Test("bad values are AFError.jsonEncodingFailed from the Alamofire forms, never a crash")
    func badValues() {
        // Given values JSON cannot hold, deep inside and at the top
        struct Opaque {}
        let cases: [(value: Any, keyPath: String)] = [
            (["a": [1, Opaque()]], "a[1]"), ([["x": Double.infinity]], "[0].x"), ("text", "(root)"), (42, "(root)"),
            (Opaque(), "(root)"), ([1: "integer key"], "(root)"),
        ]
        for (value, keyPath) in cases {
            // Then each is thrown with the key path of the value
            #expect {
                try JSONEncoding.default.encode(request, withJSONObject: value)
            } throws: { error in
                isJSONFailure(error, keyPath: keyPath)
            }
        }
    }

    @Test("with a URLRequest, encode(_:with:) keeps NetworkKit's error; with a router, Alamofire's")
    func parameterErrors() {
        // Given parameters with a NaN
        let parameters: Parameters = ["a": ["b": Double.nan]]
        // Then the URLRequest form throws HTTPError and the router form AFError holding it
        #expect(throws: HTTPError.encodingFailed(.nonFiniteNumber(keyPath: "a.b"))) {
            try JSONEncoding.default.encode(request, with: parameters)
        }
        #expect {
            try JSONEncoding.default.encode(request as any URLRequestConvertible, with: parameters)
        } throws: { error in
            isJSONFailure(error, keyPath: "a.b")
        }
    }

    @Test("data(for:) refuses a value that is neither an object nor an array")
    func dataForScalar() {
        #expect(throws: HTTPError.encodingFailed(.invalidJSONValue(keyPath: "(root)"))) {
            try JSONEncoding.default.data(for: "just text")
        }
    }
}
