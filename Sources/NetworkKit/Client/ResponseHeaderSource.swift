import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where an ``HTTPResponse`` gets its headers: a list it was given, the fields a transport read off
/// the wire, or the platform's response; the last two are converted each time the list is read.
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
    /// Fields in the order a transport read them, a name possibly repeated (in any case): joined
    /// and sorted only when the list is read, as a response's one or two lookups by name cost less
    /// than building it on the transport's thread for every response.
    case wire([HTTPHeader])

    /// The headers, sorted by name as `HTTPHeaders([String: String])` orders them; repeated names
    /// of wire fields joined with `", "` under the spelling first seen, as `HTTPURLResponse` does.
    var headers: HTTPHeaders {
        switch self {
        case .list(let headers): headers
        case .platform(let response): Self.convert(response)
        case .wire(let fields): Self.joined(fields)
        }
    }

    /// One header's value without converting the others; names are case-insensitive.
    func value(for name: String) -> String? {
        switch self {
        case .list(let headers):
            return headers[name]
        case .platform(let response):
            return response.value(forHTTPHeaderField: name)
        case .wire(let fields):
            var value: String?
            for field in fields where FieldName.same(field.name, name) {
                value = value.map { $0 + ", " + field.value } ?? field.value
            }
            return value
        }
    }

    /// Every value of a field that may not be joined with commas (`Set-Cookie`): each wire field
    /// on its own; a platform's or a list's joined value split again by
    /// ``SetCookie/split(combined:)``.
    func setCookieValues() -> [String] {
        switch self {
        case .wire(let fields):
            var values: [String] = []
            for field in fields where FieldName.same(field.name, "Set-Cookie") { values.append(field.value) }
            return values
        case .list, .platform:
            return value(for: "Set-Cookie").map(SetCookie.split(combined:)) ?? []
        }
    }

    /// Up to this many wire fields, repeated names are found by comparing each with the fields kept.
    static let scannedFields = 32

    /// Wire fields with repeated names (any case) joined under the first spelling, sorted by name.
    private static func joined(_ fields: [HTTPHeader]) -> HTTPHeaders {
        var joined: [HTTPHeader] = []
        joined.reserveCapacity(fields.count)
        // A response's dozen fields: looking for an earlier one of the same name costs less than
        // hashing lowercased copies of every name, which only a long head pays for. Only names of
        // the same length are compared, unless one is not all ASCII (lowercasing may change its
        // length).
        let scans = fields.count <= scannedFields
        var lengths: [Int] = []  // per field of `joined`: its name's ASCII length, or -1, when scanning
        var positions: [String: Int] = [:]  // lowercased name → index in `joined`, when not scanning
        if scans { lengths.reserveCapacity(fields.count) }
        for field in fields {
            let key = scans ? "" : field.name.lowercased()
            let length = scans ? asciiLength(of: field.name) : 0
            let position =
                scans
                ? lengths.indices.first { index in
                    (lengths[index] == length || lengths[index] < 0 || length < 0)
                        && FieldName.same(joined[index].name, field.name)
                } : positions[key]
            if let position {
                let kept = joined[position]
                joined[position] = HTTPHeader(name: kept.name, value: kept.value + ", " + field.value)
            } else {
                if scans { lengths.append(length) } else { positions[key] = joined.count }
                joined.append(field)
            }
        }
        return HTTPHeaders(uniqueNamesSorted: joined)
    }

    /// The length of `name` in bytes when it is all ASCII, otherwise -1.
    private static func asciiLength(of name: String) -> Int {
        var length = 0
        for byte in name.utf8 {
            guard byte < 0x80 else { return -1 }
            length += 1
        }
        return length
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
