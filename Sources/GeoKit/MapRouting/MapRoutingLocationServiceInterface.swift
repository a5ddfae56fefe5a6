/// What ``MapRoutingService`` needs to know about the user's position (SurfUtils' protocol of the
/// same name).
public protocol MapRoutingLocationServiceInterface: Sendable {
    /// Whether the user allowed access to their position.
    var isLocationAccessAllowed: Bool { get }
    /// Whether the user allowed the precise position (not just an approximate one).
    var isAllowedFullAccuracyLocation: Bool { get }
    /// Calls `completion` once with the user's position if it is known, otherwise `nil`.
    ///
    /// - Parameter completion: Receives the position.
    func getCurrentLocation(_ completion: @escaping @Sendable (Coordinate?) -> Void)
}
