public import Foundation

/// One `Set-Cookie` field, parsed by RFC 6265 §5.2 (with RFC 6265bis's nameless cookies and size
/// limits): what a ``CookieJar`` then stores by §5.3.
///
/// ```swift
/// let field = try SetCookie(parsing: "id=a3fWa; Max-Age=2592000; Path=/; Secure")
/// field.maxAge  // 2592000
/// ```
public struct SetCookie: Sendable, Hashable {
    /// The name (empty for a nameless cookie).
    public var name: String
    /// The value.
    public var value: String
    /// The last valid `Expires` attribute, read by the cookie-date algorithm (§5.1.1).
    public var expires: Date?
    /// The last valid `Max-Age` attribute in seconds (zero or negative expires the cookie at once).
    public var maxAge: Int64?
    /// The last non-empty `Domain` attribute: lowercased, without a leading dot; nil when absent
    /// (or when it was only a dot).
    public var domain: String?
    /// The last `Path` attribute; nil when absent, or when the last one is empty or does not start
    /// with `/` (then the request's default path applies, §5.2.4).
    public var path: String?
    /// Whether a `Secure` attribute was present.
    public var isSecure: Bool
    /// Whether an `HttpOnly` attribute was present.
    public var isHTTPOnly: Bool
    /// The last `SameSite` attribute, when its value is `Strict`, `Lax` or `None` (ignoring case); an
    /// other value is RFC 6265bis's `Default` enforcement, nil here, and overrides an earlier one.
    public var sameSite: Cookie.SameSite?

    /// Parses a field's value by RFC 6265 §5.2, with RFC 6265bis's limits (4,096 bytes of name and
    /// value, 1,024 of an attribute's value).
    ///
    /// Attributes are matched ignoring case and the last valid one of each wins; an attribute whose
    /// value is invalid is ignored, except that an invalid `Path` or `SameSite` resets it, as
    /// RFC 6265bis appends the default path or the `Default` enforcement for them.
    ///
    /// - Parameter field: The value of one `Set-Cookie` field.
    /// - Throws: ``CookieRejection`` when §5.2 (or RFC 6265bis) says to ignore the field: a control
    ///   character, no name and no value, or a name and value too long.
    public init(parsing field: String) throws(CookieRejection) {
        try self.init(parsing: field, limits: CookieJar.Limits())
    }

    /// Parses a field's value with a jar's byte limits.
    ///
    /// - Parameters:
    ///   - field:  The value of one `Set-Cookie` field.
    ///   - limits: The limits on name and value, and on an attribute's value.
    /// - Throws: ``CookieRejection`` when the field is to be ignored.
    init(parsing field: String, limits: CookieJar.Limits) throws(CookieRejection) {
        var field = field
        let parsed = field.withUTF8 { bytes in SetCookieParser(limits: limits).parse(bytes) }
        self = try parsed.get()
    }

    /// Makes a field from its parts, as the parser would have read them: for a ``CookieJar`` to
    /// store without a string to parse.
    ///
    /// - Parameters:
    ///   - name:       The name (empty for a nameless cookie).
    ///   - value:      The value.
    ///   - expires:    The `Expires` date.
    ///   - maxAge:     The `Max-Age` in seconds.
    ///   - domain:     The `Domain`, lowercased without a leading dot.
    ///   - path:       The `Path`, starting with `/`; nil for the default path.
    ///   - isSecure:   Whether `Secure` was present.
    ///   - isHTTPOnly: Whether `HttpOnly` was present.
    ///   - sameSite:   The `SameSite` enforcement.
    public init(
        name: String, value: String, expires: Date? = nil, maxAge: Int64? = nil, domain: String? = nil,
        path: String? = nil, isSecure: Bool = false, isHTTPOnly: Bool = false, sameSite: Cookie.SameSite? = nil
    ) {
        self.name = name
        self.value = value
        self.expires = expires
        self.maxAge = maxAge
        self.domain = domain
        self.path = path
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.sameSite = sameSite
    }

    /// The fields of a `Set-Cookie` header that a platform joined with `", "` (as `HTTPURLResponse`
    /// does), split again: at each comma followed by something that starts a new cookie (`name=`),
    /// not at the comma inside an `Expires` date.
    ///
    /// - Parameter combined: The joined value.
    /// - Returns: The separate fields.
    public static func split(combined: String) -> [String] {
        var combined = combined
        return combined.withUTF8 { SetCookieParser.split($0) }
    }
}
