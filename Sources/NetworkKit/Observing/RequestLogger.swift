public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// An ``EventMonitor`` that writes one line per attempt: method, URL, status, duration and bytes,
/// with `Authorization`, cookies and secret query values redacted.
///
/// ```swift
/// let client = HTTPClient { $0.eventMonitors = [RequestLogger()] }
/// // GET https://api.example.com/items?token=*** → 200 in 41 ms, 1288 bytes
/// ```
public struct RequestLogger: EventMonitor {
    /// How much each line shows.
    public enum Detail: Sendable, Hashable {
        /// One line per finished attempt.
        case summary
        /// Also a line per started attempt with its (redacted) headers.
        case headers
    }

    /// What is hidden.
    public let redaction: Redaction
    /// How much each line shows.
    public let detail: Detail
    private let write: @Sendable (String) -> Void

    /// Creates a logger.
    ///
    /// - Parameters:
    ///   - redaction: What is hidden; ``Redaction/default`` hides credentials and token query values.
    ///   - detail:    How much each line shows.
    ///   - write:     Where lines go; standard error by default.
    public init(
        redaction: Redaction = .default, detail: Detail = .summary,
        write: (@Sendable (String) -> Void)? = nil
    ) {
        self.redaction = redaction
        self.detail = detail
        self.write = write ?? { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    }

    /// Writes the start line when ``detail`` is ``Detail/headers``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - attempt: The attempt number.
    public func requestWillStart(_ request: URLRequest, attempt: Int) {
        guard detail == .headers else { return }
        let headers = request.headers
            .map { "\($0.name): \(redaction.value(of: $0))" }.joined(separator: "; ")
        write("\(line(for: request)) attempt \(attempt) [\(headers)]")
    }

    /// Writes the outcome line.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - result:  The response or error.
    ///   - attempt: The attempt number.
    public func requestDidFinish(_ request: URLRequest, result: Result<HTTPResponse, HTTPError>, attempt: Int) {
        switch result {
        case .success(let response):
            let milliseconds = response.duration.roundedMilliseconds
            write("\(line(for: request)) → \(response.statusCode) in \(milliseconds) ms, \(response.body.count) bytes")
        case .failure(let error):
            write("\(line(for: request)) → failed: \(Self.problem(error))")
        }
    }

    /// Writes the retry line.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - delay:   The wait before the next attempt.
    ///   - error:   Why the attempt failed.
    public func requestWillRetry(_ request: URLRequest, after delay: Duration, error: HTTPError) {
        write("\(line(for: request)) → retrying in \(delay.secondsValue) s")
    }

    /// Writes which transport the client uses instead of its preferred one, and why.
    ///
    /// - Parameters:
    ///   - transport: The transport in use.
    ///   - reason:    Why the preferred one could not be used.
    public func transportDidFallBack(to transport: String, reason: String) {
        write("using \(transport): \(reason)")
    }

    /// Writes a line per `Set-Cookie` field the cookie store rejected, naming the cookie and the
    /// reason (never the value); stored cookies are not logged.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - changes: What the store did with each field.
    ///   - url:     The URL of the hop the response answered.
    public func requestDidReceiveCookies(_ request: URLRequest, changes: [CookieChange], from url: URL) {
        for case .rejected(let rejection) in changes {
            write("\(line(for: request)) → \(rejection) (from \(redaction.redact(url)))")
        }
    }

    private func line(for request: URLRequest) -> String {
        "\(request.httpMethod ?? "GET") \(request.url.map { redaction.redact($0) } ?? "(no URL)")"
    }

    private static func problem(_ error: HTTPError) -> String {
        let text = error.description
        guard let request = error.request, text.hasPrefix("\(request): ") else { return text }
        return String(text.dropFirst("\(request): ".count))
    }
}
