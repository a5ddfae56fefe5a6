import Foundation

extension HTTPError.DecodingFailure {
    /// How many bytes of the body a decoding failure quotes.
    private static let excerptLength = 200

    /// The failure of a decoder that threw `error` on `body`: the failing key's path and what the
    /// decoder said, read from `error` as NetworkKit's own decoding reads them, and the body's first
    /// bytes.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - type: The name of the type that was decoded; empty when it is not known.
    ///   - error: What the decoder threw: a `DecodingError`, or any other error.
    ///   - body: The body that was decoded, if there was one.
    ///   - origin: The error the failure is made from, given back when it is mapped back.
    init(
        request: HTTPError.RequestSummary, type: String, decoding error: any Error, body: Data?,
        origin: (any Error)? = nil
    ) {
        let (path, reason) = Self.describe(error)
        self.init(
            request: request, type: type, codingPath: path, reason: reason, excerpt: Self.excerpt(of: body),
            origin: origin)
    }

    /// The first ``excerptLength`` bytes of `body`, as text.
    static func excerpt(of body: Data?) -> String {
        String(decoding: (body ?? Data()).prefix(excerptLength), as: UTF8.self)
    }

    private static func describe(_ error: any Error) -> (path: String, reason: String) {
        guard let decodingError = error as? DecodingError else { return ("", "\(error)") }
        switch decodingError {
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "missing \(type) value: \(context.debugDescription)")
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), "missing key: \(context.debugDescription)")
        case .dataCorrupted(let context):
            return (path(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(decodingError)")
        }
    }

    /// `items[2].price` for the coding path items → 2 → price.
    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
