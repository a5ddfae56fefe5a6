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
        self.init(statusCode: statusCode, url: url, wireFields: fields.map { HTTPHeader(name: $0.0, value: $0.1) })
    }

    /// A head read from the wire, its fields in the order they arrived; they are joined and
    /// sorted only when the whole list is read (most responses are read for one or two fields).
    init(statusCode: Int, url: URL?, wireFields: [HTTPHeader]) {
        self.statusCode = statusCode
        self.url = url
        fields = .wire(wireFields)
    }

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

    /// The values of its `Set-Cookie` fields, one per cookie.
    var setCookieValues: [String] { fields.setCookieValues() }

    /// The body's length from `Content-Length`, -1 when the head gives none.
    var expectedContentLength: Int64 {
        switch fields {
        case .platform(let response):
            return response.expectedContentLength
        case .list, .wire:
            guard let text = fields.value(for: "Content-Length"), let length = Int64(text), length >= 0 else {
                return -1
            }
            return length
        }
    }
}
