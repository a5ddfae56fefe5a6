/// Adds no check of its own, as Alamofire's `DisabledTrustEvaluator` (whose own documentation says
/// never to ship it).
///
/// Differs from Alamofire, which trusts any certificate: NetworkKit's transports cannot skip the
/// system's validation, so a server with an untrusted, expired or self-signed certificate is still
/// refused (failing closed). To reach a self-signed server, trust its certificate with
/// ``PinnedCertificatesTrustEvaluator`` instead.
public final class DisabledTrustEvaluator: ServerTrustEvaluating {
    /// Creates the evaluator.
    public init() {}

    /// Nothing beyond the system's validation.
    ///
    /// - Parameter host: The host.
    /// - Returns: No pins and no extra roots.
    public func requirements(forHost host: String) throws -> ServerTrustRequirements {
        ServerTrustRequirements()
    }
}

/// Alamofire's older name for ``DisabledTrustEvaluator``.
public typealias DisabledEvaluator = DisabledTrustEvaluator

extension ServerTrustEvaluating where Self == DisabledTrustEvaluator {
    /// No check of its own, as Alamofire's `.disabled` (the system's validation still applies here).
    public static var disabled: DisabledTrustEvaluator { DisabledTrustEvaluator() }
}
