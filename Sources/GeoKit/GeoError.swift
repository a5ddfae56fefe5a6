public import Foundation
public import NetworkKit

/// Everything that can go wrong in GeoKit, with a nested reason where a case fails in several ways.
///
/// ```swift
/// do {
///     _ = try Coordinate(latitude: 91, longitude: 0)
/// } catch GeoError.invalidCoordinate(.latitudeOutOfRange(let value)) {
///     print("no such latitude: \(value)")
/// }
/// ```
public enum GeoError: Error, Sendable, Equatable {
    /// A latitude or longitude could not be used.
    case invalidCoordinate(CoordinateFailureReason)
    /// Ellipsoid parameters do not describe an ellipsoid of revolution.
    case invalidEllipsoid(EllipsoidFailureReason)
    /// A distance or azimuth given to the direct geodesic problem is not a finite number.
    case invalidGeodesicInput(String)
    /// A route provider could not answer.
    case routeFailed(RouteFailureReason)
    /// A location provider could not answer.
    case locationFailed(LocationFailureReason)

    /// Why a coordinate was rejected.
    public enum CoordinateFailureReason: Sendable, Equatable {
        /// The latitude is NaN or infinite.
        case latitudeNotFinite
        /// The longitude is NaN or infinite.
        case longitudeNotFinite
        /// The latitude lies outside -90...90 degrees.
        case latitudeOutOfRange(Double)
        /// Text that should hold `LAT,LON` could not be read.
        case unreadable(String)
    }

    /// Why ellipsoid parameters were rejected.
    public enum EllipsoidFailureReason: Sendable, Equatable {
        /// The equatorial radius is not a positive finite number.
        case equatorialRadius(Double)
        /// The flattening is not finite or not below 1.
        case flattening(Double)
    }

    /// Why a route could not be computed.
    public enum RouteFailureReason: Sendable, Equatable {
        /// The request could not be sent or no answer arrived (MapKit's directions).
        case transport(String)
        /// The HTTP request could not be built, sent or answered; carries NetworkKit's error (its
        /// `description` names the request, with secrets redacted).
        case network(HTTPError)
        /// The server answered with an HTTP status that is not a success or an OSRM error.
        case httpStatus(Int)
        /// The answer was not the JSON the provider expects.
        case malformedResponse(String)
        /// The routing service refused the request with its own error code, such as OSRM's
        /// `InvalidQuery` (codes meaning "no route", such as `NoRoute`, give `nil` instead).
        case service(code: String, message: String)
    }

    /// Why a location could not be obtained.
    public enum LocationFailureReason: Sendable, Equatable {
        /// The location service could not be reached.
        case unreachable(String)
        /// The service sent something that is not its protocol.
        case malformedMessage(String)
        /// The connection closed before a fix arrived.
        case connectionClosed
        /// No fix arrived in time.
        case timedOut
        /// An update arrived without any location in it.
        case emptyUpdate
    }
}

// MARK: - Descriptions

extension GeoError: LocalizedError {
    /// A sentence saying what was wrong.
    public var errorDescription: String? {
        switch self {
        case .invalidCoordinate(let reason): return "Invalid coordinate: \(reason.text)."
        case .invalidEllipsoid(let reason): return "Invalid ellipsoid: \(reason.text)."
        case .invalidGeodesicInput(let what): return "Invalid geodesic input: \(what)."
        case .routeFailed(let reason): return "No route could be computed: \(reason.text)."
        case .locationFailed(let reason): return "No location could be obtained: \(reason.text)."
        }
    }
}

extension GeoError.CoordinateFailureReason {
    var text: String {
        switch self {
        case .latitudeNotFinite: return "the latitude is not a finite number"
        case .longitudeNotFinite: return "the longitude is not a finite number"
        case .latitudeOutOfRange(let value): return "the latitude \(value) is outside -90...90 degrees"
        case .unreadable(let text): return "'\(text)' is not LAT,LON in decimal degrees"
        }
    }
}

extension GeoError.EllipsoidFailureReason {
    var text: String {
        switch self {
        case .equatorialRadius(let value): return "the equatorial radius \(value) is not a positive finite number"
        case .flattening(let value): return "the flattening \(value) is not a finite number below 1"
        }
    }
}

extension GeoError.RouteFailureReason {
    var text: String {
        switch self {
        case .transport(let detail): return "the request failed (\(detail))"
        case .network(let error): return "the request failed (\(error.description))"
        case .httpStatus(let status): return "the server answered HTTP \(status)"
        case .malformedResponse(let detail): return "the answer could not be read (\(detail))"
        case .service(let code, let message): return "the routing service answered \(code): \(message)"
        }
    }
}

extension GeoError.LocationFailureReason {
    var text: String {
        switch self {
        case .unreachable(let detail): return "the location service is unreachable (\(detail))"
        case .malformedMessage(let detail): return "the location service sent a malformed message (\(detail))"
        case .connectionClosed: return "the location service closed the connection before a fix"
        case .timedOut: return "no fix arrived in time"
        case .emptyUpdate: return "an update carried no location"
        }
    }
}
