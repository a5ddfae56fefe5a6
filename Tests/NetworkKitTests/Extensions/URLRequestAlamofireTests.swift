import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLRequest's Alamofire members")
struct URLRequestAlamofireTests {
    @Test("method reads and writes httpMethod")
    func method() {
        // Given a request
        var request = URLRequest(url: URL(string: "https://h/x")!)
        // When its method is set, to a standard one and to a custom one
        request.method = .patch
        let patch = request.httpMethod
        request.method = HTTPMethod(rawValue: "PURGE")
        // Then httpMethod follows, and reading gives the method back
        #expect(patch == "PATCH")
        #expect(request.method == HTTPMethod(rawValue: "PURGE"))
        #expect(URLRequest(url: URL(string: "https://h/x")!).method == .get)
    }

    @Test("init(url:method:headers:) takes any URLConvertible")
    func initializer() throws {
        // Given a string URL, a method and headers
        let request = try URLRequest(
            url: "https://h/items?a=1", method: .post, headers: [.contentType("text/plain"), .accept("*/*")])
        // Then the request has them all
        #expect(request.url?.absoluteString == "https://h/items?a=1")
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(request.value(forHTTPHeaderField: "Accept") == "*/*")
        #expect(try URLRequest(url: URL(string: "https://h")!, method: .get).allHTTPHeaderFields?.isEmpty ?? true)
    }

    @Test("init(url:method:headers:) throws AFError.invalidURL for text that is no URL")
    func invalidURL() {
        #expect {
            try URLRequest(url: "http://[::1", method: .get)
        } throws: { error in
            guard case .invalidURL(let url) = error.asAFError else { return false }
            return "\(url)" == "http://[::1"
        }
    }

    @Test("validate() refuses a GET with a body, as Alamofire does")
    func validate() throws {
        // Given a GET with a body and a POST with one
        var get = try URLRequest(url: "https://h/x", method: .get)
        get.httpBody = Data("x".utf8)
        var post = get
        post.method = .post
        // Then only the GET is refused, with its body in the error
        #expect {
            try get.validate()
        } throws: { error in
            guard case .urlRequestValidationFailed(.bodyDataInGETRequest(let body)) = error.asAFError else {
                return false
            }
            return body == Data("x".utf8)
        }
        try post.validate()
    }

    @Test("urlRequest is the request, or nil when it cannot be built")
    func urlRequest() {
        // Given a router that fails and a request
        struct Broken: URLRequestConvertible {
            func asURLRequest() throws -> URLRequest { throw AFError.invalidURL(url: "x") }
        }
        let request = URLRequest(url: URL(string: "https://h/x")!)
        // Then the property gives the request, or nil
        #expect(request.urlRequest == request)
        #expect(Broken().urlRequest == nil)
    }

    @Test("a RequestModifier changes the request in place")
    func requestModifier() throws {
        // Given a modifier
        let modifier: RequestModifier = { $0.timeoutInterval = 5 }
        var request = URLRequest(url: URL(string: "https://h/x")!)
        // When it runs
        try modifier(&request)
        // Then the request changed
        #expect(request.timeoutInterval == 5)
    }
}
