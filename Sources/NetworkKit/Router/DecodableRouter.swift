public import Foundation

/// A router that also knows what its response decodes to, so the endpoint fixes the return type.
///
/// ```swift
/// struct ItemRoute: DecodableRouter {
///     typealias Response = [Item]
///     var baseUrlString: String { "https://api.example.com" }
///     var path: String { "items" }
///     var method: HTTPMethod { .get }
/// }
/// let items = try await client.fetch(ItemRoute())  // [Item]
/// ```
public protocol DecodableRouter: HTTPRouter {
    /// The type the body decodes to; ``Empty`` for endpoints without a body.
    associatedtype Response: Decodable & Sendable

    /// The decoder for the body; a plain `JSONDecoder` by default.
    var decoder: JSONDecoder { get }
}

extension DecodableRouter {
    /// A plain `JSONDecoder`.
    public var decoder: JSONDecoder { JSONDecoder() }
}

extension HTTPClient {
    /// Sends a ``DecodableRouter``'s request and decodes its ``DecodableRouter/Response``.
    ///
    /// (`send(_:)` with the same router returns the raw ``HTTPResponse``.)
    ///
    /// - Parameter router: The endpoint.
    /// - Returns: The decoded value.
    /// - Throws: ``HTTPError``, including ``HTTPError/decodingFailed(_:)``.
    public func fetch<Router: DecodableRouter>(_ router: Router) async throws(HTTPError) -> Router.Response {
        let response = try await send(router)
        if Router.Response.self == Empty.self, let empty = Empty.value as? Router.Response {
            return empty
        }
        return try response.decode(Router.Response.self, decoder: router.decoder)
    }
}
