import Foundation
import NetworkKit
import ServiceUtilsTestSupport
import Testing

/// httpbin's `/anything`, which echoes the request, typed by its response.
struct EchoRoute: DecodableRouter {
    typealias Response = HTTPBinEcho
    let baseURL: URL?
    var path: String { "anything/items" }
    var method: HTTPMethod { .get }
    var parameters: Parameters? { ["page": 2] }
}

/// httpbin's `/status/204`, which has no body.
struct NoContentRoute: DecodableRouter {
    typealias Response = Empty
    let baseURL: URL?
    var path: String { "status/204" }
    var method: HTTPMethod { .delete }
}

@Suite("DecodableRouter")
struct DecodableRouterTests {
    @Test("the route fixes the decoded type")
    func typed() async throws {
        // Given a typed route
        let route = EchoRoute(baseURL: try Fixture.url("SU_HTTPBIN_URL"))
        // When sent
        let echo = try await HTTPClient().fetch(route)
        // Then the echo came back decoded
        #expect(echo.args?["page"] == .one("2"))
        #expect(echo.url?.hasSuffix("/anything/items?page=2") == true)
    }

    @Test("Empty accepts a 204 without a body")
    func empty() async throws {
        // Given a route answering 204
        let route = NoContentRoute(baseURL: try Fixture.url("SU_HTTPBIN_URL"))
        // When sent
        let value = try await HTTPClient().fetch(route)
        // Then it decodes to Empty
        #expect(value == Empty.value)
    }
}
