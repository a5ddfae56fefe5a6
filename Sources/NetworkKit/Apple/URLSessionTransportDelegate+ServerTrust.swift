#if canImport(Security) && !canImport(FoundationNetworking)
    import Foundation
    import Security

    extension URLSessionTransportDelegate {
        /// The answer to a server-trust challenge when the client has trust anchors or pins the
        /// host; nil for any other challenge, which is left to the system's default handling.
        ///
        /// The anchors, when set, replace or extend the system's roots on the trust
        /// (`SecTrustSetAnchorCertificates`, `SecTrustSetAnchorCertificatesOnly`); the system then
        /// judges the chain (`SecTrustEvaluateWithError`, with the TLS policy and host name URLSession
        /// set on the trust), so pinning only ever narrows what it accepts; last the chain's
        /// certificates (`SecTrustCopyCertificateChain`, leaf first, with the anchor it ends in) go
        /// as DER (`SecCertificateCopyData`) to the exchange, which checks the pins with the portable
        /// code every transport shares.
        ///
        /// Server trust is a session-wide challenge: URLSession offers it to the task delegate
        /// method because the session delegate does not implement
        /// `urlSession(_:didReceive:completionHandler:)`, and that gives the task (and its exchange)
        /// the failure belongs to. Evaluation may fetch missing intermediates over the network, so it
        /// runs on the session's delegate queue, never the main thread.
        func serverTrustAnswer(_ challenge: URLAuthenticationChallenge, exchange: HTTPExchange)
            -> (disposition: URLSession.AuthChallengeDisposition, credential: URLCredential?)?
        {
            let space = challenge.protectionSpace
            guard space.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                trustAnchors != nil || exchange.isPinned(host: space.host)
            else { return nil }
            guard let trust = space.serverTrust else {
                exchange.serverTrustFailed(host: space.host, message: "the challenge has no server trust")
                return (.cancelAuthenticationChallenge, nil)
            }
            if let trustAnchors {
                let anchors = trustAnchors.certificates.compactMap { SecCertificateCreateWithData(nil, $0 as CFData) }
                guard SecTrustSetAnchorCertificates(trust, anchors as CFArray) == errSecSuccess,
                    SecTrustSetAnchorCertificatesOnly(trust, trustAnchors.scope == .exclusive) == errSecSuccess
                else {
                    exchange.serverTrustFailed(host: space.host, message: "the trust anchors could not be set")
                    return (.cancelAuthenticationChallenge, nil)
                }
            }
            var error: CFError?
            guard SecTrustEvaluateWithError(trust, &error) else {
                let message = error.flatMap { CFErrorCopyDescription($0) as String? }
                exchange.serverTrustFailed(host: space.host, message: message ?? "the system does not trust it")
                return (.cancelAuthenticationChallenge, nil)
            }
            if exchange.isPinned(host: space.host) {
                let certificates = (SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []
                let chain = certificates.map { SecCertificateCopyData($0) as Data }
                guard exchange.evaluateServerTrust(certificateChain: chain, host: space.host) else {
                    return (.cancelAuthenticationChallenge, nil)
                }
            }
            return (.useCredential, URLCredential(trust: trust))
        }
    }
#endif
