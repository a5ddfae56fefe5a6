import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLRequest.headers and HTTPURLResponse.headers")
struct HeaderAccessorTests {
    @Test("a request's headers read and write its header fields")
    func requestHeaders() throws {
        // Given a request with two fields
        var request = URLRequest(url: try #require(URL(string: "https://example.com/items")))
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        // When its headers are read
        // Then both fields come back, sorted by name
        #expect(request.headers.map(\.name) == ["Accept", "Content-Type"])
        #expect(request.headers["content-type"] == "text/plain")
        // When they are replaced
        var replacement: HTTPHeaders = [.authorization(bearerToken: "t0k"), .accept("a/b")]
        replacement.append(.accept("c/d"))  // a literal keeps one field per name, as Alamofire's does
        request.headers = replacement
        // Then the old fields are gone and repeated names are joined
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t0k")
        #expect(request.value(forHTTPHeaderField: "Accept") == "a/b, c/d")
        // When a field is added over one of another case, as Alamofire's adapters do
        var adapted: HTTPHeaders = [.authorization(bearerToken: "old")]
        adapted.add(HTTPHeader(name: "authorization", value: "Bearer new"))
        adapted.add(name: "X-Trace", value: "1")
        // Then it replaced it, and a new name was appended
        #expect(adapted.count == 2)
        #expect(adapted["Authorization"] == "Bearer new")
        #expect(adapted["x-trace"] == "1")
    }

    @Test("a response's headers are its header fields, sorted by name")
    func responseHeaders() throws {
        // Given a response with three fields
        let url = try #require(URL(string: "https://example.com/items"))
        let response = try #require(
            HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["X-Request-Id": "7", "Content-Type": "application/json", "ETag": "\"v1\""]))
        // When its headers are read
        let headers = response.headers
        // Then every field is there, in name order, looked up in any case
        // (FoundationNetworking writes the names in its own case, such as `Etag`)
        #expect(headers.map { $0.name.lowercased() } == ["content-type", "etag", "x-request-id"])
        #expect(headers.value(for: "etag") == "\"v1\"")
        #expect(headers["x-request-id"] == "7")
    }
}
