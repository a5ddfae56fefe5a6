import Foundation
import InternalServiceUtilities

/// One HTTP header field: a name and its value.
///
/// Names compare case-insensitively (RFC 9110 §5.1); the builders make the common fields.
///
/// ```swift
/// let header = HTTPHeader.authorization(bearerToken: token)
/// ```
public struct HTTPHeader: Hashable, Sendable, CustomStringConvertible {
    /// The field name, as given (compared case-insensitively).
    public let name: String
    /// The field value.
    public let value: String

    /// Creates a header field.
    ///
    /// - Parameters:
    ///   - name:  The field name, such as `Accept`.
    ///   - value: The field value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `Name: value`, with the value of a credential-bearing field replaced by `***`.
    public var description: String {
        "\(name): \(Redaction.default.redactsHeader(named: name) ? Redaction.mask : value)"
    }

    /// Two fields are equal when their names match case-insensitively and their values exactly.
    public static func == (lhs: HTTPHeader, rhs: HTTPHeader) -> Bool {
        FieldName.same(lhs.name, rhs.name) && lhs.value == rhs.value
    }

    /// Hashes the lowercased name and the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name.lowercased())
        hasher.combine(value)
    }
}

// MARK: - Builders

extension HTTPHeader {
    /// `Accept: <value>`.
    ///
    /// - Parameter value: The acceptable media types, such as `application/json`.
    /// - Returns: The header field.
    public static func accept(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Accept", value: value)
    }

    /// `Accept-Encoding: <value>`.
    ///
    /// - Parameter value: The acceptable codings, such as `gzip, deflate`.
    /// - Returns: The header field.
    public static func acceptEncoding(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Accept-Encoding", value: value)
    }

    /// `Accept-Charset: <value>`.
    ///
    /// - Parameter value: The acceptable character encodings, such as `utf-8`.
    /// - Returns: The header field.
    public static func acceptCharset(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Accept-Charset", value: value)
    }

    /// `Accept-Language: <value>`; ``defaultAcceptLanguage`` lists the user's preferred languages.
    ///
    /// - Parameter value: The acceptable languages, such as `en-GB, en;q=0.9`.
    /// - Returns: The header field.
    public static func acceptLanguage(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Accept-Language", value: value)
    }

    /// `Authorization: <value>`, for a scheme the other builders do not cover.
    ///
    /// - Parameter value: The whole field value, such as `Digest …`.
    /// - Returns: The header field.
    public static func authorization(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Authorization", value: value)
    }

    /// `Authorization: Bearer <token>` (RFC 6750).
    ///
    /// - Parameter bearerToken: The access token.
    /// - Returns: The header field.
    public static func authorization(bearerToken: String) -> HTTPHeader {
        authorization("Bearer \(bearerToken)")
    }

    /// `Authorization: Basic <base64(username:password)>` (RFC 7617, UTF-8).
    ///
    /// - Parameters:
    ///   - username: The user name; it must not contain a colon.
    ///   - password: The password.
    /// - Returns: The header field.
    public static func authorization(username: String, password: String) -> HTTPHeader {
        let credential = Data("\(username):\(password)".utf8).base64EncodedString()
        return authorization("Basic \(credential)")
    }

    /// `Content-Disposition: <value>`.
    ///
    /// - Parameter value: The disposition, such as `attachment; filename="report.pdf"`.
    /// - Returns: The header field.
    public static func contentDisposition(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Content-Disposition", value: value)
    }

    /// `Content-Encoding: <value>`.
    ///
    /// - Parameter value: The codings applied to the body, such as `gzip`.
    /// - Returns: The header field.
    public static func contentEncoding(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Content-Encoding", value: value)
    }

    /// `Content-Type: <value>`.
    ///
    /// - Parameter value: The media type, such as `application/json`.
    /// - Returns: The header field.
    public static func contentType(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Content-Type", value: value)
    }

    /// `User-Agent: <value>`.
    ///
    /// - Parameter value: The product tokens.
    /// - Returns: The header field.
    public static func userAgent(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "User-Agent", value: value)
    }

    /// The `Accept-Encoding` that URLSession can decode on every platform: `gzip;q=1.0, deflate;q=0.9`.
    public static let defaultAcceptEncoding = acceptEncoding(qualityList(["gzip", "deflate"]))

    /// `Accept-Language` with the user's first six preferred languages, weighted `1.0`, `0.9`…
    /// (RFC 9110 §12.5.4), as Alamofire's header of the same name.
    ///
    /// Not among ``HTTPHeaders/default``: add it where a server localises its answers.
    public static let defaultAcceptLanguage = acceptLanguage(
        qualityList(Locale.preferredLanguages.prefix(6).filter { !$0.isEmpty }))

    /// `User-Agent: <executable>/<version> NetworkKit`, from the main bundle when it says, else the
    /// process name.
    public static let defaultUserAgent: HTTPHeader = {
        let info = Bundle.main.infoDictionary
        let name = info?["CFBundleName"] as? String ?? ProcessInfo.processInfo.processName
        let version = info?["CFBundleShortVersionString"] as? String
        let product = version.map { "\(name)/\($0)" } ?? name
        return userAgent("\(product) NetworkKit")
    }()

    /// `a;q=1.0, b;q=0.9, …`: the values weighted by position, from `1.0` down in steps of `0.1`.
    static func qualityList(_ values: some Collection<String>) -> String {
        values.enumerated().map { index, value in
            let weight = index == 0 ? "1.0" : "0.\(max(1, 10 - index))"
            return "\(value);q=\(weight)"
        }.joined(separator: ", ")
    }
}
