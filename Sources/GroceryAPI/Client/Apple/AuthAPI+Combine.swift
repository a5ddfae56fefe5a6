#if canImport(Combine)
    public import Combine
    public import Foundation
    import InternalServiceUtilities

    extension AuthAPI {
        /// A `Future` of whether an address is free, as the sample's `AuthAPI` returns it; the request
        /// starts when the future is created. (Named apart from the async `checkEmail(email:)`, which an
        /// overload of the same name would hide in async code.)
        ///
        /// - Parameter email: The address to check.
        /// - Returns: A future that yields true only when the server answered 200.
        public func checkEmailPublisher(email: String) -> Future<Bool, Never> {
            Future { promise in
                // The promise is not Sendable; the lock box hands it to the completion exactly once.
                let box = Locked(Optional(promise))
                self.checkEmail(email: email) { available in
                    box.withLock { stored in
                        stored?(.success(available))
                        stored = nil
                    }
                }
            }
        }

        /// A `Future` of a sign-up, as the sample's `AuthAPI` returns it; the request starts when the
        /// future is created. (Named apart from the async `signUp(username:email:password:)`.)
        ///
        /// - Parameters:
        ///   - username: The display name.
        ///   - email:    The e-mail address.
        ///   - password: The password.
        /// - Returns: A future of the status and body, or the ``SignUpError``.
        public func signUpPublisher(username: String, email: String, password: String)
            -> Future<(statusCode: Int, data: Data), SignUpError>
        {
            Future { promise in
                let box = Locked(Optional(promise))
                self.signUp(username: username, email: email, password: password) { result in
                    box.withLock { stored in
                        stored?(result)
                        stored = nil
                    }
                }
            }
        }
    }
#endif
