import Foundation
import MockServerKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("MockServer with URLSession as the client")
struct MockServerURLSessionTests {
    struct Item: Codable, Equatable, Sendable {
        var id: Int
        var name: String
    }

    @Test("a JSON stub answers with the handler's status, headers and body")
    func jsonRoundTrip() async throws {
        // Given a server with a JSON stub reading a path parameter and a query item
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/category/:id") { request in
            let id = Int(request.pathParameters["id"] ?? "") ?? -1
            var response = try MockResponse.json([Item(id: id, name: request.queryValue("name") ?? "?")], status: 203)
            response.headers["X-Stub"] = "category"
            return response
        }

        // When URLSession fetches it
        let (data, response) = try await HTTP.send(HTTP.request(server, "category/42?name=oat%20milk"))

        // Then the status, the header and the decoded body are the handler's
        #expect(response.statusCode == 203)
        #expect(response.value(forHTTPHeaderField: "X-Stub") == "category")
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(try JSONDecoder().decode([Item].self, from: data) == [Item(id: 42, name: "oat milk")])
    }

    @Test("every request is recorded with method, path, query, headers, body and parameters")
    func recordsRequests() async throws {
        // Given a server echoing the body
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .post, path: "/items/:id") { request in
            MockResponse(status: 201, body: request.body)
        }
        let body = try JSONEncoder().encode(Item(id: 1, name: "bread"))

        // When a POST with a header is sent
        let request = HTTP.request(
            server, "items/1?draft=true", method: "POST", body: body,
            headers: ["X-Trace": "abc", "Content-Type": "application/json"])
        let (echo, response) = try await HTTP.send(request)

        // Then the echo matches and the record holds what was sent
        #expect(response.statusCode == 201)
        #expect(echo == body)
        let recorded = try #require(server.requests.last)
        #expect(recorded.method == .post)
        #expect(recorded.path == "/items/1")
        #expect(recorded.queryValue("draft") == "true")
        #expect(recorded.headers["x-trace"] == "abc")
        #expect(recorded.pathParameters == ["id": "1"])
        #expect(try recorded.decodeJSON(Item.self) == Item(id: 1, name: "bread"))
    }

    @Test("unknown paths get 404, known paths with another method get 405 with Allow")
    func unmatchedRequests() async throws {
        // Given a server with one GET stub
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/categories", response: .text("[]"))

        // When an unknown path and a wrong method are requested
        let (_, missing) = try await HTTP.send(HTTP.request(server, "nothing-here"))
        let (_, wrongMethod) = try await HTTP.send(HTTP.request(server, "categories", method: "DELETE"))

        // Then they get 404 and 405
        #expect(missing.statusCode == 404)
        #expect(wrongMethod.statusCode == 405)
        #expect(wrongMethod.value(forHTTPHeaderField: "Allow") == "GET")
    }

    @Test("a handler that throws produces 500 and the server keeps serving")
    func throwingHandler() async throws {
        // Given a stub that throws and one that does not
        struct Broken: Error {}
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/broken") { _ in throw Broken() }
        server.stub(method: .get, path: "/fine", response: .text("fine"))

        // When both are requested
        let (_, broken) = try await HTTP.send(HTTP.request(server, "broken"))
        let (data, fine) = try await HTTP.send(HTTP.request(server, "fine"))

        // Then the first is a 500 and the second still works
        #expect(broken.statusCode == 500)
        #expect(fine.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "fine")
    }

    @Test("a later stub overrides an earlier one for the same route")
    func laterStubWins() async throws {
        // Given two stubs for the same route
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/user", response: .text("first"))
        server.stub(method: .get, path: "/user", response: .text("second"))

        // When it is requested
        let (data, _) = try await HTTP.send(HTTP.request(server, "user"))

        // Then the later stub answered
        #expect(String(decoding: data, as: UTF8.self) == "second")
    }

    @Test("HEAD is answered by the GET stub with its length and no body")
    func headUsesGetStub() async throws {
        // Given a GET stub with a 5-byte body
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/file", response: .text("hello"))

        // When HEAD is sent
        let (data, response) = try await HTTP.send(HTTP.request(server, "file", method: "HEAD"))

        // Then the length is announced but no body arrives
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Length") == "5")
        #expect(data.isEmpty)
        #expect(server.requests.last?.method == .head)
    }
}
