public import Foundation

/// What a handler answers: a status, header fields and a body.
///
/// The server adds `Content-Length`, `Date` and, when it closes the connection, `Connection: close`.
/// A body can also be written piece by piece after the head, held open, dripped or cut short
/// (``streaming(status:headers:length:body:)``), and a file can be served with byte ranges
/// (``ranged(_:for:entityTag:lastModified:contentType:)``). ``settingCookie(_:)`` adds a
/// `Set-Cookie` field per cookie (``MockHeaders`` keeps repeated fields, and each goes out on its own).
///
/// ```swift
/// server.stub(method: .get, path: "/ping") { _ in .text("pong") }
/// server.stub(method: .delete, path: "/item/:id") { _ in MockResponse(status: 204) }
/// ```
public struct MockResponse: Sendable {
    /// The status code, such as 200.
    public var status: Int
    /// The header fields the handler sets.
    public var headers: MockHeaders
    /// The body; not sent for `HEAD` requests and 204 or 304 answers.
    public var body: Data
    /// The body written after the head, for a ``streaming(status:headers:length:body:)`` response.
    var streamedBody: StreamedBody?
    /// The conditions this response goes through, after the server's and its stub's (``with(_:)``).
    var conditions: [NetworkCondition] = []

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - status:  the status code (100…999; others are sent as 500).
    ///   - headers: the header fields.
    ///   - body:    the body.
    public init(status: Int = 200, headers: MockHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain; charset=utf-8` response.
    ///
    /// - Parameters:
    ///   - text:   the body text.
    ///   - status: the status code.
    /// - Returns: the response.
    public static func text(_ text: String, status: Int = 200) -> MockResponse {
        MockResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
    }

    /// A response with a status and an empty body.
    ///
    /// - Parameter status: the status code.
    /// - Returns: the response.
    public static func status(_ status: Int) -> MockResponse {
        MockResponse(status: status)
    }

    /// A JSON response from bytes that already are JSON.
    ///
    /// - Parameters:
    ///   - data:   the JSON bytes.
    ///   - status: the status code.
    /// - Returns: the response, with `Content-Type: application/json`.
    public static func json(data: Data, status: Int = 200) -> MockResponse {
        MockResponse(status: status, headers: ["Content-Type": "application/json"], body: data)
    }

    /// A JSON response encoding `value`.
    ///
    /// ```swift
    /// server.stub(method: .get, path: "/user") { _ in try .json(User(id: 1, name: "Ann")) }
    /// ```
    ///
    /// - Parameters:
    ///   - value:   what to encode.
    ///   - status:  the status code.
    ///   - encoder: the encoder to use (keys are sorted by default, so bodies are stable).
    /// - Returns: the response, with `Content-Type: application/json`.
    /// - Throws: ``MockServerError/bodyEncodingFailed(type:detail:)`` when encoding fails.
    public static func json<Value: Encodable>(
        _ value: Value, status: Int = 200, encoder: JSONEncoder = MockResponse.defaultEncoder()
    ) throws(MockServerError) -> MockResponse {
        do {
            return json(data: try encoder.encode(value), status: status)
        } catch {
            throw .bodyEncodingFailed(type: String(describing: Value.self), detail: String(describing: error))
        }
    }

    /// The encoder ``json(_:status:encoder:)`` uses unless told otherwise: sorted keys, no escaped slashes.
    ///
    /// - Returns: a new encoder.
    public static func defaultEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
