import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

extension URLRequest {
    /// A `curl` command that sends this request, for debugging; secrets are redacted by default.
    ///
    /// ```swift
    /// print(try UserAPI.me.asURLRequest().cURLDescription())
    /// // curl -X GET -H 'Authorization: ***' 'https://api.example.com/me'
    /// ```
    ///
    /// - Parameter redaction: What is hidden; pass ``Redaction/none`` to show everything.
    /// - Returns: The command on one line, every argument single-quoted for a POSIX shell.
    public func cURLDescription(redaction: Redaction = .default) -> String {
        var words = ["curl", "-X", Self.quoted(httpMethod ?? "GET")]
        for header in headers {
            words += ["-H", Self.quoted("\(header.name): \(redaction.value(of: header))")]
        }
        if let body = httpBody, !body.isEmpty {
            if let text = String(data: body, encoding: .utf8) {
                words += ["--data-binary", Self.quoted(text)]
            } else {
                words += ["--data-binary", Self.quoted("<\(body.count) bytes of binary data>")]
            }
        }
        words.append(Self.quoted(url.map { redaction.redact($0) } ?? ""))
        return words.joined(separator: " ")
    }

    /// `'text'` with each `'` written as `'\''`.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

// MARK: - Alamofire-compatible front door

extension URLRequest {
    /// The request's header fields as ``HTTPHeaders``, as Alamofire's `URLRequest.headers`.
    ///
    /// Reading sorts the fields by name (a `URLRequest` keeps no order); setting replaces every
    /// field, joining repeated names with `, `.
    public var headers: HTTPHeaders {
        get { HTTPHeaders(allHTTPHeaderFields ?? [:]) }
        set { allHTTPHeaderFields = newValue.dictionary }
    }
}

extension URLRequest {
    /// Whether the request's URL is `http` or `https`, the only schemes the built-in transports
    /// send: for them, a protocol the transport does not support is the answer's, not the URL's.
    var hasHTTPScheme: Bool {
        let scheme = url?.scheme?.lowercased()
        return scheme == "http" || scheme == "https"
    }
}

extension URLRequest {
    /// The value of the field called `name` in any case: the same answer as
    /// `value(forHTTPHeaderField:)`, whose Linux lookup compares every name through `NSString`
    /// (a microsecond a call), found in the fields read once.
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - fields: The request's `allHTTPHeaderFields`.
    static func value(of name: String, in fields: [String: String]?) -> String? {
        guard let fields, !fields.isEmpty else { return nil }
        if let value = fields[name] { return value }
        return fields.first { FieldName.same($0.key, name) }?.value
    }

    /// Sets the field called `name` in `fields` to `value`, replacing one of that name in any case,
    /// as `setValue(_:forHTTPHeaderField:)` does, without copying a request for each field.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - name: The field name.
    ///   - fields: A request's `allHTTPHeaderFields`.
    static func set(_ value: String, for name: String, in fields: inout [String: String]) {
        if fields[name] == nil, let other = fields.keys.first(where: { FieldName.same($0, name) }) {
            fields[other] = nil
        }
        fields[name] = value
    }
}
