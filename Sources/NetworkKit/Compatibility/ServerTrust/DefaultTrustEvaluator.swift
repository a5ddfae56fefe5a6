/// Trusts what the system trusts, as Alamofire's `DefaultTrustEvaluator`: the chain must lead to a
/// trusted root and name the host.
///
/// Same as Alamofire, except that `validateHost: false` is kept for the signature only: NetworkKit's
/// transports always check the host name.
///
/// ```swift
/// let manager = ServerTrustManager(evaluators: ["api.example.com": DefaultTrustEvaluator()])
/// ```
public final class DefaultTrustEvaluator: ServerTrustEvaluating {
    /// Whether the host name is checked (always, in NetworkKit).
    public let validateHost: Bool

    /// Creates the evaluator.
    ///
    /// - Parameter validateHost: Kept for Alamofire's signature; the host is always checked.
    public init(validateHost: Bool = true) {
        self.validateHost = validateHost
    }

    /// Nothing beyond the system's validation.
    ///
    /// - Parameter host: The host.
    /// - Returns: No pins and no extra roots.
    public func requirements(forHost host: String) throws -> ServerTrustRequirements {
        ServerTrustRequirements()
    }
}

extension ServerTrustEvaluating where Self == DefaultTrustEvaluator {
    /// The system's validation, as Alamofire's `.default`.
    public static var `default`: DefaultTrustEvaluator { DefaultTrustEvaluator() }

    /// The system's validation, as Alamofire's `.host(validateHost:)`.
    ///
    /// - Parameter validateHost: Kept for Alamofire's signature; the host is always checked.
    /// - Returns: The evaluator.
    public static func host(validateHost: Bool = true) -> DefaultTrustEvaluator {
        DefaultTrustEvaluator(validateHost: validateHost)
    }
}
