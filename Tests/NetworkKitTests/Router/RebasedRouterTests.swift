import Foundation
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("RebasedRouter")
struct RebasedRouterTests {
    @Test("rebasing changes only the base: method, path, headers, parameters and body stay")
    func keepsEverythingButTheBase() throws {
        // Given a POST with headers, query parameters and a body, rebased onto a host with a path prefix
        let original = TestRouter(
            baseUrlString: "https://api.example.com/v1",
            path: "items/42",
            method: .post,
            headers: ["X-Trace": "7"],
            parameterList: ["page": "2"],
            bodyData: Data(#"{"name":"tea"}"#.utf8)
        )
        let staging = try #require(URL(string: "http://127.0.0.1:8080/staging/api/"))
        let route = original.rebased(onto: staging)

        // When both requests are built
        let rebasedRequest = try route.asURLRequest()
        let originalRequest = try original.asURLRequest()

        // Then only the base differs
        #expect(route.baseURL == staging)
        #expect(rebasedRequest.url?.absoluteString == "http://127.0.0.1:8080/staging/api/items/42?page=2")
        #expect(originalRequest.url?.absoluteString == "https://api.example.com/v1/items/42?page=2")
        #expect(rebasedRequest.httpMethod == "POST")
        #expect(rebasedRequest.value(forHTTPHeaderField: "X-Trace") == "7")
        #expect(rebasedRequest.httpBody == originalRequest.httpBody)
        #expect(rebasedRequest.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("a rebased DecodableRouter still decodes its response, from the new host")
    func decodableStaysDecodable() async throws {
        // Given a typed route whose own base is a closed port, rebased onto httpbin
        let dead = try #require(URL(string: "http://127.0.0.1:9/"))
        let route = EchoRoute(baseURL: dead).rebased(onto: try Fixture.url("SU_HTTPBIN_URL"))

        // When it is fetched
        let echo = try await HTTPClient().fetch(route)

        // Then httpbin answered and the echo decoded to the wrapped route's response type
        #expect(echo.args?["page"] == .one("2"))
        #expect(echo.url?.hasSuffix("/anything/items?page=2") == true)
    }
}
