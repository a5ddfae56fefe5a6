public import Foundation

extension AuthenticationInterceptor {
    /// How many refreshes an ``AuthenticationInterceptor`` may start within a time window before it
    /// fails with ``AuthenticationError/excessiveRefresh``, as Alamofire's `RefreshWindow`.
    ///
    /// Same as Alamofire, including the defaults (5 refreshes in 30 seconds); a refresh that would be
    /// the `maximumAttempts + 1`-th within `interval` is not started. A negative or NaN `interval`
    /// counts no earlier refresh; a `maximumAttempts` of 0 or less refuses every refresh.
    ///
    /// ```swift
    /// let interceptor = AuthenticationInterceptor(
    ///     authenticator: OAuthAuthenticator(), credential: credential,
    ///     refreshWindow: .init(interval: 60, maximumAttempts: 3))
    /// ```
    public struct RefreshWindow: Sendable {
        /// How far back, in seconds, refreshes are counted.
        public let interval: TimeInterval
        /// How many refreshes the window allows.
        public let maximumAttempts: Int

        /// Creates a window.
        ///
        /// - Parameters:
        ///   - interval: How far back, in seconds, refreshes are counted; 30 by default.
        ///   - maximumAttempts: How many refreshes the window allows; 5 by default.
        public init(interval: TimeInterval = 30.0, maximumAttempts: Int = 5) {
            self.interval = interval
            self.maximumAttempts = maximumAttempts
        }
    }
}
