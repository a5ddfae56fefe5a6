package import Foundation
import InternalServiceUtilities

extension HTTPArchive {
    /// One request and its response as a recorder saw them, before they become an ``Entry``.
    package struct Exchange: Sendable {
        package var method: String
        package var url: URL
        package var requestHeaders: [(name: String, value: String)]
        package var requestBody: Data?
        package var status: Int
        package var responseHeaders: [(name: String, value: String)]
        /// The response body as the client received it, after any `Content-Encoding` was undone.
        package var responseBody: Data
        package var started: Date
        package var duration: Duration
        /// The frames of the WebSocket a `101` answer opened, when the recorder saw them.
        package var webSocketMessages: [WebSocketFrameRecord]?

        package init(
            method: String, url: URL, requestHeaders: [(name: String, value: String)], requestBody: Data?,
            status: Int, responseHeaders: [(name: String, value: String)], responseBody: Data, started: Date,
            duration: Duration
        ) {
            self.method = method
            self.url = url
            self.requestHeaders = requestHeaders
            self.requestBody = requestBody
            self.status = status
            self.responseHeaders = responseHeaders
            self.responseBody = responseBody
            self.started = started
            self.duration = duration
        }
    }
}

extension HTTPArchive.Entry {
    /// The entry recording `exchange`, with the secrets `redaction` names masked: header values,
    /// cookie values (when `Cookie` or `Set-Cookie` is secret), query values and URL passwords.
    package init(_ exchange: HTTPArchive.Exchange, redaction: Redaction) {
        typealias Field = HTTPArchive.Field
        func masked(_ fields: [(name: String, value: String)]) -> [Field] {
            fields.map { Field(name: $0.name, value: redaction.value(of: HTTPHeader(name: $0.name, value: $0.value))) }
        }
        let requestHeaders = masked(exchange.requestHeaders)
        let responseHeaders = masked(exchange.responseHeaders)
        // The same rule as the recorded URL's query (`redact(_:)`), bracketed keys included.
        let query = (URLComponents(url: exchange.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { item in
            Field(name: item.name, value: redaction.redactsQueryKey(item.name) ? Redaction.mask : item.value ?? "")
        }
        func header(_ name: String, in fields: [(name: String, value: String)]) -> String? {
            fields.first { FieldName.same($0.name, name) }?.value
        }
        var postData: HTTPArchive.PostData?
        if let body = exchange.requestBody, !body.isEmpty {
            postData = HTTPArchive.PostData(
                mimeType: header("content-type", in: exchange.requestHeaders) ?? "application/octet-stream", body: body)
        }
        var request = HTTPArchive.Request(
            method: exchange.method, url: redaction.redact(exchange.url), headers: requestHeaders, queryString: query,
            postData: postData)
        let hidesCookies = redaction.redactsHeader(named: "cookie")
        request.cookies = exchange.requestHeaders.filter { FieldName.same($0.name, "cookie") }.flatMap {
            HTTPArchive.Cookie.parseRequestCookies($0.value, masked: hidesCookies)
        }
        let content = HTTPArchive.Content(
            mimeType: header("content-type", in: exchange.responseHeaders) ?? "", body: exchange.responseBody)
        var response = HTTPArchive.Response(
            status: exchange.status, statusText: StatusText.phrase(for: exchange.status),
            headers: responseHeaders, content: content)
        let hidesSetCookies = redaction.redactsHeader(named: "set-cookie")
        response.cookies = exchange.responseHeaders.filter { FieldName.same($0.name, "set-cookie") }.compactMap {
            HTTPArchive.Cookie(setCookie: $0.value, masked: hidesSetCookies)
        }
        let milliseconds = exchange.duration.secondsValue * 1000
        self.init(
            startedDateTime: Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(exchange.started),
            time: milliseconds, request: request, response: response,
            timings: HTTPArchive.Timings(send: 0, wait: milliseconds, receive: 0))
        if exchange.status == 101 && exchange.webSocketMessages != nil
            || response.headers.contains(where: {
                FieldName.same($0.name, "upgrade") && $0.value.lowercased() == "websocket"
            })
        {
            resourceType = HTTPArchive.webSocketResourceType
        }
        webSocketMessages = exchange.webSocketMessages
    }
}

extension HTTPArchive.Cookie {
    /// The cookies of a `Cookie` header: `a=1; b=2`.
    static func parseRequestCookies(_ header: String, masked: Bool) -> [HTTPArchive.Cookie] {
        header.split(separator: ";").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return nil }
            let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            return HTTPArchive.Cookie(name: name, value: masked ? Redaction.mask : value)
        }
    }

    /// The cookie a `Set-Cookie` header sets, with its path, domain, expiry and flags.
    init?(setCookie header: String, masked: Bool) {
        let attributes = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = attributes.first, let equals = first.firstIndex(of: "=") else { return nil }
        self.init(
            name: String(first[..<equals]),
            value: masked ? Redaction.mask : String(first[first.index(after: equals)...]))
        for attribute in attributes.dropFirst() {
            let parts = attribute.split(separator: "=", maxSplits: 1).map(String.init)
            guard let key = parts.first else { continue }
            switch key.lowercased() {
            case "path": path = parts.count > 1 ? parts[1] : nil
            case "domain": domain = parts.count > 1 ? parts[1] : nil
            case "expires": expires = parts.count > 1 ? parts[1] : nil
            case "httponly": httpOnly = true
            case "secure": secure = true
            default: break
            }
        }
    }
}
