import Foundation

/// What a cookie store did with one `Set-Cookie` field of a response, as event monitors are told
/// (``EventMonitor/requestDidReceiveCookies(_:changes:from:)``).
///
/// ```swift
/// for case .rejected(let rejection) in changes { print(rejection) }  // "cookie session: …"
/// ```
public enum CookieChange: Sendable, Hashable {
    /// A new cookie was stored.
    case stored(Cookie)
    /// A cookie with the same name, domain and path was replaced (its creation time kept).
    case replaced(Cookie)
    /// The field's expiry had passed, so the cookie it names was removed (or never stored).
    case expired(name: String, domain: String, path: String)
    /// The field was ignored; the rejection says why.
    case rejected(CookieRejection)
}

/// Why a `Set-Cookie` field was ignored. It names the cookie but never carries its value, which may
/// be a secret, so it can be logged.
public struct CookieRejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reasons RFC 6265 and RFC 6265bis give for ignoring a field.
    public enum Reason: Sendable, Hashable {
        /// The field has neither a name nor a value (§5.2 of RFC 6265bis).
        case emptyNameAndValue
        /// The field holds a control character (RFC 6265bis §5.6 step 2).
        case controlCharacter
        /// Name and value together are longer than `limit` bytes (RFC 6265bis §5.6 step 3).
        case tooLarge(limit: Int)
        /// The `Domain` attribute does not domain-match the request's host (§5.3 step 6).
        case domainMismatch(domain: String)
        /// The `Domain` attribute is a public suffix other than the host itself (§5.3 step 5).
        case publicSuffix(domain: String)
        /// A `Secure` cookie, or one that would replace a secure cookie, came over plain `http`
        /// (RFC 6265bis §5.6 steps 14 and 16).
        case insecureOrigin
        /// A `__Secure-` or `__Host-` name without the attributes its prefix demands
        /// (RFC 6265bis §4.1.3).
        case prefixRequirements(prefix: String)
        /// The request's URL has no host a cookie can be stored for.
        case noHost
    }

    /// The cookie's name (possibly shortened), never its value.
    public let name: String
    /// Why it was ignored.
    public let reason: Reason

    /// Makes a rejection.
    ///
    /// - Parameters:
    ///   - name:   The cookie's name.
    ///   - reason: Why it was ignored.
    public init(name: String, reason: Reason) {
        self.name = String(name.prefix(64))
        self.reason = reason
    }

    /// "cookie NAME: why", in one line without the value.
    public var description: String {
        let why: String
        switch reason {
        case .emptyNameAndValue: why = "it has neither a name nor a value"
        case .controlCharacter: why = "it holds a control character"
        case .tooLarge(let limit): why = "its name and value are longer than \(limit) bytes"
        case .domainMismatch(let domain): why = "its Domain \(domain) does not match the request's host"
        case .publicSuffix(let domain): why = "its Domain \(domain) is a public suffix"
        case .insecureOrigin: why = "a secure cookie cannot be set or replaced over plain http"
        case .prefixRequirements(let prefix): why = "its \(prefix) prefix's requirements are not met"
        case .noHost: why = "the request's URL has no host"
        }
        return "cookie \(name.isEmpty ? "(nameless)" : name): \(why)"
    }
}
