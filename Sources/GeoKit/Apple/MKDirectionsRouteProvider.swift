#if canImport(MapKit)
    import MapKit

    /// Road distances from Apple's MapKit directions service (the route SurfUtils measured).
    ///
    /// MapKit's "directions not found" becomes `nil`; other failures are thrown.
    public struct MKDirectionsRouteProvider: RouteProvider {
        /// Creates a provider.
        public init() {}

        /// The length of the first route MapKit proposes, for any transport type.
        ///
        /// - Parameters:
        ///   - start: Where the route begins.
        ///   - end:   Where it ends.
        /// - Returns: Metres, or `nil` when MapKit finds no route.
        /// - Throws: ``GeoError/routeFailed(_:)`` for other MapKit errors.
        public func routeDistance(from start: Coordinate, to end: Coordinate) async throws(GeoError) -> Double? {
            let request = MKDirections.Request()
            request.source = MKMapItem(placemark: MKPlacemark(coordinate: start.locationCoordinate))
            request.destination = MKMapItem(placemark: MKPlacemark(coordinate: end.locationCoordinate))
            request.transportType = .any
            do {
                let response = try await MKDirections(request: request).calculate()
                return response.routes.first?.distance
            } catch let error as MKError where error.code == .directionsNotFound {
                return nil
            } catch {
                throw .routeFailed(.transport(error.localizedDescription))
            }
        }
    }
#endif
