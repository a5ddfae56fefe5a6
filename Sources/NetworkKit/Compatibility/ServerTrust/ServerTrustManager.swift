/// Chooses the ``ServerTrustEvaluating`` of each host, as Alamofire's `ServerTrustManager`.
///
/// Same as Alamofire: evaluators are looked up by exact host, and with `allHostsMustBeEvaluated`
/// (the default) a secure request to a host without one fails with
/// ``AFError/serverTrustEvaluationFailed(reason:)`` and `.noRequiredEvaluator(host:)`, unsent.
/// Differs in when evaluators act: a ``Session`` made with a manager hands each host's
/// ``ServerTrustEvaluating/requirements(forHost:)`` to its ``HTTPClient`` when it is created (pins per
/// host, extra roots for the session), and the transport checks every connection against them; a
/// subclass's ``serverTrustEvaluator(forHost:)`` still decides, per request, which hosts need an
/// evaluator and what error fails them, but pins only come from ``evaluators``.
///
/// ```swift
/// let manager = ServerTrustManager(evaluators: [
///     "api.example.com": PublicKeysTrustEvaluator(keys: [pin, backupPin]),
///     "cdn.example.com": DefaultTrustEvaluator(),
/// ])
/// let session = Session(serverTrustManager: manager)
/// ```
///
/// - Note: `@unchecked Sendable` as Alamofire's, because it is `open`: its stored properties are
///   immutable `let`s of `Sendable` types; subclasses must keep theirs the same way.
open class ServerTrustManager: @unchecked Sendable {
    /// Whether every secure request's host must have an evaluator.
    public let allHostsMustBeEvaluated: Bool
    /// The evaluators, by host.
    public let evaluators: [String: any ServerTrustEvaluating]

    /// Creates a manager.
    ///
    /// - Parameters:
    ///   - allHostsMustBeEvaluated: Whether a secure request to a host without an evaluator fails; true by default.
    ///   - evaluators: The evaluators, by host (exact names, as Alamofire matches them).
    public init(allHostsMustBeEvaluated: Bool = true, evaluators: [String: any ServerTrustEvaluating]) {
        self.allHostsMustBeEvaluated = allHostsMustBeEvaluated
        self.evaluators = evaluators
    }

    /// The evaluator of `host`.
    ///
    /// - Parameter host: The host, as the request's URL names it.
    /// - Returns: Its evaluator, or nil when it has none and evaluators are not required.
    /// - Throws: ``AFError/serverTrustEvaluationFailed(reason:)`` with `.noRequiredEvaluator(host:)`
    ///   when it has none and ``allHostsMustBeEvaluated`` is true.
    open func serverTrustEvaluator(forHost host: String) throws -> (any ServerTrustEvaluating)? {
        guard let evaluator = evaluators[host] else {
            if allHostsMustBeEvaluated {
                throw AFError.serverTrustEvaluationFailed(reason: .noRequiredEvaluator(host: host))
            }
            return nil
        }
        return evaluator
    }
}
