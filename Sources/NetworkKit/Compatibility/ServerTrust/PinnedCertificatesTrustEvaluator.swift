public import Foundation

/// Trusts a host's connections only when its chain has one of the pinned certificates, which are
/// also trusted as roots, as Alamofire's `PinnedCertificatesTrustEvaluator`.
///
/// Differs from Alamofire: certificates are DER `Data` instead of `SecCertificate`, with no default
/// read from the app bundle; the chain must have one of the certificates' public keys (a certificate
/// re-issued for the same key still matches); the certificates are trusted as roots by the whole
/// session, beside the system's, whatever `acceptSelfSignedCertificates` says (it is kept for the
/// signature, as are `performDefaultValidation` and `validateHost`: the chain and the host are
/// always validated against those roots). A mismatch fails the request, unsent, with
/// ``AFError/serverTrustEvaluationFailed(reason:)``.
///
/// ```swift
/// let der = try Data(contentsOf: Bundle.main.url(forResource: "staging", withExtension: "cer")!)
/// let manager = ServerTrustManager(evaluators: ["staging.example.com": PinnedCertificatesTrustEvaluator(certificates: [der])])
/// ```
public final class PinnedCertificatesTrustEvaluator: ServerTrustEvaluating {
    /// The pinned certificates, DER-encoded.
    public let certificates: [Data]
    /// Kept for Alamofire's signature: the certificates are always trusted as roots.
    public let acceptSelfSignedCertificates: Bool
    /// Kept for Alamofire's signature: the chain is always validated.
    public let performDefaultValidation: Bool
    /// Kept for Alamofire's signature: the host is always checked.
    public let validateHost: Bool

    /// Creates the evaluator.
    ///
    /// - Parameters:
    ///   - certificates: DER-encoded X.509 certificates, one of which the chain must have.
    ///   - acceptSelfSignedCertificates: Kept for Alamofire's signature; they are trusted as roots.
    ///   - performDefaultValidation: Kept for Alamofire's signature; the chain is always validated.
    ///   - validateHost: Kept for Alamofire's signature; the host is always checked.
    public init(
        certificates: [Data], acceptSelfSignedCertificates: Bool = false, performDefaultValidation: Bool = true,
        validateHost: Bool = true
    ) {
        self.certificates = certificates
        self.acceptSelfSignedCertificates = acceptSelfSignedCertificates
        self.performDefaultValidation = performDefaultValidation
        self.validateHost = validateHost
    }

    /// The certificates' keys as pins, and the certificates as roots.
    ///
    /// - Parameter host: The host.
    /// - Returns: The requirements.
    /// - Throws: ``AFError/serverTrustEvaluationFailed(reason:)`` with `.noCertificatesFound` when no
    ///   certificate is given, as Alamofire's does, or with `.customEvaluationFailed` holding
    ///   NetworkKit's ``HTTPError/invalidPinning(_:)`` when one is not an X.509 certificate.
    public func requirements(forHost host: String) throws -> ServerTrustRequirements {
        guard !certificates.isEmpty else { throw AFError.serverTrustEvaluationFailed(reason: .noCertificatesFound) }
        var pins: Set<PublicKeyPin> = []
        do {
            for certificate in certificates { pins.insert(try PublicKeyPin(certificate: certificate)) }
        } catch {
            throw AFError(error)
        }
        return ServerTrustRequirements(publicKeyPins: pins, anchorCertificates: certificates)
    }
}

extension ServerTrustEvaluating where Self == PinnedCertificatesTrustEvaluator {
    /// Certificate pinning, as Alamofire's `.pinnedCertificates(certificates:…)`.
    ///
    /// - Parameters:
    ///   - certificates: DER-encoded certificates, one of which the chain must have.
    ///   - acceptSelfSignedCertificates: Kept for Alamofire's signature.
    ///   - performDefaultValidation: Kept for Alamofire's signature.
    ///   - validateHost: Kept for Alamofire's signature.
    /// - Returns: The evaluator.
    public static func pinnedCertificates(
        certificates: [Data], acceptSelfSignedCertificates: Bool = false, performDefaultValidation: Bool = true,
        validateHost: Bool = true
    ) -> PinnedCertificatesTrustEvaluator {
        PinnedCertificatesTrustEvaluator(
            certificates: certificates, acceptSelfSignedCertificates: acceptSelfSignedCertificates,
            performDefaultValidation: performDefaultValidation, validateHost: validateHost)
    }
}
