public import Foundation

extension HTTPClient {
    /// Sends the router's request and calls `completion` with the result, for code without
    /// concurrency.
    ///
    /// - Parameters:
    ///   - router:     The endpoint.
    ///   - completion: Called once, on an arbitrary thread, with the response or the error.
    /// - Returns: The task sending it; `cancel()` it to cancel the request.
    @discardableResult
    public func send(
        _ router: any HTTPRouter, completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
    ) -> Task<Void, Never> {
        Task {
            do throws(HTTPError) {
                completion(.success(try await send(router)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Sends the router's request, decodes the body and calls `completion`.
    ///
    /// - Parameters:
    ///   - router:     The endpoint.
    ///   - type:       The type to decode.
    ///   - decoder:    The decoder.
    ///   - completion: Called once, on an arbitrary thread, with the value or the error.
    /// - Returns: The task sending it; `cancel()` it to cancel the request.
    @discardableResult
    public func send<Value: Decodable & Sendable>(
        _ router: any HTTPRouter, as type: Value.Type, decoder: JSONDecoder = JSONDecoder(),
        completion: @escaping @Sendable (Result<Value, HTTPError>) -> Void
    ) -> Task<Void, Never> {
        Task {
            do throws(HTTPError) {
                completion(.success(try await send(router, as: Value.self, decoder: decoder)))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
