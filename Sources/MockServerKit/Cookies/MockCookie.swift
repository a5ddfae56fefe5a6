public import Foundation
import InternalServiceUtilities

/// A cookie a stub sets: rendered as the value of one `Set-Cookie` field (RFC 6265 §4.1).
///
/// The name, value and attributes are written as given, not checked against RFC 6265's grammar,
/// so a test can also send the odd cookies real servers do (the writer still turns control
/// characters into spaces, so a field never splits).
///
/// ```swift
/// let session = MockCookie("session", "abc", path: "/", maxAge: 3600, flags: [.secure, .httpOnly], sameSite: .lax)
/// session.fieldValue  // "session=abc; Path=/; Max-Age=3600; Secure; HttpOnly; SameSite=Lax"
/// server.stub(method: .post, path: "/login", response: MockResponse.status(204).settingCookie(session))
/// ```
public struct MockCookie: Sendable, Hashable {
    /// The cookie's name.
    public var name: String
    /// The cookie's value.
    public var value: String
    /// The `Path` attribute; nil leaves it out (the client then uses the request's directory).
    public var path: String?
    /// The `Domain` attribute; nil leaves it out (the cookie is then host-only).
    public var domain: String?
    /// The `Expires` attribute, written as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, the
    /// fraction of a second dropped); nil, or a date outside the years 0 to 9999, leaves it out.
    public var expires: Date?
    /// The `Max-Age` attribute in seconds (zero or less expires the cookie at once); nil leaves it out.
    public var maxAge: Int?
    /// The valueless attributes: `Secure` and `HttpOnly`.
    public var flags: Flags
    /// The `SameSite` attribute; nil leaves it out.
    public var sameSite: SameSite?

    /// Creates a cookie.
    ///
    /// - Parameters:
    ///   - name:     the name.
    ///   - value:    the value.
    ///   - path:     the `Path` attribute.
    ///   - domain:   the `Domain` attribute.
    ///   - expires:  the `Expires` attribute.
    ///   - maxAge:   the `Max-Age` attribute, in seconds.
    ///   - flags:    `Secure` and `HttpOnly`, as wanted.
    ///   - sameSite: the `SameSite` attribute.
    public init(
        _ name: String, _ value: String, path: String? = nil, domain: String? = nil, expires: Date? = nil,
        maxAge: Int? = nil, flags: Flags = [], sameSite: SameSite? = nil
    ) {
        self.name = name
        self.value = value
        self.path = path
        self.domain = domain
        self.expires = expires
        self.maxAge = maxAge
        self.flags = flags
        self.sameSite = sameSite
    }

    /// A cookie that makes the client delete the cookie `name` of that path and domain: an empty
    /// value with `Max-Age=0`, and an `Expires` at the start of 1970 for clients that predate `Max-Age`.
    ///
    /// ```swift
    /// MockCookie.deletion(of: "session", path: "/").fieldValue
    /// // "session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0"
    /// ```
    ///
    /// - Parameters:
    ///   - name:   the name of the cookie to delete.
    ///   - path:   its `Path`, which must be the one it was set with to reach it.
    ///   - domain: its `Domain`, likewise.
    /// - Returns: the deleting cookie.
    public static func deletion(of name: String, path: String? = nil, domain: String? = nil) -> MockCookie {
        MockCookie(name, "", path: path, domain: domain, expires: Date(timeIntervalSince1970: 0), maxAge: 0)
    }

    /// The value of the `Set-Cookie` field that sets this cookie: `name=value`, then the attributes
    /// that are set, in the order `Path`, `Domain`, `Expires`, `Max-Age`, `Secure`, `HttpOnly`, `SameSite`.
    public var fieldValue: String {
        var text = name + "=" + value
        if let path { text += "; Path=" + path }
        if let domain { text += "; Domain=" + domain }
        if let expires, let date = HTTPDate.string(from: expires) { text += "; Expires=" + date }
        if let maxAge { text += "; Max-Age=" + String(maxAge) }
        if flags.contains(.secure) { text += "; Secure" }
        if flags.contains(.httpOnly) { text += "; HttpOnly" }
        if let sameSite { text += "; SameSite=" + sameSite.rawValue }
        return text
    }
}

// MARK: - Flags

extension MockCookie {
    /// The attributes a cookie either has or lacks: `Secure` and `HttpOnly`.
    public struct Flags: OptionSet, Hashable, Sendable {
        /// The bits of the set.
        public let rawValue: Int

        /// Creates a set from its bits.
        ///
        /// - Parameter rawValue: the bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// `Secure`: the client sends the cookie only over `https`.
        public static let secure = Flags(rawValue: 1 << 0)
        /// `HttpOnly`: the client keeps the cookie from scripts.
        public static let httpOnly = Flags(rawValue: 1 << 1)
    }
}

// MARK: - SameSite

extension MockCookie {
    /// A `SameSite` attribute value; an open set, so a test can also send one a client must ignore.
    public struct SameSite: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        /// The value as written, such as `Lax`.
        public let rawValue: String

        /// Creates a value from its text.
        ///
        /// - Parameter rawValue: the text, written as given.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Creates a value from a string literal such as `"Bogus"`.
        ///
        /// - Parameter value: the text.
        public init(stringLiteral value: String) {
            self.rawValue = value
        }

        /// `Strict`: sent on same-site requests only.
        public static let strict = SameSite(rawValue: "Strict")
        /// `Lax`: also sent on top-level navigations from other sites.
        public static let lax = SameSite(rawValue: "Lax")
        /// `None`: sent on cross-site requests too (browsers then ask for `Secure`). Not called
        /// `none`, which in a `SameSite?` argument would read as `Optional.none` and leave the attribute out.
        public static let unrestricted = SameSite(rawValue: "None")
    }
}
