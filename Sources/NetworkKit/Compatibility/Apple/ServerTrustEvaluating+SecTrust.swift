#if canImport(Security)
    public import Foundation
    public import Security

    extension ServerTrustEvaluating {
        /// Evaluates a `SecTrust` for `host`, as Alamofire's `evaluate(_:forHost:)`: the evaluator's
        /// roots are added to the trust's (`SecTrustSetAnchorCertificates`, keeping the system's), the
        /// system judges the chain (`SecTrustEvaluateWithError`), then the chain's certificates are
        /// checked with ``evaluate(certificateChain:forHost:)``, the portable check every platform runs.
        ///
        /// Differs from Alamofire in its errors: a refused chain is `.trustEvaluationFailed(error:)`,
        /// a pin mismatch `.customEvaluationFailed(error:)` holding NetworkKit's pinning failure.
        /// Sessions do not call it: their client's transport checks the same requirements itself.
        ///
        /// - Parameters:
        ///   - trust: The server's trust, with the TLS policy for `host` set.
        ///   - host: The server's host.
        /// - Throws: ``AFError/serverTrustEvaluationFailed(reason:)``.
        public func evaluate(_ trust: SecTrust, forHost host: String) throws {
            let requirements = try requirements(forHost: host)
            if !requirements.anchorCertificates.isEmpty {
                let anchors = requirements.anchorCertificates.compactMap {
                    SecCertificateCreateWithData(nil, $0 as CFData)
                }
                guard SecTrustSetAnchorCertificates(trust, anchors as CFArray) == errSecSuccess,
                    SecTrustSetAnchorCertificatesOnly(trust, false) == errSecSuccess
                else { throw AFError.serverTrustEvaluationFailed(reason: .trustEvaluationFailed(error: nil)) }
            }
            var error: CFError?
            guard SecTrustEvaluateWithError(trust, &error) else {
                throw AFError.serverTrustEvaluationFailed(reason: .trustEvaluationFailed(error: error))
            }
            let certificates = (SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []
            try evaluate(certificateChain: certificates.map { SecCertificateCopyData($0) as Data }, forHost: host)
        }
    }
#endif
