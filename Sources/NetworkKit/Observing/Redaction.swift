public import Foundation

/// Which header values and query values are secrets, and how they are hidden in logs and errors.
///
/// ```swift
/// var redaction = Redaction.default
/// redaction.queryKeys.insert("session")
/// redaction.redact(url)  // "https://api.example.com/items?session=***"
/// ```
public struct Redaction: Hashable, Sendable {
    /// What replaces a secret value.
    public static let mask = "***"

    /// Header names whose values are hidden (stored lowercased; insert them in any case).
    public var headerNames: Set<String> {
        didSet { headerNames = Set(headerNames.map { $0.lowercased() }) }
    }
    /// Query keys whose values are hidden (stored lowercased; insert them in any case).
    public var queryKeys: Set<String> {
        didSet { queryKeys = Set(queryKeys.map { $0.lowercased() }) }
    }

    /// Creates a redaction rule.
    ///
    /// - Parameters:
    ///   - headerNames: Header names whose values are hidden, in any case.
    ///   - queryKeys:   Query keys whose values are hidden, in any case.
    public init(headerNames: Set<String>, queryKeys: Set<String>) {
        self.headerNames = Set(headerNames.map { $0.lowercased() })
        self.queryKeys = Set(queryKeys.map { $0.lowercased() })
    }

    /// `Authorization`, `Cookie`, `Set-Cookie`, `Proxy-Authorization` and the usual token query keys.
    public static let `default` = Redaction(
        headerNames: ["authorization", "cookie", "set-cookie", "proxy-authorization"],
        queryKeys: ["access_token", "api_key", "apikey", "client_secret", "password", "refresh_token", "token"]
    )

    /// Hides nothing; for local debugging only.
    public static let none = Redaction(headerNames: [], queryKeys: [])

    /// Whether the value of the header `name` is hidden.
    ///
    /// - Parameter name: A header name, in any case.
    /// - Returns: True for a secret header.
    public func redactsHeader(named name: String) -> Bool {
        headerNames.contains(name.lowercased())
    }

    /// The header's value, or the mask for a secret header.
    ///
    /// - Parameter header: The field.
    /// - Returns: The value to show.
    public func value(of header: HTTPHeader) -> String {
        redactsHeader(named: header.name) ? Self.mask : header.value
    }

    /// The URL as text with the password and secret query values masked.
    ///
    /// - Parameter url: The URL to show.
    /// - Returns: The URL with secrets replaced by `***`.
    public func redact(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url.absoluteString
        }
        if components.password != nil { components.percentEncodedPassword = Self.mask }
        if let query = components.percentEncodedQuery, !queryKeys.isEmpty {
            components.percentEncodedQuery = redact(query: query)
        }
        return components.string ?? url.absoluteString
    }

    /// A percent-encoded query with the values of secret keys masked.
    ///
    /// - Parameter query: A query string without the `?`.
    /// - Returns: The same query with secret values replaced.
    public func redact(query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let key = pair[..<equals]
            guard redactsQueryKey(key.removingPercentEncoding ?? String(key)) else { return String(pair) }
            return "\(key)=\(Self.mask)"
        }.joined(separator: "&")
    }

    /// Whether the value of the query key `name` (decoded) is hidden: the key itself, in any case,
    /// or its bracketed form (`token[0]`, `password[new]`) is secret.
    func redactsQueryKey(_ name: String) -> Bool {
        let plainKey = name.lowercased()
        let bareKey = plainKey.split(separator: "[").first.map(String.init) ?? plainKey
        return queryKeys.contains(plainKey) || queryKeys.contains(bareKey)
    }
}
