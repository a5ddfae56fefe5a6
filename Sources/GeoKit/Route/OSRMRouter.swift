import Foundation
import NetworkKit

/// OSRM's route service as a NetworkKit endpoint:
/// `GET {base}/route/v1/{profile}/{lon},{lat};{lon},{lat}?overview=false[&radiuses=r;r]`.
///
/// Only `2xx` answers count as success, so OSRM's error answers (`400` with a JSON `code`) reach
/// ``OSRMRouteProvider`` as `HTTPError.unacceptableStatus`, whose body it then reads.
struct OSRMRouter: HTTPRouter {
    let server: URL
    let profile: OSRMRouteProvider.Profile
    let start: Coordinate
    let end: Coordinate
    /// Metres within which each point snaps to a road (`radiuses=`); OSRM's unlimited default when nil.
    let snappingRadius: Double?
    let requestTimeout: TimeInterval

    var baseURL: URL? { server }

    var path: String {
        let points = [start, end].map(MapCoordinateText.longitudeLatitude)
        return "route/v1/\(profile.rawValue)/" + points.joined(separator: ";")
    }

    var method: HTTPMethod { .get }

    var headers: HTTPHeaders? { [.accept("application/json")] }

    var parameters: Parameters? {
        var options: Parameters = ["overview": "false"]
        if let snappingRadius {
            let radius = MapCoordinateText.decimal(snappingRadius)
            options["radiuses"] = "\(radius);\(radius)"
        }
        return options
    }

    var parameterEncoding: any ParameterEncoding { OSRMQueryEncoding() }

    var acceptableStatusCodes: Range<Int>? { 200..<300 }

    var timeout: TimeInterval? { requestTimeout }
}
