import Foundation
import GeoKit
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("OSRMRouteProvider against canned answers from a MockServer")
struct OSRMRouteProviderTests {
    let start: Coordinate
    let end: Coordinate

    init() throws {
        start = try Coordinate(latitude: 55.75, longitude: 37.61)
        end = try Coordinate(latitude: 55.76, longitude: 37.64)
    }

    /// A server answering every route request with `response`.
    static func server(answering response: MockResponse, under prefix: String = "") throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .get, path: prefix + "/route/v1/:profile/:points", response: response)
        return server
    }

    static func json(_ text: String, status: Int = 200) -> MockResponse {
        .json(data: Data(text.utf8), status: status)
    }

    @Test("an Ok answer gives the first route's distance, and the request follows OSRM's URL scheme")
    func okAnswer() async throws {
        // Given a server answering like osrm-routed
        let server = try Self.server(
            answering: Self.json(
                #"{"code":"Ok","routes":[{"distance":2345.6,"duration":300,"legs":[]},{"distance":9}],"waypoints":[]}"#
            ))
        defer { server.stop() }
        let provider = OSRMRouteProvider(baseURL: server.baseURL, profile: .driving, snappingRadius: 50)
        // When we ask for a route
        let distance = try await provider.routeDistance(from: start, to: end)
        // Then the first route's distance comes back, the path has lon,lat pairs and the options
        // keep OSRM's `;` separators
        #expect(distance == 2345.6)
        let request = try #require(server.requests.last)
        #expect(request.method == .get)
        #expect(
            request.target
                == "/route/v1/driving/37.610000,55.750000;37.640000,55.760000?overview=false&radiuses=50.000000;50.000000"
        )
        #expect(request.headers["Accept"] == "application/json")
    }

    @Test("a base URL's path prefix is kept")
    func pathPrefix() async throws {
        // Given OSRM behind a proxy under /osrm
        let server = try Self.server(answering: Self.json(#"{"code":"Ok","routes":[{"distance":12}]}"#), under: "/osrm")
        defer { server.stop() }
        // When we ask for a route
        let distance = try await OSRMRouteProvider(baseURL: server.url("osrm/")).routeDistance(from: start, to: end)
        // Then the request went under the prefix
        #expect(distance == 12)
        #expect(server.requests.last?.path == "/osrm/route/v1/driving/37.610000,55.750000;37.640000,55.760000")
    }

    @Test("NoRoute, NoSegment and NoMatch answers (HTTP 400) give nil", arguments: ["NoRoute", "NoSegment", "NoMatch"])
    func noRoute(code: String) async throws {
        let server = try Self.server(
            answering: Self.json(#"{"code":"\#(code)","message":"Impossible route"}"#, status: 400))
        defer { server.stop() }
        let distance = try await OSRMRouteProvider(baseURL: server.baseURL).routeDistance(from: start, to: end)
        #expect(distance == nil)
    }

    @Test(
        "other codes, missing fields, bad JSON and HTTP errors are thrown with the reason",
        arguments: [
            (
                json(#"{"code":"InvalidQuery","message":"Query string malformed"}"#, status: 400),
                GeoError.routeFailed(.service(code: "InvalidQuery", message: "Query string malformed"))
            ),
            (json(#"{"code":"Ok"}"#), GeoError.routeFailed(.malformedResponse("no \"routes\" in an Ok answer"))),
            (
                json(#"{"code":"Ok","routes":[{"duration":3}]}"#),
                GeoError.routeFailed(.malformedResponse("the route has no valid \"distance\""))
            ),
            (json(#"{"routes":[]}"#), GeoError.routeFailed(.malformedResponse("the answer has no \"code\""))),
            (
                MockResponse(status: 502, headers: ["Content-Type": "text/html"], body: Data("<html>bad</html>".utf8)),
                GeoError.routeFailed(.httpStatus(502))
            ),
            (
                MockResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>hi</html>".utf8)),
                GeoError.routeFailed(.malformedResponse("the answer is text/html, not JSON"))
            ),
        ])
    func failures(response: MockResponse, expected: GeoError) async throws {
        let server = try Self.server(answering: response)
        defer { server.stop() }
        await #expect(throws: expected) {
            try await OSRMRouteProvider(baseURL: server.baseURL).routeDistance(from: start, to: end)
        }
    }

    @Test("a server that is down is a network failure wrapping NetworkKit's transport error")
    func serverDown() async throws {
        // Given a port that is bound but not listening
        let closed = try ClosedPort()
        defer { withExtendedLifetime(closed) {} }
        let url = closed.url
        // Then the provider throws the HTTPError, which names the request
        await #expect {
            try await OSRMRouteProvider(baseURL: url, timeout: 5).routeDistance(from: start, to: end)
        } throws: { error in
            guard case GeoError.routeFailed(.network(let httpError)) = error, case .transport = httpError else {
                return false
            }
            // and the message names the request
            return httpError.request?.url?.path.hasPrefix("/route/v1/driving/") == true
                && error.localizedDescription.contains("GET \(url.absoluteString)/route/v1/driving/")
        }
    }

    @Test("a caller's client is used, so its event monitors see OSRM's requests")
    func sharedClient() async throws {
        // Given a client with a monitor, shared with the provider
        let server = try Self.server(answering: Self.json(#"{"code":"NoRoute","message":"none"}"#, status: 400))
        defer { server.stop() }
        let monitor = RecordingMonitor()
        let client = HTTPClient { $0.eventMonitors = [monitor] }
        // When the provider asks for a route
        let distance = try await OSRMRouteProvider(baseURL: server.baseURL, client: client)
            .routeDistance(from: start, to: end)
        // Then the monitor saw the request and its 400 answer, which the provider read as NoRoute
        #expect(distance == nil)
        #expect(monitor.finished.value.map(\.path) == ["/route/v1/driving/37.610000,55.750000;37.640000,55.760000"])
        #expect(monitor.finished.value.map(\.status) == [400])
    }
}

/// Records the path and status of every finished attempt.
final class RecordingMonitor: EventMonitor {
    let finished = Locked<[(path: String, status: Int?)]>([])

    func requestDidFinish(_ request: URLRequest, result: Result<HTTPResponse, HTTPError>, attempt: Int) {
        let status: Int?
        switch result {
        case .success(let response): status = response.statusCode
        case .failure(let error): status = error.statusCode
        }
        finished.withLock { $0.append((request.url?.path ?? "", status)) }
    }
}
