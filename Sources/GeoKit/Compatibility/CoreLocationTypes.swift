// CoreLocation's value types where CoreLocation does not exist (Linux), so that SurfUtils' API, which is
// written in them (`GeolocationResult.success(CLLocation)`, `RouteMeasurer.calculateDistance(between:and:)`
// with `CLLocationCoordinate2D`s, `MapRoutingLocationServiceInterface`), has one shape on every platform
// and code written for it compiles unchanged. On Apple platforms CoreLocation's own types are used.
// ServiceUtils' own API uses `Coordinate` and `Location`; these types are the compatible front door only.

#if !canImport(CoreLocation)
    public import Foundation

    /// A latitude or longitude in degrees (CoreLocation's `CLLocationDegrees`).
    public typealias CLLocationDegrees = Double
    /// A distance in metres (CoreLocation's `CLLocationDistance`).
    public typealias CLLocationDistance = Double
    /// An accuracy radius in metres; negative values are the `kCLLocationAccuracy…` markers.
    public typealias CLLocationAccuracy = Double
    /// A speed in metres per second; negative when unknown.
    public typealias CLLocationSpeed = Double
    /// A course in degrees clockwise from true north; negative when unknown.
    public typealias CLLocationDirection = Double

    /// The highest accuracy, with extra sensors (CoreLocation's value, -2).
    public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
    /// The best accuracy the hardware gives (CoreLocation's value, -1).
    public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
    /// Within ten metres.
    public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
    /// Within a hundred metres.
    public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
    /// Within a kilometre.
    public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
    /// Within three kilometres.
    public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000

    /// A point as latitude and longitude in degrees, unchecked (CoreLocation's `CLLocationCoordinate2D`).
    ///
    /// Use ``CLLocationCoordinate2DIsValid(_:)`` or ``Coordinate/init(_:)`` (which throws) to check one.
    ///
    /// ```swift
    /// let paris = CLLocationCoordinate2D(latitude: 48.8566, longitude: 2.3522)
    /// ```
    public struct CLLocationCoordinate2D: Sendable {
        /// The latitude in degrees, north positive.
        public var latitude: CLLocationDegrees
        /// The longitude in degrees, east positive.
        public var longitude: CLLocationDegrees

        /// The point (0, 0).
        public init() {
            self.init(latitude: 0, longitude: 0)
        }

        /// A point from its latitude and longitude in degrees.
        ///
        /// - Parameters:
        ///   - latitude: Degrees north (negative: south).
        ///   - longitude: Degrees east (negative: west).
        public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// The coordinate CoreLocation uses for "no coordinate": (-180, -180).
    public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

    // swift-format-ignore: AlwaysUseLowerCamelCase
    // CoreLocation's name, kept so that code written for it compiles.
    /// Whether `coordinate` is a point on Earth: finite, latitude within ±90°, longitude within ±180°.
    ///
    /// - Parameter coordinate: The coordinate to check.
    /// - Returns: `true` when it is valid.
    public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
        abs(coordinate.latitude) <= 90 && abs(coordinate.longitude) <= 180
    }

    /// Whether an app may read the position (CoreLocation's `CLAuthorizationStatus`, same raw values).
    ///
    /// On Linux gpsd has no permission model: ``GPSDLocationManager`` reports `authorizedAlways`.
    public enum CLAuthorizationStatus: Int32, Sendable {
        /// Not asked yet.
        case notDetermined = 0
        /// Not allowed by policy.
        case restricted = 1
        /// Refused.
        case denied = 2
        /// Allowed at any time.
        case authorizedAlways = 3
        /// Allowed while the app is in use.
        case authorizedWhenInUse = 4
    }

    /// A fix: a coordinate with its accuracy, altitude, motion and time (CoreLocation's `CLLocation`).
    ///
    /// Immutable. As with CoreLocation's class, two instances are equal only when they are the same
    /// object; compare ``coordinate`` values to compare places.
    ///
    /// ```swift
    /// let fix = CLLocation(latitude: 55.7512, longitude: 37.6184)
    /// fix.distance(from: CLLocation(latitude: 59.9386, longitude: 30.3141))   // ≈ 636 km
    /// ```
    public final class CLLocation: Sendable, Equatable, CustomStringConvertible {
        /// Where the fix is.
        public let coordinate: CLLocationCoordinate2D
        /// Metres above mean sea level; meaningful when ``verticalAccuracy`` is not negative.
        public let altitude: CLLocationDistance
        /// The radius of uncertainty in metres; negative when the coordinate is invalid.
        public let horizontalAccuracy: CLLocationAccuracy
        /// The altitude's uncertainty in metres; negative when the altitude is invalid.
        public let verticalAccuracy: CLLocationAccuracy
        /// Degrees clockwise from true north; negative when unknown.
        public let course: CLLocationDirection
        /// Metres per second; negative when unknown.
        public let speed: CLLocationSpeed
        /// When the fix was taken.
        public let timestamp: Date

        /// A fix at a point, taken now, with no altitude, course or speed (as CoreLocation's initializer).
        ///
        /// - Parameters:
        ///   - latitude: Degrees north.
        ///   - longitude: Degrees east.
        public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
            self.init(
                coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
                horizontalAccuracy: 0, verticalAccuracy: -1, course: -1, speed: -1, timestamp: Date())
        }

        /// A fix with accuracies, taken at `timestamp`, with no course or speed.
        ///
        /// - Parameters:
        ///   - coordinate: Where.
        ///   - altitude: Metres above sea level.
        ///   - horizontalAccuracy: The coordinate's uncertainty (negative: invalid).
        ///   - verticalAccuracy: The altitude's uncertainty (negative: invalid).
        ///   - timestamp: When.
        public convenience init(
            coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
            horizontalAccuracy: CLLocationAccuracy, verticalAccuracy: CLLocationAccuracy, timestamp: Date
        ) {
            self.init(
                coordinate: coordinate, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
                verticalAccuracy: verticalAccuracy, course: -1, speed: -1, timestamp: timestamp)
        }

        /// A fix with every field.
        ///
        /// - Parameters:
        ///   - coordinate: Where.
        ///   - altitude: Metres above sea level.
        ///   - horizontalAccuracy: The coordinate's uncertainty (negative: invalid).
        ///   - verticalAccuracy: The altitude's uncertainty (negative: invalid).
        ///   - course: Degrees from true north (negative: unknown).
        ///   - speed: Metres per second (negative: unknown).
        ///   - timestamp: When.
        public init(
            coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
            horizontalAccuracy: CLLocationAccuracy, verticalAccuracy: CLLocationAccuracy,
            course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
        ) {
            self.coordinate = coordinate
            self.altitude = altitude
            self.horizontalAccuracy = horizontalAccuracy
            self.verticalAccuracy = verticalAccuracy
            self.course = course
            self.speed = speed
            self.timestamp = timestamp
        }

        /// The geodesic distance in metres on the WGS 84 ellipsoid to `location` (Karney's method).
        ///
        /// - Parameter location: The other fix.
        /// - Returns: The distance, or `nan` when either coordinate is invalid.
        public func distance(from location: CLLocation) -> CLLocationDistance {
            guard let start = try? Coordinate(coordinate), let end = try? Coordinate(location.coordinate) else {
                return .nan
            }
            return Geodesic.wgs84.inverse(from: start, to: end).distance
        }

        /// The fix as `<+55.75120000,+37.61840000> +/- 5.00m`.
        public var description: String {
            String(
                format: "<%+.8f,%+.8f> +/- %.2fm", coordinate.latitude, coordinate.longitude, horizontalAccuracy)
        }

        /// Whether `lhs` and `rhs` are the same object (CoreLocation's `NSObject` equality).
        ///
        /// - Parameters:
        ///   - lhs: A fix.
        ///   - rhs: Another fix.
        /// - Returns: `lhs === rhs`.
        public static func == (lhs: CLLocation, rhs: CLLocation) -> Bool {
            lhs === rhs
        }
    }
#endif
