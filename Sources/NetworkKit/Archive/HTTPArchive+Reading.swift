package import Foundation

extension HTTPArchive {
    /// Thrown by ``Log/init(from:)`` when `entries` is longer than the reader allows.
    struct EntryLimitExceeded: Error {
        let count: Int
        let limit: Int
    }

    /// Where the reader passes its entry limit to ``Log/init(from:)``.
    static let entryLimitKey: CodingUserInfoKey = {
        // A literal key that is valid by construction: `init?(rawValue:)` accepts every string.
        guard let key = CodingUserInfoKey(rawValue: "HTTPArchive.maximumEntries") else {
            preconditionFailure("CodingUserInfoKey rejected a constant key")
        }
        return key
    }()

    /// Reads the HAR file at `url` within `limits`.
    ///
    /// - Throws: ``HTTPError/archiveFailed(_:)`` naming the entry and field at fault.
    package init(contentsOf url: URL, limits: HTTPArchiveLimits = HTTPArchiveLimits()) throws(HTTPError) {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            if size > limits.maximumFileBytes {
                throw HTTPError.archiveFailed(
                    .init(entry: nil, field: "", reason: .fileTooLarge(bytes: size, limit: limits.maximumFileBytes)))
            }
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch let error as HTTPError {
            throw error
        } catch {
            let detail = (error as NSError).localizedDescription
            throw .archiveFailed(.init(entry: nil, field: "", reason: .fileUnavailable(path: url.path, detail: detail)))
        }
        try self.init(data: data, limits: limits)
    }

    /// Reads a HAR document from `data` within `limits`, checking every body can be decoded.
    ///
    /// - Throws: ``HTTPError/archiveFailed(_:)`` naming the entry and field at fault.
    package init(data: Data, limits: HTTPArchiveLimits = HTTPArchiveLimits()) throws(HTTPError) {
        guard data.count <= limits.maximumFileBytes else {
            throw .archiveFailed(
                .init(entry: nil, field: "", reason: .fileTooLarge(bytes: data.count, limit: limits.maximumFileBytes)))
        }
        let decoder = JSONDecoder()
        decoder.userInfo[Self.entryLimitKey] = limits.maximumEntries
        decoder.userInfo[Self.webSocketMessageLimitKey] = limits.maximumWebSocketMessages
        do {
            self = try decoder.decode(HTTPArchive.self, from: data)
        } catch let error as EntryLimitExceeded {
            throw .archiveFailed(
                .init(entry: nil, field: "log.entries", reason: .tooManyEntries(count: error.count, limit: error.limit))
            )
        } catch let error as WebSocketMessageLimitExceeded {
            let detail = "\(error.count) WebSocket messages, more than the limit of \(error.limit)"
            throw .archiveFailed(.init(entry: error.entry, field: "_webSocketMessages", reason: .invalidValue(detail)))
        } catch let error as DecodingError {
            throw .archiveFailed(Self.failure(error))
        } catch {
            throw .archiveFailed(.init(entry: nil, field: "", reason: .notJSON("\(error)")))
        }
        for (index, entry) in log.entries.enumerated() {
            _ = try entry.response.content.body(entry: index, limit: limits.maximumBodyBytes)
            _ = try entry.request.postData?.body(entry: index, limit: limits.maximumBodyBytes)
        }
        try Self.checkWebSocketPayloads(of: log.entries, limit: limits.maximumBodyBytes)
    }

    /// The failure a decoding error describes, naming the entry and field.
    static func failure(_ error: DecodingError) -> HTTPError.ArchiveFailure {
        switch error {
        case .keyNotFound(let key, let context):
            return place(context.codingPath + [key], reason: .missingField)
        case .valueNotFound(let type, let context):
            return place(context.codingPath, reason: .wrongType(expected: "\(type)"))
        case .typeMismatch(let type, let context):
            return place(context.codingPath, reason: .wrongType(expected: "\(type)"))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let underlying = context.underlyingError.map { " (\($0))" } ?? ""
                return HTTPError.ArchiveFailure(
                    entry: nil, field: "", reason: .notJSON(context.debugDescription + underlying))
            }
            return place(context.codingPath, reason: .invalidValue(context.debugDescription))
        @unknown default:
            return HTTPError.ArchiveFailure(entry: nil, field: "", reason: .notJSON("\(error)"))
        }
    }

    /// Splits a coding path into the entry's index and the field's dotted path inside it.
    private static func place(_ path: [any CodingKey], reason: HTTPError.ArchiveFailureReason)
        -> HTTPError.ArchiveFailure
    {
        var entry: Int?
        var rest = path[...]
        if path.count >= 3, path[0].stringValue == "log", path[1].stringValue == "entries",
            let index = path[2].intValue
        {
            entry = index
            rest = path.dropFirst(3)
        }
        var field = ""
        for key in rest {
            if let index = key.intValue {
                field += "[\(index)]"
            } else {
                field += field.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return HTTPError.ArchiveFailure(entry: entry, field: field, reason: reason)
    }
}

// MARK: - Bodies

extension HTTPArchive.Content {
    /// The body's bytes: `text` as UTF-8, or decoded when `encoding` is `base64`.
    ///
    /// - Throws: ``HTTPError/archiveFailed(_:)`` naming `response.content.text`.
    package func body(entry: Int, limit: Int) throws(HTTPError) -> Data {
        try HTTPArchive.decodeBody(
            text: text, encoding: encoding, entry: entry, field: "response.content.text", limit: limit)
    }
}

extension HTTPArchive.PostData {
    /// The body's bytes: `text` as UTF-8, decoded when `encoding` is `base64`, or `params` as a form.
    ///
    /// - Throws: ``HTTPError/archiveFailed(_:)`` naming `request.postData.text`.
    package func body(entry: Int, limit: Int) throws(HTTPError) -> Data {
        if text == nil, let params, !params.isEmpty {
            let form = params.map { parameter in
                let name = parameter.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                let value = (parameter.value ?? "").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                return "\(name)=\(value)"
            }
            return Data(form.joined(separator: "&").utf8)
        }
        return try HTTPArchive.decodeBody(
            text: text, encoding: encoding, entry: entry, field: "request.postData.text", limit: limit)
    }
}

extension HTTPArchive {
    static func decodeBody(text: String?, encoding: String?, entry: Int, field: String, limit: Int)
        throws(HTTPError) -> Data
    {
        guard let text else { return Data() }
        let isBase64 = encoding?.lowercased() == "base64"
        let estimate = isBase64 ? text.utf8.count / 4 * 3 : text.utf8.count
        guard estimate <= limit else {
            throw .archiveFailed(
                .init(entry: entry, field: field, reason: .bodyTooLarge(bytes: estimate, limit: limit)))
        }
        guard isBase64 else { return Data(text.utf8) }
        let compact = text.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: compact) else {
            throw .archiveFailed(.init(entry: entry, field: field, reason: .invalidBase64))
        }
        return data
    }
}
