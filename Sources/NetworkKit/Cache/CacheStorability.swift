import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whether a private cache may store a response (RFC 9111 §3), and which of its fields it keeps
/// (§3.1).
///
/// Only responses to `GET` are stored. `HEAD` responses only freshen stored `GET` ones (§4.3.5),
/// partial content (206) is never stored (ranges are not combined, §3.4), and neither is a 304,
/// which only updates (§4.3.4). `Authorization` in the request does not prevent storing: §3.5
/// restricts shared caches only.
enum CacheStorability {
    /// The final statuses this cache understands (RFC 9110 §15), for `must-understand` (§5.2.2.3):
    /// all it defines but 206 and 304, which the cache does not store.
    static let understoodStatuses: Set<Int> = Set([200, 201, 202, 203, 204, 205])
        .union(300...308).subtracting([304, 306])
        .union(400...417).union([421, 422, 426]).union(500...505)

    /// Whether §3 lets a private cache store this response to a `GET` request.
    ///
    /// - Parameters:
    ///   - status: The response's status.
    ///   - headers: The response's fields.
    ///   - request: The request it answers.
    /// - Returns: True when the response may be stored.
    static func isStorable(status: Int, headers: HTTPHeaders, request: URLRequest) -> Bool {
        guard (200...599).contains(status), !CacheControl(request: request).noStore else { return false }
        let directives = CacheControl(response: headers)
        let understood = understoodStatuses.contains(status)
        if status == 206 || status == 304 || directives.mustUnderstand {
            guard understood else { return false }
        }
        // must-understand with a status the cache understands overrides no-store (§5.2.2.3)
        if directives.noStore, !directives.mustUnderstand { return false }
        guard CacheVary.fieldNames(in: headers) != nil else { return false }
        return directives.isPublic || directives.isPrivate || headers.contains("Expires") || directives.maxAge != nil
            || CacheFreshness.heuristicallyCacheableStatuses.contains(status)
    }

    /// `headers` without the fields §3.1 keeps out of storage: `Connection` and the fields it names,
    /// the other hop-by-hop fields RFC 9110 §7.6.1 lists, and the proxy fields.
    ///
    /// - Parameter headers: A response's fields.
    /// - Returns: The fields to store.
    static func storedFields(of headers: HTTPHeaders) -> HTTPHeaders {
        let members = connectionMembers(of: headers)
        return HTTPHeaders(keepingRepeats: headers.filter { !isExcluded($0.name, connectionMembers: members) })
    }

    /// The field names a message's `Connection` fields list (trimmed, in their case).
    static func connectionMembers(of headers: HTTPHeaders) -> [String] {
        var members: [String] = []
        for line in headers.values(for: "Connection") {
            for member in line.split(separator: ",") { members.append(FieldValue.trimmed(member)) }
        }
        return members
    }

    /// Whether §3.1 keeps the field `name` out of storage: a hop-by-hop or proxy field, or one that
    /// `Connection` lists (`connectionMembers`); compared ignoring case, without copies.
    static func isExcluded(_ name: String, connectionMembers: [String]) -> Bool {
        hopByHopNames.contains { FieldName.same($0, name) } || connectionMembers.contains { FieldName.same($0, name) }
    }

    /// Hop-by-hop and proxy fields, never stored.
    private static let hopByHopNames: [String] = [
        "connection", "keep-alive", "proxy-connection", "te", "transfer-encoding", "upgrade", "proxy-authenticate",
        "proxy-authentication-info", "proxy-authorization",
    ]
}
