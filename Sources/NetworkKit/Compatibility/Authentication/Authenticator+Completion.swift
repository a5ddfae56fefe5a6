#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

// MARK: - Bridging defaults

extension Authenticator {
    /// Runs NetworkKit's `async` form (``refresh(_:)``) for an authenticator that only has that form,
    /// and calls `completion` with its result; an authenticator with neither form keeps its credential.
    ///
    /// - Parameters:
    ///   - credential: The credential to refresh.
    ///   - session: The session (unused by the `async` form).
    ///   - completion: Called once with the result.
    public func refresh(
        _ credential: Credential, for session: Session,
        completion: @escaping @Sendable (Result<Credential, any Error>) -> Void
    ) {
        guard !InterceptionBridge.isBridging(Self.self) else { return completion(.success(credential)) }
        Task {
            do {
                completion(.success(try await refresh(credential)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Runs Alamofire's completion form (``refresh(_:for:completion:)``) with ``Session/default`` for
    /// an authenticator that only has that form; one with neither form keeps its credential.
    ///
    /// - Parameter credential: The credential to refresh.
    /// - Returns: The new credential.
    /// - Throws: The error the completion form gave.
    public func refresh(_ credential: Credential) async throws -> Credential {
        guard !InterceptionBridge.isBridging(Self.self) else { return credential }
        let result = await InterceptionBridge.bridging(Self.self) {
            await CompletionBridge.value(otherwise: Result<Credential, any Error>.success(credential)) { completion in
                refresh(credential, for: .default, completion: completion)
            }
        }
        return try result.get()
    }

    /// Runs NetworkKit's form (``isAuthenticationFailure(_:)``) for an authenticator that only has
    /// that form; a 401 is an authentication failure for one with neither, as in Alamofire's docs.
    ///
    /// - Parameters:
    ///   - urlRequest: The request as sent.
    ///   - response: The server's answer.
    ///   - error: Why the request failed.
    /// - Returns: Whether the credential was refused.
    public func didRequest(
        _ urlRequest: URLRequest, with response: HTTPURLResponse, failDueToAuthenticationError error: any Error
    ) -> Bool {
        guard !InterceptionBridge.isBridging(Self.self) else { return response.statusCode == 401 }
        let answer = HTTPResponse(
            request: urlRequest, statusCode: response.statusCode, headers: response.headers, body: Data(),
            url: response.url, duration: .zero)
        let context = RetryContext(
            request: urlRequest, response: answer,
            error: HTTPError(wrapping: error, request: urlRequest, response: response, data: nil), attempt: 1,
            totalDelay: .zero)
        return InterceptionBridge.bridging(Self.self) { isAuthenticationFailure(context) }
    }

    /// Runs Alamofire's form (``didRequest(_:with:failDueToAuthenticationError:)``) for an
    /// authenticator that only has that form; a 401 is an authentication failure for one with neither.
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: Whether the credential was refused.
    public func isAuthenticationFailure(_ context: RetryContext) -> Bool {
        guard !InterceptionBridge.isBridging(Self.self), let answer = context.response,
            let url = answer.url ?? context.request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: answer.statusCode, httpVersion: "HTTP/1.1",
                headerFields: answer.headers.dictionary)
        else { return context.error.statusCode == 401 }
        return InterceptionBridge.bridging(Self.self) {
            didRequest(context.request, with: response, failDueToAuthenticationError: AFError(context.error))
        }
    }
}

extension InterceptionBridge {
    /// Runs `body` with `type` marked as bridging, for the synchronous defaults.
    static func bridging<Value>(_ type: Any.Type, _ body: () -> Value) -> Value {
        $bridgingTypes.withValue(bridgingTypes.union([ObjectIdentifier(type)]), operation: body)
    }
}
