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
        HTTPHeaders(keepingRepeats: keyedStoredFields(of: headers).map(\.field))
    }

    /// The fields of `headers` that ``storedFields(of:)`` keeps, in order, each with its name
    /// lowercased (its key): names then compare with `==`, as `FieldName.same` compares them.
    ///
    /// - Parameter headers: A response's fields.
    /// - Returns: The fields to store, with their keys.
    static func keyedStoredFields(of headers: HTTPHeaders) -> [KeyedField] {
        var keyed = headers.map { KeyedField(key: $0.name.lowercased(), field: $0) }
        let members = connectionMembers(of: keyed)
        keyed.removeAll { isExcluded($0.key, connectionMembers: members) }
        return keyed
    }

    /// A field with its name lowercased.
    struct KeyedField: Sendable {
        /// The field's name, lowercased.
        let key: String
        /// The field.
        let field: HTTPHeader
    }

    /// The field names a message's `Connection` fields list, trimmed and lowercased.
    static func connectionMembers(of fields: [KeyedField]) -> [String] {
        var members: [String] = []
        for keyed in fields where keyed.key == "connection" {
            let value = keyed.field.value
            // In ASCII every byte is a character, so the value splits at the bytes of its commas.
            guard value.utf8.allSatisfy({ $0 < 0x80 }) else {
                for member in value.split(separator: ",") { members.append(FieldValue.trimmed(member).lowercased()) }
                continue
            }
            var start = value.utf8.startIndex
            for index in value.utf8.indices where value.utf8[index] == UInt8(ascii: ",") {
                if start < index { members.append(FieldValue.trimmed(value[start..<index]).lowercased()) }
                start = value.utf8.index(after: index)
            }
            if start < value.utf8.endIndex { members.append(FieldValue.trimmed(value[start...]).lowercased()) }
        }
        return members
    }

    /// Whether §3.1 keeps the field whose lowercased name is `key` out of storage: a hop-by-hop or
    /// proxy field, or one that `Connection` lists (`connectionMembers`, lowercased).
    static func isExcluded(_ key: String, connectionMembers: [String]) -> Bool {
        hopByHopNames.contains(key) || connectionMembers.contains(key)
    }

    /// Hop-by-hop and proxy fields, never stored, lowercased.
    private static let hopByHopNames: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "transfer-encoding", "upgrade", "proxy-authenticate",
        "proxy-authentication-info", "proxy-authorization",
    ]
}
