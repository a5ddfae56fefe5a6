public import Foundation
import InternalServiceUtilities

/// Position fixes from gpsd, the Linux GPS daemon, through its JSON protocol over TCP.
///
/// Each request connects, sends `?WATCH={"enable":true,"json":true}`, and takes the first TPV
/// report with mode ≥ 2 (a 2D or 3D fix); earlier partial reports are skipped. Accuracy comes from
/// `eph`, or the larger of `epx` and `epy`. No gpsd listening makes a request fail with
/// ``GeoError/LocationFailureReason/unreachable(_:)``. ``GPSDLocationManager`` puts it behind
/// SurfUtils' ``LocationManagerInterface`` for ``GeolocationService``.
///
/// ```swift
/// let gpsd = GPSDLocationProvider(host: "127.0.0.1", port: 2947)
/// let fix = try await gpsd.fix()
/// ```
public struct GPSDLocationProvider: Sendable {
    /// The daemon's host name or address.
    public let host: String
    /// The daemon's port (2947 by default).
    public let port: UInt16
    /// Seconds to wait for a connection and a fix.
    public let timeout: TimeInterval

    /// Creates a provider for the daemon at `host:port`.
    ///
    /// - Parameters:
    ///   - host:    Host name or address; `127.0.0.1` by default.
    ///   - port:    TCP port; gpsd's 2947 by default.
    ///   - timeout: Seconds to wait for a fix; 10 by default.
    public init(host: String = "127.0.0.1", port: UInt16 = 2947, timeout: TimeInterval = 10) {
        self.host = host
        self.port = port
        self.timeout = timeout
    }

    /// Creates a provider from `HOST:PORT` (or `[IPv6]:PORT`, or a bare host for port 2947).
    ///
    /// - Parameters:
    ///   - address: Such as `127.0.0.1:2947`.
    ///   - timeout: Seconds to wait for a fix; 10 by default.
    /// - Throws: ``GeoError/locationFailed(_:)`` when the address cannot be read.
    public init(address: String, timeout: TimeInterval = 10) throws(GeoError) {
        var host = Substring(address)
        var port: UInt16 = 2947
        if let colon = address.lastIndex(of: ":"), !address.hasSuffix("]"),
            address.firstIndex(of: ":") == colon || address.hasPrefix("[")
        {
            guard let number = UInt16(address[address.index(after: colon)...]), number > 0 else {
                throw .locationFailed(.unreachable("'\(address)' is not HOST:PORT"))
            }
            port = number
            host = address[..<colon]
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty else { throw .locationFailed(.unreachable("'\(address)' has no host")) }
        self.init(host: String(host), port: port, timeout: timeout)
    }

    /// The first fix gpsd reports.
    ///
    /// - Returns: The fix.
    /// - Throws: ``GeoError/locationFailed(_:)``: unreachable, timed out, closed, or malformed JSON.
    public func fix() async throws(GeoError) -> Location {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Location, GeoError>, Never>) in
            Thread.detachNewThread {
                continuation.resume(returning: Result { () throws(GeoError) -> Location in try firstFix() })
            }
        }
        return try result.get()
    }

    /// Connects, watches, and reads reports until a fix arrives (blocking).
    func firstFix() throws(GeoError) -> Location {
        let deadline = Date(timeIntervalSinceNow: timeout)
        let connection = try TCPLineConnection(host: host, port: port, deadline: deadline)
        try connection.send("?WATCH={\"enable\":true,\"json\":true}\n")
        while true {
            let line = try connection.readLine(deadline: deadline)
            if line.isEmpty { continue }
            if let fix = try GPSDReport.parse(line).fix { return fix }
        }
    }

    /// Connects and reads gpsd's VERSION banner (blocking).
    func probe() throws(GeoError) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        let connection = try TCPLineConnection(host: host, port: port, deadline: deadline)
        let report = try GPSDReport.parse(try connection.readLine(deadline: deadline))
        guard report.reportClass == "VERSION" else {
            throw .locationFailed(.malformedMessage("gpsd did not start with a VERSION report"))
        }
    }
}
