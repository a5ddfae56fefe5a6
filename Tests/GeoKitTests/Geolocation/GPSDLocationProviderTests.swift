import Foundation
import GeoKit
import InternalServiceUtilities
import ServiceUtilsTestSupport
import Testing

/// Serves a scripted gpsd session: the VERSION banner, then after `?WATCH` the given lines.
func gpsdServer(after watch: [String], closeMidLine: String? = nil, watched: Locked<[String]> = Locked([])) throws
    -> LocalTCPServer
{
    try LocalTCPServer { connection in
        connection.write(#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"# + "\n")
        guard let command = connection.readLine() else { return }
        watched.withLock { $0.append(command) }
        for line in watch { connection.write(line + "\n") }
        if let partial = closeMidLine { connection.write(partial) }
        // Keep the connection open until the client hangs up.
        while connection.readLine() != nil {}
    }
}

@Suite("GPSDLocationProvider against a scripted gpsd")
struct GPSDLocationProviderTests {
    static let devices = #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyUSB0"}]}"#
    static let watch = #"{"class":"WATCH","enable":true,"json":true}"#
    static let noFix = #"{"class":"TPV","device":"/dev/ttyUSB0","mode":1}"#
    static let noPosition = #"{"class":"TPV","device":"/dev/ttyUSB0","mode":2,"time":"2024-05-01T10:00:00.000Z"}"#
    static let fix3D =
        #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"2024-05-01T10:00:01.000Z","lat":59.9386,"lon":30.3141,"altHAE":12.5,"epx":4.2,"epy":6.1,"speed":1.5,"track":270.0}"#

    @Test("skips partial reports and returns the first fix with accuracy, after sending ?WATCH")
    func firstFix() async throws {
        let watched = Locked<[String]>([])
        let server = try gpsdServer(
            after: [
                Self.devices, Self.watch, #"{"class":"SKY","satellites":[]}"#, Self.noFix, Self.noPosition, Self.fix3D,
            ],
            watched: watched)
        defer { server.stop() }
        let fix = try await GPSDLocationProvider(host: "127.0.0.1", port: server.port, timeout: 60).fix()
        #expect(fix.coordinate == (try Coordinate(latitude: 59.9386, longitude: 30.3141)))
        #expect(fix.horizontalAccuracy == 6.1)
        #expect(fix.altitude == 12.5)
        #expect(fix.course == 270)
        #expect(fix.timestamp == Date(timeIntervalSince1970: 1_714_557_601))
        #expect(watched.value == [#"?WATCH={"enable":true,"json":true}"#])
    }

    @Test("eph is preferred for the accuracy, and a 2D fix has no altitude")
    func twoDimensional() async throws {
        let server = try gpsdServer(after: [
            #"{"class":"TPV","mode":2,"lat":1.5,"lon":-2.5,"alt":99,"eph":11.0,"epx":3}"#
        ])
        defer { server.stop() }
        let fix = try await GPSDLocationProvider(host: "127.0.0.1", port: server.port).fix()
        #expect(fix.horizontalAccuracy == 11)
        #expect(fix.altitude == nil)
    }

    @Test(
        "malformed JSON and a mid-line close are errors, a clean close too",
        arguments: [
            (
                [Self.devices, "{not json"], nil as String?,
                GeoError.locationFailed(.malformedMessage("not a gpsd JSON report: {not json"))
            ),
            (
                [Self.devices], #"{"class":"TPV","mode":3,"la"#,
                GeoError.locationFailed(.malformedMessage("the connection closed in the middle of a line"))
            ),
        ])
    func malformed(lines: [String], partial: String?, expected: GeoError) async throws {
        // The scripted server closes right after writing when told to stop reading: use a closing server
        let server = try LocalTCPServer { connection in
            connection.write(#"{"class":"VERSION","release":"3.22"}"# + "\n")
            _ = connection.readLine()
            for line in lines { connection.write(line + "\n") }
            if let partial { connection.write(partial) }
        }
        defer { server.stop() }
        await #expect(throws: expected) {
            try await GPSDLocationProvider(host: "127.0.0.1", port: server.port).fix()
        }
    }

    @Test("a daemon that closes without a fix is connectionClosed; one that stays silent times out")
    func closedAndSilent() async throws {
        let closing = try LocalTCPServer { connection in
            connection.write(#"{"class":"VERSION"}"# + "\n")
            _ = connection.readLine()
        }
        defer { closing.stop() }
        await #expect(throws: GeoError.locationFailed(.connectionClosed)) {
            try await GPSDLocationProvider(host: "127.0.0.1", port: closing.port).fix()
        }
        let silent = try gpsdServer(after: [Self.noFix])
        defer { silent.stop() }
        await #expect(throws: GeoError.locationFailed(.timedOut)) {
            try await GPSDLocationProvider(host: "127.0.0.1", port: silent.port, timeout: 0.5).fix()
        }
    }

    @Test("with no daemon, a fix is an error that says the daemon is unreachable")
    func noDaemon() async throws {
        let closed = try ClosedPort()
        defer { withExtendedLifetime(closed) {} }
        let provider = GPSDLocationProvider(host: "127.0.0.1", port: closed.port, timeout: 5)
        await #expect {
            try await provider.fix()
        } throws: { error in
            guard case GeoError.locationFailed(.unreachable) = error else { return false }
            return true
        }
    }

    @Test("through GeolocationService and GPSDLocationManager: authorized at once, and the fix arrives")
    func throughService() async throws {
        let server = try gpsdServer(after: [Self.watch, Self.fix3D])
        defer { server.stop() }
        let port = server.port
        // The manager asks gpsd on the calling thread, so the service runs off the cooperative pool.
        let (authorization, latitude) = try await onThread { () -> ([GeolocationAuthResult], Double?) in
            let manager = GPSDLocationManager(provider: GPSDLocationProvider(host: "127.0.0.1", port: port))
            let service = GeolocationService(manager: manager)
            var authorization: [GeolocationAuthResult] = []
            service.requestAuthorization { authorization.append($0) }
            var latitude: Double?
            service.getCurrentLocation { result in
                if case .success(let fix) = result { latitude = fix.coordinate.latitude }
            }
            return (authorization, latitude)
        }
        #expect(authorization == [.success])
        #expect(latitude == 59.9386)
    }

    @Test("through GeolocationService with no daemon: the answer is .error and lastError says unreachable")
    func serviceWithoutDaemon() async throws {
        let closed = try ClosedPort()
        defer { withExtendedLifetime(closed) {} }
        let port = closed.port
        let (results, reason) = try await onThread { () -> ([String], GeoError?) in
            let provider = GPSDLocationProvider(host: "127.0.0.1", port: port, timeout: 5)
            let service = GeolocationService(manager: GPSDLocationManager(provider: provider))
            var results: [String] = []
            service.getCurrentLocation { results.append("\($0)") }
            return (results, service.lastError as? GeoError)
        }
        #expect(results == ["error"])
        guard case .locationFailed(.unreachable(let text)) = reason else {
            Issue.record("unexpected reason \(String(describing: reason))")
            return
        }
        #expect(text.contains("127.0.0.1"))
    }

    @Test("GeolocationService() with no arguments asks gpsd on 127.0.0.1:2947, and answers .error when none runs")
    func defaultService() async throws {
        // CI runs its gpsd fixture on another port, so nothing listens on gpsd's own port here.
        let (results, reason) = try await onThread { () -> ([String], GeoError?) in
            let service = GeolocationService()
            var results: [String] = []
            service.getCurrentLocation { results.append("\($0)") }
            return (results, service.lastError as? GeoError)
        }
        #expect(results == ["error"], "is a gpsd listening on 127.0.0.1:2947 on this machine?")
        guard case .locationFailed(.unreachable(let text)) = reason else {
            Issue.record("unexpected reason \(String(describing: reason))")
            return
        }
        #expect(text.contains("2947"))
    }

    @Test(
        "addresses are parsed as HOST:PORT",
        arguments: [
            ("127.0.0.1:2948", "127.0.0.1", UInt16(2948)), ("localhost", "localhost", 2947),
            ("[::1]:3000", "::1", 3000),
        ])
    func addresses(text: String, host: String, port: UInt16) throws {
        let provider = try GPSDLocationProvider(address: text)
        #expect(provider.host == host)
        #expect(provider.port == port)
    }

    @Test("bad addresses are rejected", arguments: ["host:", "host:99999", ":2947", "host:abc"])
    func badAddresses(text: String) {
        #expect(throws: GeoError.self) { try GPSDLocationProvider(address: text) }
    }
}
