import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An adopter written for Alamofire: only the `URLRequestConvertible` form.
private struct HeaderEncoding: ParameterEncoding {
    struct Refused: Error {}

    func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        var request = try urlRequest.asURLRequest()
        guard let parameters else { return request }
        guard parameters["refuse"] == nil else { throw Refused() }
        for (name, value) in parameters { request.setValue("\(value)", forHTTPHeaderField: "X-\(name)") }
        return request
    }
}

/// An adopter written for NetworkKit: only the `URLRequest` form.
private struct FragmentEncoding: ParameterEncoding {
    func encode(_ request: URLRequest, with parameters: Parameters?) throws -> URLRequest {
        guard let parameters else { return request }
        guard let url = request.url else { throw HTTPError.invalidURL(.missingURL) }
        var request = request
        request.url = URL(string: url.absoluteString + "#" + parameters.keys.sorted().joined(separator: ","))
        return request
    }
}

/// A router, to call the `URLRequestConvertible` form with something other than a `URLRequest`.
private struct ItemsRoute: URLRequestConvertible {
    var fails = false

    func asURLRequest() throws -> URLRequest {
        if fails { throw AFError.invalidURL(url: "not a url") }
        return URLRequest(url: URL(string: "https://api.example.com/items")!)
    }
}

@Suite("ParameterEncoding adopters")
struct ParameterEncodingTests {
    private let request = URLRequest(url: URL(string: "https://api.example.com/items")!)

    @Test("an adopter written for Alamofire is called through both forms")
    func alamofireAdopter() throws {
        // Given an adopter with only the URLRequestConvertible form
        let encoding = HeaderEncoding()
        // When it is called with a URLRequest, a router and as an existential
        let direct = try encoding.encode(request, with: ["a": 1])
        let routed = try encoding.encode(ItemsRoute(), with: ["b": 2])
        let erased = try (encoding as any ParameterEncoding).encode(request, with: ["c": 3])
        // Then each reached its method, and its own error comes through unchanged
        #expect(direct.value(forHTTPHeaderField: "X-a") == "1")
        #expect(routed.value(forHTTPHeaderField: "X-b") == "2")
        #expect(erased.value(forHTTPHeaderField: "X-c") == "3")
        #expect(throws: HeaderEncoding.Refused.self) { try encoding.encode(request, with: ["refuse": true]) }
    }

    @Test("an adopter written for NetworkKit is called through both forms; the router form throws AFError")
    func networkKitAdopter() throws {
        // Given an adopter with only the URLRequest form, and a request without a URL
        let encoding = FragmentEncoding()
        var noURL = request
        noURL.url = nil
        // When it is called with a router
        let routed = try encoding.encode(ItemsRoute(), with: ["b": 1, "a": 2])
        // Then it encoded, and its HTTPError is Alamofire's missingURL from the router form only
        #expect(routed.url?.absoluteString == "https://api.example.com/items#a,b")
        #expect(throws: HTTPError.invalidURL(.missingURL)) { try encoding.encode(noURL, with: ["a": 1]) }
        #expect {
            try encoding.encode(noURL as any URLRequestConvertible, with: ["a": 1])
        } throws: { error in
            guard case .parameterEncodingFailed(.missingURL) = error.asAFError else { return false }
            return true
        }
    }

    @Test("what the router throws while making its request comes through unchanged")
    func routerError() {
        // Given a router that cannot make its request
        let route = ItemsRoute(fails: true)
        // Then both built-in encodings pass its error on
        for encoding in [URLEncoding.default, JSONEncoding.default] as [any ParameterEncoding] {
            #expect {
                try encoding.encode(route, with: ["a": 1])
            } throws: { error in
                guard case .invalidURL = error.asAFError else { return false }
                return true
            }
        }
    }
}
