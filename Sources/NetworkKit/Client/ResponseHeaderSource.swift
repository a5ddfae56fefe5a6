import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where an ``HTTPResponse`` gets its headers: a list it was given, or the platform's response,
/// converted when the headers are first read and kept from then on.
///
/// Converting `HTTPURLResponse.allHeaderFields` costs as much as a fifth of NetworkKit's whole
/// per-request work on Linux (FoundationNetworking builds an `[AnyHashable: Any]` on each call, and
/// every name and value is then cast back), while most callers only read the status and the body.
final class ResponseHeaderSource: Sendable {
    // `HTTPURLResponse` is immutable once made and is only read, under the lock, to convert it;
    // the converted list replaces nil once.
    private let response: HTTPURLResponse?
    private let converted: Locked<HTTPHeaders?>

    /// A source that already holds its list.
    init(_ headers: HTTPHeaders) {
        response = nil
        converted = Locked(headers)
    }

    /// A source that converts `response`'s headers when they are first read.
    init(_ response: HTTPURLResponse) {
        self.response = response
        converted = Locked(nil)
    }

    /// The headers, sorted by name as `HTTPHeaders([String: String])` orders them.
    var headers: HTTPHeaders {
        converted.withLock { converted in
            if let converted { return converted }
            let headers = response.map(Self.convert) ?? HTTPHeaders()
            converted = headers
            return headers
        }
    }

    /// One header's value without converting the others; names are case-insensitive.
    func value(for name: String) -> String? {
        converted.withLock { converted in
            if let converted { return converted[name] }
            return response?.value(forHTTPHeaderField: name)
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
        fields.sort { $0.name < $1.name }
        return HTTPHeaders(fields)
    }
}
