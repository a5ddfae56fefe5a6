/// Trusts a host's connections only when its chain has one of the pinned public keys, as Alamofire's
/// `PublicKeysTrustEvaluator`.
///
/// Differs from Alamofire in its key type: a key is a ``PublicKeyPin`` (the SHA-256 of its
/// `SubjectPublicKeyInfo`, as in `pin-sha256`) instead of a `SecKey`, and there is no default read
/// from the app bundle. `performDefaultValidation` and `validateHost` are kept for the signature: the
/// chain and the host are always validated first. A mismatch fails the request, unsent, with
/// ``AFError/serverTrustEvaluationFailed(reason:)`` holding NetworkKit's ``HTTPError/pinningFailed(_:)``
/// (Alamofire's `.publicKeyPinningFailed` carries `SecTrust` and `SecKey` values).
///
/// ```swift
/// let pin = try PublicKeyPin(base64: "6im6pwziRF1ud+1vlEJxXO0dRHRAoLqNN4XAKmT1RmI=")
/// let manager = ServerTrustManager(evaluators: ["api.example.com": PublicKeysTrustEvaluator(keys: [pin])])
/// ```
public final class PublicKeysTrustEvaluator: ServerTrustEvaluating {
    /// The pinned keys.
    public let keys: [PublicKeyPin]
    /// Kept for Alamofire's signature: the chain is always validated.
    public let performDefaultValidation: Bool
    /// Kept for Alamofire's signature: the host is always checked.
    public let validateHost: Bool

    /// Creates the evaluator.
    ///
    /// - Parameters:
    ///   - keys: The keys, one of which the chain must have.
    ///   - performDefaultValidation: Kept for Alamofire's signature; the chain is always validated.
    ///   - validateHost: Kept for Alamofire's signature; the host is always checked.
    public init(keys: [PublicKeyPin], performDefaultValidation: Bool = true, validateHost: Bool = true) {
        self.keys = keys
        self.performDefaultValidation = performDefaultValidation
        self.validateHost = validateHost
    }

    /// The pinned keys.
    ///
    /// - Parameter host: The host.
    /// - Returns: The keys as pins.
    /// - Throws: ``AFError/serverTrustEvaluationFailed(reason:)`` with `.noPublicKeysFound` when no key
    ///   is pinned, as Alamofire's does.
    public func requirements(forHost host: String) throws -> ServerTrustRequirements {
        guard !keys.isEmpty else { throw AFError.serverTrustEvaluationFailed(reason: .noPublicKeysFound) }
        return ServerTrustRequirements(publicKeyPins: Set(keys))
    }
}

extension ServerTrustEvaluating where Self == PublicKeysTrustEvaluator {
    /// Public-key pinning, as Alamofire's `.publicKeys(keys:performDefaultValidation:validateHost:)`.
    ///
    /// - Parameters:
    ///   - keys: The keys, one of which the chain must have.
    ///   - performDefaultValidation: Kept for Alamofire's signature.
    ///   - validateHost: Kept for Alamofire's signature.
    /// - Returns: The evaluator.
    public static func publicKeys(
        keys: [PublicKeyPin], performDefaultValidation: Bool = true, validateHost: Bool = true
    ) -> PublicKeysTrustEvaluator {
        PublicKeysTrustEvaluator(
            keys: keys, performDefaultValidation: performDefaultValidation, validateHost: validateHost)
    }
}
