import Foundation
import MockServerKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real client for the tests: URLSession, one ephemeral session per call site.
enum HTTP {
    static let session = URLSession(configuration: .ephemeral)

    /// Sends `request` and returns the body and the HTTP response.
    static func send(_ request: URLRequest, session: URLSession = HTTP.session) async throws -> (Data, HTTPURLResponse)
    {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw RawClientError(description: "not an HTTP response: \(response)")
        }
        return (data, http)
    }

    /// A request for `path` on `server`.
    static func request(
        _ server: MockServer, _ path: String, method: String = "GET", body: Data? = nil,
        headers: [String: String] = [:]
    ) -> URLRequest {
        var request = URLRequest(url: server.url(path))
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }
}
