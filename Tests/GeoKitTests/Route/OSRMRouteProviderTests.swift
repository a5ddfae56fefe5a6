import Foundation
import GeoKit
import InternalServiceUtilities
import Testing

@Suite("OSRMRouteProvider against canned answers from a local server")
struct OSRMRouteProviderTests {
    let start: Coordinate
    let end: Coordinate

    init() throws {
        start = try Coordinate(latitude: 55.75, longitude: 37.61)
        end = try Coordinate(latitude: 55.76, longitude: 37.64)
    }

    @Test("an Ok answer gives the first route's distance, and the request follows OSRM's URL scheme")
    func okAnswer() async throws {
        // Given a server answering like osrm-routed
        let requests = Locked<[String]>([])
        let server = try LocalTCPServer.http(
            status: 200,
            body:
                #"{"code":"Ok","routes":[{"distance":2345.6,"duration":300,"legs":[]},{"distance":9}],"waypoints":[]}"#,
            requests: requests)
        defer { server.stop() }
        let provider = OSRMRouteProvider(baseURL: server.url, profile: .driving, snappingRadius: 50)
        // When we ask for a route
        let distance = try await provider.routeDistance(from: start, to: end)
        // Then the first route's distance comes back and the path has lon,lat pairs
        #expect(distance == 2345.6)
        #expect(
            requests.value == [
                "GET /route/v1/driving/37.610000,55.750000;37.640000,55.760000?overview=false&radiuses=50.000000;50.000000 HTTP/1.1"
            ])
    }

    @Test("NoRoute and NoSegment answers (HTTP 400) give nil", arguments: ["NoRoute", "NoSegment"])
    func noRoute(code: String) async throws {
        let server = try LocalTCPServer.http(status: 400, body: #"{"code":"\#(code)","message":"Impossible route"}"#)
        defer { server.stop() }
        let distance = try await OSRMRouteProvider(baseURL: server.url).routeDistance(from: start, to: end)
        #expect(distance == nil)
    }

    @Test(
        "other codes, missing fields, bad JSON and HTTP errors are thrown with the reason",
        arguments: [
            (
                400, #"{"code":"InvalidQuery","message":"Query string malformed"}"#,
                GeoError.routeFailed(.service(code: "InvalidQuery", message: "Query string malformed"))
            ),
            (200, #"{"code":"Ok"}"#, GeoError.routeFailed(.malformedResponse("no \"routes\" in an Ok answer"))),
            (
                200, #"{"code":"Ok","routes":[{"duration":3}]}"#,
                GeoError.routeFailed(.malformedResponse("the route has no valid \"distance\""))
            ),
            (200, #"{"routes":[]}"#, GeoError.routeFailed(.malformedResponse("the answer has no \"code\""))),
            (502, "<html>bad gateway</html>", GeoError.routeFailed(.httpStatus(502))),
        ])
    func failures(status: Int, body: String, expected: GeoError) async throws {
        let server = try LocalTCPServer.http(status: status, body: body)
        defer { server.stop() }
        await #expect(throws: expected) {
            try await OSRMRouteProvider(baseURL: server.url).routeDistance(from: start, to: end)
        }
    }

    @Test("a server that is down is a transport failure")
    func serverDown() async throws {
        // Given a port that is bound but not listening
        let closed = try ClosedPort()
        defer { withExtendedLifetime(closed) {} }
        let url = closed.url
        // Then the provider throws a transport error
        await #expect {
            try await OSRMRouteProvider(baseURL: url, timeout: 5).routeDistance(from: start, to: end)
        } throws: { error in
            guard case GeoError.routeFailed(.transport) = error else { return false }
            return true
        }
    }
}
