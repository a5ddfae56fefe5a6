/// SurfUtils' name for the client that sends routers' requests; the same type as ``HTTPClient``.
///
/// ```swift
/// let service: HttpService = HTTPClient()
/// let response = try await UserAPI.me.request(usingHttpService: service)
/// ```
public typealias HttpService = HTTPClient
