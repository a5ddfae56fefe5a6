import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one HTTP call GeoKit makes: a GET returning the body and status.
///
/// A small internal seam so that OSRM can be tested against a local server; it should move onto
/// NetworkKit's `HTTPClient` once that lands.
protocol HTTPGetTransport: Sendable {
    func get(_ url: URL, timeout: TimeInterval) async throws -> (data: Data, status: Int)
}

/// `HTTPGetTransport` over an ephemeral `URLSession`.
struct URLSessionGetTransport: HTTPGetTransport {
    func get(_ url: URL, timeout: TimeInterval) async throws -> (data: Data, status: Int) {
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }
}
