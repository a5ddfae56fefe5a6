public import Foundation
public import NetworkKit

/// Road distances from an OSRM server's route service
/// (`GET {base}/route/v1/{profile}/{lon},{lat};{lon},{lat}`), sent with NetworkKit's `HTTPClient`.
///
/// OSRM's answers `NoRoute`, `NoSegment` and `NoMatch` become `nil`, whatever their HTTP status (OSRM
/// sends them with `400`); other OSRM error codes, other HTTP failures and unreadable JSON are thrown
/// as ``GeoError/routeFailed(_:)``, a failed request as ``GeoError/RouteFailureReason/network(_:)``
/// wrapping NetworkKit's `HTTPError`.
///
/// ```swift
/// let osrm = OSRMRouteProvider(baseURL: URL(string: "http://127.0.0.1:5000")!, profile: .driving)
/// let metres = try await osrm.routeDistance(from: a, to: b)   // nil when no road connects them
///
/// // Share a client, with its adapters, retriers and event monitors:
/// let shared = OSRMRouteProvider(client: HTTPClient { $0.retriers = [RetryPolicy()] })
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
    /// The client that sends the requests; its adapters, retriers and monitors apply to them.
    public let client: HTTPClient

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
    ///   - client:         The client to send with; a new default `HTTPClient` when omitted. Pass
    ///                     your own to share its session, interceptors and event monitors.
    public init(
        baseURL: URL = OSRMRouteProvider.defaultBaseURL,
        profile: Profile = .driving,
        snappingRadius: Double? = nil,
        timeout: TimeInterval = 10,
        client: HTTPClient = HTTPClient()
    ) {
        self.baseURL = baseURL
        self.profile = profile
        self.snappingRadius = snappingRadius
        self.timeout = timeout
        self.client = client
    }

    /// `http://127.0.0.1:5000`, where `osrm-routed` listens unless told otherwise.
    public static let defaultBaseURL = URL(string: "http://127.0.0.1:5000") ?? URL(fileURLWithPath: "/")

    /// The road distance OSRM reports for its first route.
    ///
    /// - Parameters:
    ///   - start: Where the route begins.
    ///   - end:   Where it ends.
    /// - Returns: Metres, or `nil` for `NoRoute`, `NoSegment` or `NoMatch`.
    /// - Throws: ``GeoError/routeFailed(_:)``: ``GeoError/RouteFailureReason/network(_:)`` when the
    ///   request fails, otherwise for other OSRM codes, other HTTP statuses and bad JSON.
    public func routeDistance(from start: Coordinate, to end: Coordinate) async throws(GeoError) -> Double? {
        let router = OSRMRouter(
            server: baseURL, profile: profile, start: start, end: end, snappingRadius: snappingRadius,
            requestTimeout: timeout)
        let response: HTTPResponse
        do {
            response = try await client.send(router)
        } catch {
            switch error {
            case .unacceptableStatus(let failure):
                // OSRM reports NoRoute, NoSegment and its other codes in a JSON body with status 400.
                return try Self.parseRouteResponse(failure.body, status: failure.statusCode)
            case .unacceptableContentType(let failure):
                throw .routeFailed(.malformedResponse("the answer is \(failure.received ?? "untyped"), not JSON"))
            default:
                throw .routeFailed(.network(error))
            }
        }
        return try Self.parseRouteResponse(response.body, status: response.statusCode)
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
