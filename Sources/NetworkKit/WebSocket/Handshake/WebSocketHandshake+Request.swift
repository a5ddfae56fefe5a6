import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension WebSocketHandshake {
    /// The opening handshake's request head (§4.1): `GET` of the URL's path and query over
    /// HTTP/1.1, `Host`, the request's own fields, then the handshake's, which replace any of the
    /// same name the request set.
    ///
    /// - Parameter request: The request after adapters, with its cookies.
    /// - Returns: The bytes to write.
    /// - Throws: ``WebSocketError/HandshakeFailureReason/invalidRequest(_:)`` for a URL without a
    ///   host, or a field whose name or value holds a line break or NUL (which would split the head).
    func requestHead(for request: URLRequest) throws(WebSocketError) -> [UInt8] {
        func invalid(_ detail: String) -> WebSocketError { WebSocketError(.handshakeFailed(.invalidRequest(detail))) }
        guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let host = components.percentEncodedHost, !host.isEmpty
        else { throw invalid("the URL has no host") }
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        var authority = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let secure = WebSocketURL.isSecure(url)
        if let port = components.port, port != (secure ? 443 : 80) { authority += ":\(port)" }
        let own = Set(requestHeaders.map { $0.name.lowercased() })
        var fields: [(name: String, value: String)] = [("Host", authority)]
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key })
        where !own.contains(name.lowercased()) && name.lowercased() != "host" {
            fields.append((name, value))
        }
        fields += requestHeaders
        var head = "GET \(target) HTTP/1.1\r\n"
        for (name, value) in fields {
            guard !name.isEmpty,
                !(name + value).unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" })
            else { throw invalid("the field '\(name.prefix(64))' holds a line break") }
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8)
    }
}
