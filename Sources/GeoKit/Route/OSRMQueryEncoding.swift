import Foundation
import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Writes OSRM's options into the query as OSRM's documentation shows them: keys sorted, and the
/// `;` and `,` that separate per-point values (`radiuses=50;50`) left as they are (both are
/// sub-delimiters RFC 3986 allows in a query). Every other character outside the unreserved set is
/// percent-encoded.
struct OSRMQueryEncoding: ParameterEncoding {
    private static let allowed = PercentEncoding.AllowedCharacters(unreservedPlus: ";,")

    func encode(_ request: URLRequest, with parameters: Parameters?) throws -> URLRequest {
        guard let parameters, !parameters.isEmpty else { return request }
        guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { throw HTTPError.invalidURL(.missingURL) }
        let pairs = parameters.keys.sorted().map { key in
            let value = parameters[key].map { "\($0)" } ?? ""
            return PercentEncoding.encode(key, allowing: Self.allowed) + "="
                + PercentEncoding.encode(value, allowing: Self.allowed)
        }
        let existing = components.percentEncodedQuery.map { $0.isEmpty ? [] : [$0] } ?? []
        components.percentEncodedQuery = (existing + pairs).joined(separator: "&")
        guard let encoded = components.url else { throw HTTPError.invalidURL(.missingURL) }
        var request = request
        request.url = encoded
        return request
    }
}
