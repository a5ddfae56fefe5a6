public import Foundation

extension AuthAPI {
    /// Checks whether an address is free and calls `completion`, for code without concurrency.
    ///
    /// - Parameters:
    ///   - email:      The address to check.
    ///   - completion: Called once, on an arbitrary thread: true only when the server answered 200.
    /// - Returns: The task doing it; cancel it to give up (`completion` then gets false).
    @discardableResult
    public func checkEmail(email: String, completion: @escaping @Sendable (Bool) -> Void) -> Task<Void, Never> {
        Task { completion(await checkEmail(email: email)) }
    }

    /// Registers an account and calls `completion`, for code without concurrency.
    ///
    /// - Parameters:
    ///   - username:   The display name.
    ///   - email:      The e-mail address.
    ///   - password:   The password.
    ///   - completion: Called once, on an arbitrary thread, with the status and body or the ``SignUpError``.
    /// - Returns: The task doing it.
    @discardableResult
    public func signUp(
        username: String, email: String, password: String,
        completion: @escaping @Sendable (Result<(statusCode: Int, data: Data), SignUpError>) -> Void
    ) -> Task<Void, Never> {
        Task {
            do throws(SignUpError) {
                completion(.success(try await signUp(username: username, email: email, password: password)))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
