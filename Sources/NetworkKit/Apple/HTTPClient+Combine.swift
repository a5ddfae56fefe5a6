#if canImport(Combine)
    public import Combine
    public import Foundation
    import InternalServiceUtilities

    extension HTTPClient {
        /// A `Future` that sends the router's request when created (as SurfUtils' `AuthAPI` returns).
        ///
        /// - Parameter router: The endpoint.
        /// - Returns: A future of the response.
        public func future(_ router: any HTTPRouter) -> Future<HTTPResponse, HTTPError> {
            Future { promise in
                // The promise is not Sendable; the lock box hands it to the completion exactly once.
                let box = Locked(Optional(promise))
                self.send(router) { result in
                    box.withLock { stored in
                        stored?(result)
                        stored = nil
                    }
                }
            }
        }

        /// A `Future` that sends the router's request and decodes the body.
        ///
        /// - Parameters:
        ///   - router:  The endpoint.
        ///   - type:    The type to decode.
        ///   - decoder: The decoder.
        /// - Returns: A future of the decoded value.
        public func future<Value: Decodable & Sendable>(
            _ router: any HTTPRouter, as type: Value.Type, decoder: JSONDecoder = JSONDecoder()
        ) -> Future<Value, HTTPError> {
            Future { promise in
                let box = Locked(Optional(promise))
                self.send(router, as: Value.self, decoder: decoder) { result in
                    box.withLock { stored in
                        stored?(result)
                        stored = nil
                    }
                }
            }
        }
    }
#endif
