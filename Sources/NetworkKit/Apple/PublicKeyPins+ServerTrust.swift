#if canImport(Security)
    import Foundation
    import Security

    /// How a session delegate answers a server-trust challenge for a pinned host.
    enum ServerTrustAnswer {
        /// The system trusts the chain and a key in it is pinned: continue with this credential.
        case accept(URLCredential)
        /// Cancel the challenge (which cancels the task) and report this error for the task.
        case refuse(HTTPError)
    }

    extension PublicKeyPins {
        /// The answer to `challenge` when it is a server-trust challenge for a pinned host; nil for
        /// any other challenge, which the caller leaves to the system's default handling.
        ///
        /// The system judges the chain first (`SecTrustEvaluateWithError`, with the TLS policy and
        /// host name URLSession set on the trust), so pinning only ever narrows what it accepts;
        /// then the chain's certificates (`SecTrustCopyCertificateChain`, leaf first) are read as
        /// DER (`SecCertificateCopyData`) and checked against the host's rule by
        /// ``PublicKeyPins/validate(certificateChain:host:at:)``'s portable code.
        ///
        /// Server trust is a session-wide challenge: URLSession offers it to the task delegate
        /// method `urlSession(_:task:didReceive:completionHandler:)` because the session delegates
        /// do not implement `urlSession(_:didReceive:completionHandler:)`, and that gives the task
        /// the failure belongs to. Evaluation may fetch missing intermediates over the network, so
        /// it runs on the session's delegate queue, never the main thread.
        ///
        /// - Parameters:
        ///   - challenge: The challenge URLSession passed to the delegate.
        ///   - task:      Its task, whose original request the error names.
        ///   - date:      The moment to judge the rules' expiration at.
        func answer(_ challenge: URLAuthenticationChallenge, for task: URLSessionTask, at date: Date = Date())
            -> ServerTrustAnswer?
        {
            let space = challenge.protectionSpace
            guard space.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                rule(for: space.host, at: date) != nil
            else { return nil }
            func refuse(_ reason: HTTPError.PinningFailureReason) -> ServerTrustAnswer {
                let summary = task.originalRequest.map { HTTPError.RequestSummary($0) }
                return .refuse(
                    .pinningFailed(HTTPError.PinningFailure(request: summary, host: space.host, reason: reason)))
            }
            guard let trust = space.serverTrust else {
                return refuse(.untrustedChain("the challenge has no server trust"))
            }
            var error: CFError?
            guard SecTrustEvaluateWithError(trust, &error) else {
                let message = error.flatMap { CFErrorCopyDescription($0) as String? }
                return refuse(.untrustedChain(message ?? "the system does not trust it"))
            }
            let certificates = (SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []
            let chain = certificates.map { SecCertificateCopyData($0) as Data }
            if let reason = evaluate(certificateChain: chain, host: space.host, at: date) { return refuse(reason) }
            return .accept(URLCredential(trust: trust))
        }
    }
#endif
