public import Foundation

extension MockResponse {
    /// Serves `content` as a file server does: honours a single `Range: bytes=…` (RFC 9110 §14),
    /// guarded by `If-Range`, with `206` and `Content-Range`, `416` for a range past the end, and
    /// the whole content with `200` otherwise.
    ///
    /// `If-Range` matches when it is `entityTag` compared strongly (a weak tag never matches) or
    /// exactly `lastModified`; when it does not match, the whole content is sent. Several ranges
    /// in one header are answered with the whole content, which RFC 9110 allows.
    ///
    /// ```swift
    /// server.stub(method: .get, path: "/report.pdf") { request in
    ///     .ranged(report, for: request, entityTag: "\"v2\"")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - content:      the whole file.
    ///   - request:      the request being answered (its `Range` and `If-Range`).
    ///   - entityTag:    the `ETag` to send and match, with its quotes, such as `"v2"`.
    ///   - lastModified: the `Last-Modified` HTTP date to send and match.
    ///   - contentType:  the media type (`application/octet-stream` by default).
    /// - Returns: the response.
    public static func ranged(
        _ content: Data, for request: MockRequest, entityTag: String? = nil, lastModified: String? = nil,
        contentType: String = "application/octet-stream"
    ) -> MockResponse {
        var headers: MockHeaders = ["Content-Type": contentType, "Accept-Ranges": "bytes"]
        if let entityTag { headers["ETag"] = entityTag }
        if let lastModified { headers["Last-Modified"] = lastModified }
        guard let range = request.headers["Range"],
            ByteRange.validatorMatches(request.headers["If-Range"], entityTag: entityTag, lastModified: lastModified)
        else {
            return MockResponse(status: 200, headers: headers, body: content)
        }
        switch ByteRange.parse(range, length: content.count) {
        case .ignored:
            return MockResponse(status: 200, headers: headers, body: content)
        case .unsatisfiable:
            headers["Content-Range"] = "bytes */\(content.count)"
            return MockResponse(status: 416, headers: headers)
        case .satisfiable(let bounds):
            headers["Content-Range"] = "bytes \(bounds.lowerBound)-\(bounds.upperBound)/\(content.count)"
            let start = content.startIndex + bounds.lowerBound
            return MockResponse(
                status: 206, headers: headers, body: Data(content[start...(start + bounds.count - 1)]))
        }
    }
}

/// Parses the `Range` and `If-Range` request fields of RFC 9110 §13.1.5 and §14.1.2.
enum ByteRange {
    /// What a `Range` field asks of content of a given length.
    enum Outcome: Equatable {
        /// Not a single byte range this server serves: send the whole content.
        case ignored
        /// A valid range that starts past the end (or an empty suffix): 416.
        case unsatisfiable
        /// The closed range of byte offsets to send.
        case satisfiable(ClosedRange<Int>)
    }

    /// Interprets `value` (such as `bytes=100-` or `bytes=-500`) for `length` bytes.
    static func parse(_ value: String, length: Int) -> Outcome {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes="), !trimmed.contains(",") else { return .ignored }
        let spec = trimmed.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .ignored }
        let first = parts[0].isEmpty ? nil : digits(parts[0])
        let last = parts[1].isEmpty ? nil : digits(parts[1])
        if parts[0].isEmpty {
            guard let suffix = last else { return .ignored }
            guard suffix > 0, length > 0 else { return .unsatisfiable }
            return .satisfiable(max(length - suffix, 0)...(length - 1))
        }
        guard let first, parts[1].isEmpty || last != nil else { return .ignored }
        if let last, last < first { return .ignored }
        guard first < length else { return .unsatisfiable }
        return .satisfiable(first...min(last ?? (length - 1), length - 1))
    }

    /// Whether a request's `If-Range` (absent counts as a match) names the current representation.
    static func validatorMatches(_ ifRange: String?, entityTag: String?, lastModified: String?) -> Bool {
        guard let ifRange = ifRange?.trimmingCharacters(in: .whitespaces) else { return true }
        if ifRange.hasPrefix("\"") || ifRange.hasPrefix("W/") {
            guard let entityTag, !entityTag.hasPrefix("W/") else { return false }
            return ifRange == entityTag
        }
        return lastModified.map { $0 == ifRange } ?? false
    }

    /// A non-negative decimal number, or nil (also for one too large to hold).
    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }
}
