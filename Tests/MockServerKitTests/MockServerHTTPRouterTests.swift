import Foundation
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("MockServer stubs taken from NetworkKit routers")
struct MockServerHTTPRouterTests {
    /// An app's router as an app would write it: a base URL with a path prefix, a path and a method.
    struct ItemRoute: HTTPRouter {
        var base: String
        var path: String
        var method: HTTPMethod = .post

        var baseUrlString: String { base }
        func body() throws -> Data? { Data(#"{"name":"oat milk"}"#.utf8) }
    }

    @Test("the stub answers the router's own method and full path, and NetworkKit's client reaches it")
    func routerStubAnswersTheClient() async throws {
        // Given a router whose base URL has a path prefix, and a stub made from that router
        let server = try MockServer()
        defer { server.stop() }
        let route = ItemRoute(base: server.url("api/v1").absoluteString, path: "items/7")
        try server.stub(route) { request in
            .json(data: Data(#"{"echo":\#(request.bodyText ?? "null")}"#.utf8), status: 201)
        }

        // When NetworkKit's client sends the same router
        let response = try await HTTPClient().send(route)

        // Then the stub answered, and the server saw the prefixed path, the method and the body
        #expect(response.statusCode == 201)
        #expect(response.text == #"{"echo":{"name":"oat milk"}}"#)
        let recorded = try #require(server.requests.last)
        #expect(recorded.method == .post)
        #expect(recorded.path == "/api/v1/items/7")
    }

    @Test("a router stub's conditions apply to that route only")
    func routerStubConditions() async throws {
        // Given a router stubbed to fail its first request with 500, and a plain stub beside it
        let server = try MockServer()
        defer { server.stop() }
        let route = ItemRoute(base: server.baseURL.absoluteString, path: "items")
        try server.stub(route, conditions: [.failFirst(1, status: 500)], response: .status(201))
        server.stub(method: .post, path: "/other", response: .status(201))

        // When the other path and then the router's path are each posted to twice
        var statuses: [Int] = []
        for path in ["other", "other", "items", "items"] {
            statuses.append(try await HTTP.send(HTTP.request(server, path, method: "POST")).1.statusCode)
        }

        // Then only the router's first request failed
        #expect(statuses == [201, 201, 500, 201])
    }

    @Test("another method on the router's path gets 405 naming the router's method")
    func otherMethodIsNotAllowed() async throws {
        // Given a POST router stubbed with a fixed response
        let server = try MockServer()
        defer { server.stop() }
        try server.stub(ItemRoute(base: server.baseURL.absoluteString, path: "items"), response: .status(204))

        // When the same path is fetched with GET
        let (_, response) = try await HTTP.send(HTTP.request(server, "items"))

        // Then the server refuses the method and allows POST
        #expect(response.statusCode == 405)
        #expect(response.value(forHTTPHeaderField: "Allow") == "POST")
    }

    @Test("segments that look like pattern syntax match only themselves")
    func patternSyntaxIsLiteral() async throws {
        // Given routers whose paths contain `:id` and `*` as plain text
        let server = try MockServer()
        defer { server.stop() }
        try server.stub(
            ItemRoute(base: server.baseURL.absoluteString, path: "items/:id", method: .get), response: .text("colon"))
        try server.stub(
            ItemRoute(base: server.baseURL.absoluteString, path: "files/*", method: .get), response: .text("star"))

        // When the literal paths and other paths are fetched
        let (colonBody, colon) = try await HTTP.send(HTTP.request(server, "items/:id"))
        let (_, seven) = try await HTTP.send(HTTP.request(server, "items/7"))
        let (starBody, star) = try await HTTP.send(HTTP.request(server, "files/*"))
        let (_, nested) = try await HTTP.send(HTTP.request(server, "files/a/b"))

        // Then only the literal paths match
        #expect(colon.statusCode == 200)
        #expect(String(decoding: colonBody, as: UTF8.self) == "colon")
        #expect(seven.statusCode == 404)
        #expect(star.statusCode == 200)
        #expect(String(decoding: starBody, as: UTF8.self) == "star")
        #expect(nested.statusCode == 404)
    }

    @Test("a router with a malformed base URL is refused with NetworkKit's error and adds no stub")
    func malformedBaseURL() async throws {
        // Given a server and a router whose base URL is not absolute http(s)
        let server = try MockServer()
        defer { server.stop() }
        let route = ItemRoute(base: "not a url", path: "items")

        // When it is used as a stub
        // Then HTTPError.invalidURL names the base, and the path stays unknown to the server
        #expect(throws: HTTPError.invalidURL(.malformedBaseURL("not a url"))) {
            try server.stub(route, response: .status(200))
        }
        let (_, response) = try await HTTP.send(HTTP.request(server, "items", method: "POST"))
        #expect(response.statusCode == 404)
    }
}
