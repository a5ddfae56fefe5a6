public import Foundation

/// Decides whether a host's TLS connections are trusted, as Alamofire's `ServerTrustEvaluating`.
///
/// Differs from Alamofire, whose evaluators are called with a `SecTrust` (Apple platforms only; its
/// Linux build has no server trust evaluation at all): here an evaluator says what NetworkKit's
/// transport checks on every new connection to the host, as ``ServerTrustRequirements`` (public-key
/// pins and extra trusted roots), and the transport checks it before any byte of a request goes out,
/// on Linux as on Apple platforms. The chain is always validated by the system (or libcurl) first.
/// ``evaluate(certificateChain:forHost:)`` runs the same check on a chain you have in hand; on Apple
/// platforms Alamofire's `evaluate(_:forHost:)` with a `SecTrust` is there too.
///
/// A custom evaluator returns its own requirements:
///
/// ```swift
/// struct StagingEvaluator: ServerTrustEvaluating {
///     func requirements(forHost host: String) throws -> ServerTrustRequirements {
///         ServerTrustRequirements(publicKeyPins: [try PublicKeyPin(base64: "6im6pwziRF1ud+1vlEJxXO0dRHRAoLqNN4XAKmT1RmI=")])
///     }
/// }
/// ```
public protocol ServerTrustEvaluating: Sendable {
    /// What the transport checks on each new TLS connection to `host`.
    ///
    /// - Parameter host: The host, as the request's URL names it.
    /// - Returns: The pins and trusted roots for it.
    /// - Throws: An ``AFError/serverTrustEvaluationFailed(reason:)`` (or any error) when the evaluator
    ///   cannot trust anything, such as pinning no key; requests to the host then fail with it, unsent.
    func requirements(forHost host: String) throws -> ServerTrustRequirements
}

/// What NetworkKit's transport checks on each new TLS connection to a host, beyond the system's (or
/// libcurl's) validation of the chain and the host name: NetworkKit's own shape, with no Alamofire
/// counterpart.
public struct ServerTrustRequirements: Hashable, Sendable {
    /// The public keys, one of which the chain (leaf, intermediate or root) must have; none checks nothing.
    public var publicKeyPins: Set<PublicKeyPin>
    /// DER-encoded certificates trusted as roots besides the system's, by the whole session.
    public var anchorCertificates: [Data]

    /// Creates requirements.
    ///
    /// - Parameters:
    ///   - publicKeyPins: The keys one of which the chain must have; none by default.
    ///   - anchorCertificates: Certificates trusted as roots besides the system's; none by default.
    public init(publicKeyPins: Set<PublicKeyPin> = [], anchorCertificates: [Data] = []) {
        self.publicKeyPins = publicKeyPins
        self.anchorCertificates = anchorCertificates
    }
}

extension ServerTrustEvaluating {
    /// Checks a verified certificate chain against ``requirements(forHost:)``, as the transport does
    /// for each connection: Alamofire's `evaluate(_:forHost:)` with NetworkKit's certificate type.
    ///
    /// - Parameters:
    ///   - certificateChain: The chain's certificates in DER, leaf first, as validated by the system.
    ///   - host: The server's host.
    /// - Throws: What ``requirements(forHost:)`` throws, or ``AFError/serverTrustEvaluationFailed(reason:)``
    ///   with `.customEvaluationFailed` holding NetworkKit's ``HTTPError/pinningFailed(_:)`` when no
    ///   certificate of the chain has a pinned key.
    public func evaluate(certificateChain: [Data], forHost host: String) throws {
        let requirements = try requirements(forHost: host)
        guard !requirements.publicKeyPins.isEmpty else { return }
        do {
            let rule = try PublicKeyPins.Rule(host: host, pins: requirements.publicKeyPins)
            try PublicKeyPins([rule]).validate(certificateChain: certificateChain, host: host)
        } catch {
            throw AFError(error)
        }
    }
}
