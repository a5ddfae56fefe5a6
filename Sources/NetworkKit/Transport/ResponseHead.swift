public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response head as an exchange sees it: status, URL and fields, from a platform response
/// (URLSession) or from the field list a transport read itself (libcurl, or your own over sockets,
/// SwiftNIO or AsyncHTTPClient).
///
/// Sinks, validation and the redirect rules read heads through it, so a transport that parses the
/// head itself never makes an `HTTPURLResponse`: on Linux its initializer canonicalises every field
/// name through `NSString` and cost more than the rest of a small request's own work. Such a
/// transport hands its final head to ``HTTPExchange/receive(_:)-(ResponseHead)``:
///
/// ```swift
/// let head = ResponseHead(
///     statusCode: 200, url: exchange.request.url,
///     fields: [("Content-Type", "text/plain"), ("Content-Length", "5")])
/// guard exchange.receive(head) else { return exchange.complete(URLError(.cancelled)) }
/// ```
public struct ResponseHead: Sendable {
    /// The status code.
    public let statusCode: Int
    /// The URL that answered.
    public let url: URL?
    /// The fields.
    let fields: ResponseHeaderSource

    /// A head taken from a platform response.
    init(_ response: HTTPURLResponse) {
        statusCode = response.statusCode
        url = response.url
        fields = .platform(response)
    }

    /// A head read from the wire: fields of the same name (any case) are joined with `", "` under
    /// the spelling first seen, as `HTTPURLResponse` joins them, and sorted by name.
    ///
    /// ```swift
    /// let head = ResponseHead(
    ///     statusCode: 302, url: URL(string: "http://example.com/old"),
    ///     fields: [("Location", "/new"), ("Set-Cookie", "a=1"), ("set-cookie", "b=2")])
    /// head.value(forHTTPHeaderField: "SET-COOKIE")   // "a=1, b=2"
    /// ```
    ///
    /// - Parameters:
    ///   - statusCode: The status code.
    ///   - url:        The URL that answered.
    ///   - fields:     The fields (name, value) in the order they arrived.
    public init(statusCode: Int, url: URL?, fields: [(String, String)]) {
        self.statusCode = statusCode
        self.url = url
        var joined: [HTTPHeader] = []
        joined.reserveCapacity(fields.count)
        // A response's dozen fields: looking for an earlier one of the same name costs less than
        // hashing lowercased copies of every name, which only a long head pays for.
        let scans = fields.count <= Self.scannedFields
        var positions: [String: Int] = [:]  // lowercased name → index in `joined`, when not scanning
        for (name, value) in fields {
            let key = scans ? "" : name.lowercased()
            let position = scans ? joined.firstIndex { FieldName.same($0.name, name) } : positions[key]
            if let position {
                joined[position] = HTTPHeader(name: joined[position].name, value: joined[position].value + ", " + value)
            } else {
                if !scans { positions[key] = joined.count }
                joined.append(HTTPHeader(name: name, value: value))
            }
        }
        self.fields = .list(HTTPHeaders(uniqueNamesSorted: joined))
    }

    /// Up to this many fields, repeated names are found by comparing each with the fields kept.
    static let scannedFields = 32

    /// One field's value; the name is matched in any case.
    ///
    /// ```swift
    /// let location = head.value(forHTTPHeaderField: "location")
    /// ```
    ///
    /// - Parameter name: The field's name.
    /// - Returns: Its value (repeated fields joined with `", "`), or nil when the head has none.
    public func value(forHTTPHeaderField name: String) -> String? {
        fields.value(for: name)
    }

    /// The body's length from `Content-Length`, -1 when the head gives none.
    var expectedContentLength: Int64 {
        switch fields {
        case .platform(let response):
            return response.expectedContentLength
        case .list(let headers):
            guard let text = headers["Content-Length"], let length = Int64(text), length >= 0 else { return -1 }
            return length
        }
    }
}
