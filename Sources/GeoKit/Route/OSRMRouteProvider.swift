public import Foundation

/// Road distances from an OSRM server's route service
/// (`GET {base}/route/v1/{profile}/{lon},{lat};{lon},{lat}`).
///
/// OSRM's answers `NoRoute`, `NoSegment` and `NoMatch` become `nil`; other OSRM error codes, HTTP
/// failures and unreadable JSON are thrown as ``GeoError/routeFailed(_:)``.
///
/// ```swift
/// let osrm = OSRMRouteProvider(baseURL: URL(string: "http://127.0.0.1:5000")!, profile: .driving)
/// let metres = try await osrm.routeDistance(from: a, to: b)   // nil when no road connects them
/// ```
public struct OSRMRouteProvider: RouteProvider {
    /// The server, such as `http://127.0.0.1:5000`; a path prefix is kept.
    public let baseURL: URL
    /// The profile segment of the path.
    public let profile: Profile
    /// When set, OSRM snaps each point only to roads within this many metres (`radiuses=`).
    public let snappingRadius: Double?
    /// Seconds to wait for an answer.
    public let timeout: TimeInterval
    let transport: any HTTPGetTransport

    /// An OSRM profile name; servers serve the profile they were built with under any name, so
    /// this only shapes the URL.
    public struct Profile: RawRepresentable, Hashable, Sendable {
        /// The path segment.
        public let rawValue: String
        /// Creates a profile from its path segment.
        ///
        /// - Parameter rawValue: Such as `driving`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// `driving`, the car profile.
        public static let driving = Profile(rawValue: "driving")
        /// `walking`.
        public static let walking = Profile(rawValue: "walking")
        /// `cycling`.
        public static let cycling = Profile(rawValue: "cycling")
    }

    /// Creates a provider.
    ///
    /// - Parameters:
    ///   - baseURL:        The server; `http://127.0.0.1:5000` (osrm-routed's default) when omitted.
    ///   - profile:        The profile segment; `driving` when omitted.
    ///   - snappingRadius: Metres within which points snap to roads; OSRM's unlimited default when nil.
    ///   - timeout:        Seconds to wait for an answer; 10 by default.
    public init(
        baseURL: URL = OSRMRouteProvider.defaultBaseURL,
        profile: Profile = .driving,
        snappingRadius: Double? = nil,
        timeout: TimeInterval = 10
    ) {
        self.init(
            baseURL: baseURL, profile: profile, snappingRadius: snappingRadius, timeout: timeout,
            transport: URLSessionGetTransport())
    }

    init(
        baseURL: URL,
        profile: Profile,
        snappingRadius: Double?,
        timeout: TimeInterval,
        transport: any HTTPGetTransport
    ) {
        self.baseURL = baseURL
        self.profile = profile
        self.snappingRadius = snappingRadius
        self.timeout = timeout
        self.transport = transport
    }

    /// `http://127.0.0.1:5000`, where `osrm-routed` listens unless told otherwise.
    public static let defaultBaseURL = URL(string: "http://127.0.0.1:5000") ?? URL(fileURLWithPath: "/")

    /// The road distance OSRM reports for its first route.
    ///
    /// - Parameters:
    ///   - start: Where the route begins.
    ///   - end:   Where it ends.
    /// - Returns: Metres, or `nil` for `NoRoute`, `NoSegment` or `NoMatch`.
    /// - Throws: ``GeoError/routeFailed(_:)`` for transport failures, other OSRM codes and bad JSON.
    public func routeDistance(from start: Coordinate, to end: Coordinate) async throws(GeoError) -> Double? {
        let url = routeURL(from: start, to: end)
        let response: (data: Data, status: Int)
        do {
            response = try await transport.get(url, timeout: timeout)
        } catch {
            throw .routeFailed(.transport(String(describing: error)))
        }
        return try Self.parseRouteResponse(response.data, status: response.status)
    }

    /// The request URL for a route between two points.
    func routeURL(from start: Coordinate, to end: Coordinate) -> URL {
        let points = [start, end].map {
            "\(MapCoordinateText.decimal($0.longitude)),\(MapCoordinateText.decimal($0.latitude))"
        }
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        let prefix = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = prefix + "/route/v1/\(profile.rawValue)/" + points.joined(separator: ";")
        var query = [URLQueryItem(name: "overview", value: "false")]
        if let radius = snappingRadius {
            let text = MapCoordinateText.decimal(radius)
            query.append(URLQueryItem(name: "radiuses", value: "\(text);\(text)"))
        }
        components.queryItems = query
        return components.url ?? baseURL
    }

    private struct Answer: Decodable {
        struct Route: Decodable {
            let distance: Double?
        }
        let code: String?
        let message: String?
        let routes: [Route]?
    }

    /// Reads an OSRM route answer.
    static func parseRouteResponse(_ data: Data, status: Int) throws(GeoError) -> Double? {
        let answer: Answer
        do {
            answer = try JSONDecoder().decode(Answer.self, from: data)
        } catch {
            if !(200..<300).contains(status) { throw .routeFailed(.httpStatus(status)) }
            throw .routeFailed(.malformedResponse("not OSRM JSON: \(error)"))
        }
        guard let code = answer.code else {
            if !(200..<300).contains(status) { throw .routeFailed(.httpStatus(status)) }
            throw .routeFailed(.malformedResponse("the answer has no \"code\""))
        }
        switch code {
        case "Ok":
            guard let routes = answer.routes else {
                throw .routeFailed(.malformedResponse("no \"routes\" in an Ok answer"))
            }
            guard let first = routes.first else { return nil }
            guard let distance = first.distance, distance.isFinite, distance >= 0 else {
                throw .routeFailed(.malformedResponse("the route has no valid \"distance\""))
            }
            return distance
        case "NoRoute", "NoSegment", "NoMatch":
            return nil
        default:
            throw .routeFailed(.service(code: code, message: answer.message ?? ""))
        }
    }
}
