import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Secondary keys (RFC 9111 §4.1): whether a stored response, chosen by a request, may answer
/// another one that carries different header fields.
///
/// A stored response keeps the first request's value of every field its `Vary` names
/// (``CachedEntry/varyValues``); a later request matches when each of those fields has the same
/// normalised value in it, or is absent from both. The normalisation is the part of §4.1 that holds
/// for every field: lines of one field are combined with `", "`, and spaces and tabs around the value
/// and around its commas are removed. Values then compare case-sensitively, since §4.1 allows more
/// only where a field's own definition says values are case-insensitive, and this cache knows no
/// such list. A `Vary` of `*` never matches, so such a response is not stored at all.
///
/// - Complexity: Linear in the number of fields `Vary` names plus the request's fields: a `Vary`
///   listing a thousand names costs a thousand dictionary look-ups.
enum CacheVary {
    /// The lowercased field names of a response's `Vary` lines, without repeats, in order; nil when
    /// one of them is `*`.
    ///
    /// - Parameter headers: The response's fields.
    /// - Returns: The names, or nil for `*`.
    static func fieldNames(in headers: HTTPHeaders) -> [String]? {
        var names: [String] = []
        var seen: Set<String> = []
        for line in headers.values(for: "Vary") {
            for member in line.split(separator: ",") {
                let name = FieldValue.trimmed(member).lowercased()
                if name == "*" { return nil }
                if !name.isEmpty, seen.insert(name).inserted { names.append(name) }
            }
        }
        return names
    }

    /// The request's normalised value of each field in `names`.
    ///
    /// - Parameters:
    ///   - names: Lowercased field names, from ``fieldNames(in:)``.
    ///   - request: The request.
    /// - Returns: One value per name, in order.
    static func values(of names: [String], in request: URLRequest) -> [CachedEntry.VaryValue] {
        guard !names.isEmpty else { return [] }
        let fields = requestFields(request)
        return names.map { CachedEntry.VaryValue(name: $0, value: fields[$0]) }
    }

    /// Whether `request` may be answered with `entry` as far as `Vary` goes.
    ///
    /// - Parameters:
    ///   - entry: A stored response.
    ///   - request: The presented request.
    /// - Returns: True when every field the response varies on has the same value in both requests.
    static func matches(_ entry: CachedEntry, _ request: URLRequest) -> Bool {
        guard !entry.varyValues.isEmpty else { return true }
        let fields = requestFields(request)
        return entry.varyValues.allSatisfy { fields[$0.name] == $0.value }
    }

    /// `value` with each comma-separated member trimmed of spaces and tabs and joined with `", "`;
    /// members that are empty after trimming are kept (as empty), so only whitespace changes.
    ///
    /// ```swift
    /// CacheVary.normalized("  gzip ,br,\tdeflate ")  // "gzip, br, deflate"
    /// ```
    static func normalized(_ value: String) -> String {
        value.split(separator: ",", omittingEmptySubsequences: false)
            .map { FieldValue.trimmed($0) }
            .joined(separator: ", ")
    }

    /// The request's fields by lowercased name, each normalised; lines of one name (which
    /// `URLRequest` may keep apart under different cases) joined with `", "`.
    private static func requestFields(_ request: URLRequest) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            let key = name.lowercased()
            let normal = normalized(value)
            fields[key] = fields[key].map { $0 + ", " + normal } ?? normal
        }
        return fields
    }
}
