#if canImport(CoreLocation)
    public import CoreLocation

    extension Coordinate {
        /// Creates a coordinate from CoreLocation's, validating it.
        ///
        /// - Parameter coordinate: The CoreLocation coordinate.
        /// - Throws: ``GeoError/invalidCoordinate(_:)`` for an invalid one (such as
        ///   `kCLLocationCoordinate2DInvalid`).
        public init(_ coordinate: CLLocationCoordinate2D) throws(GeoError) {
            try self.init(latitude: coordinate.latitude, longitude: coordinate.longitude)
        }

        /// The same point as a CoreLocation coordinate.
        public var locationCoordinate: CLLocationCoordinate2D {
            CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        }
    }
#endif
