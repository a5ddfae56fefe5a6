import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where an ``HTTPResponse`` gets its headers: a list it was given, or the platform's response,
/// converted each time the list is read.
///
/// Converting `HTTPURLResponse.allHeaderFields` costs as much as a fifth of NetworkKit's own
/// per-request work on Linux (FoundationNetworking builds an `[AnyHashable: Any]` on each call, and
/// every name and value is then cast back), and most callers only read the status and the body;
/// keeping a converted copy would cost a lock and its allocations on every response instead.
enum ResponseHeaderSource: Sendable {
    /// Headers given as they are.
    case list(HTTPHeaders)
    /// Headers still in the platform's response.
    case platform(HTTPURLResponse)

    /// The headers, sorted by name as `HTTPHeaders([String: String])` orders them.
    var headers: HTTPHeaders {
        switch self {
        case .list(let headers): headers
        case .platform(let response): Self.convert(response)
        }
    }

    /// One header's value without converting the others; names are case-insensitive.
    func value(for name: String) -> String? {
        switch self {
        case .list(let headers): headers[name]
        case .platform(let response): response.value(forHTTPHeaderField: name)
        }
    }

    /// The sorted fields, built without an intermediate dictionary (the names are already unique).
    private static func convert(_ response: HTTPURLResponse) -> HTTPHeaders {
        let all = response.allHeaderFields
        var fields: [HTTPHeader] = []
        fields.reserveCapacity(all.count)
        for (name, value) in all {
            guard let name = name.base as? String else { continue }
            fields.append(HTTPHeader(name: name, value: value as? String ?? "\(value)"))
        }
        return HTTPHeaders(uniqueNamesSorted: fields)
    }
}
