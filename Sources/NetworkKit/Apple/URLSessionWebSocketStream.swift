#if canImport(Darwin) && !canImport(FoundationNetworking)
    import Foundation
    import InternalServiceUtilities
    import Security

    /// The Apple connector: a `URLSessionStreamTask` to the URL's host (TLS for `wss`), whose
    /// server-trust challenges take the client's trust anchors and pins, as the URLSession transport's
    /// requests do. The WebSocket protocol itself runs in ``WebSocketEngine``, as on Linux.
    struct URLSessionWebSocketConnector: WebSocketConnector {
        let trustAnchors: TrustAnchors?
        let pins: PublicKeyPins

        /// The server-trust challenge shows the chain, so pins are checked.
        var checksServerTrust: Bool { true }

        init(trustAnchors: TrustAnchors?, client: HTTPClient) {
            self.trustAnchors = trustAnchors
            pins = client.configuration.publicKeyPins
        }

        func connect(to url: URL, timeout: TimeInterval) async throws(HTTPError) -> any WebSocketByteStream {
            let summary = HTTPError.RequestSummary(method: .get, url: url)
            guard let host = url.host, !host.isEmpty else {
                throw .transport(
                    HTTPError.TransportFailure(request: summary, code: .badURL, reason: "the URL has no host"))
            }
            let secure = WebSocketURL.isSecure(url)
            let delegate = WebSocketTrustDelegate(trustAnchors: trustAnchors, pins: pins)
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            let task = session.streamTask(withHostName: host, port: url.port ?? (secure ? 443 : 80))
            if secure { task.startSecureConnection() }
            task.resume()
            // The connection (and TLS) is made with the first write: the handshake's.
            return URLSessionWebSocketStream(task: task, session: session, delegate: delegate, summary: summary)
        }
    }

    /// A `URLSessionStreamTask` as a ``WebSocketByteStream``.
    final class URLSessionWebSocketStream: WebSocketByteStream {
        private let task: URLSessionStreamTask
        private let session: URLSession
        private let delegate: WebSocketTrustDelegate
        private let summary: HTTPError.RequestSummary

        init(
            task: URLSessionStreamTask, session: URLSession, delegate: WebSocketTrustDelegate,
            summary: HTTPError.RequestSummary
        ) {
            self.task = task
            self.session = session
            self.delegate = delegate
            self.summary = summary
        }

        func read(maximumCount: Int) async throws -> [UInt8] {
            let task = task
            let delegate = delegate
            let summary = summary
            return try await withCheckedThrowingContinuation { continuation in
                task.readData(ofMinLength: 1, maxLength: max(1, maximumCount), timeout: 0) { data, atEnd, error in
                    if let error {
                        continuation.resume(throwing: delegate.failure(summary) ?? error)
                    } else if let data, !data.isEmpty {
                        continuation.resume(returning: [UInt8](data))
                    } else {
                        _ = atEnd
                        continuation.resume(returning: [])
                    }
                }
            }
        }

        func write(_ bytes: [UInt8]) async throws {
            let task = task
            let delegate = delegate
            let summary = summary
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                task.write(Data(bytes), timeout: 0) { error in
                    if let error {
                        continuation.resume(throwing: delegate.failure(summary) ?? error)
                    } else {
                        continuation.resume()
                    }
                }
            }
        }

        func close() async {
            task.cancel()
            session.finishTasksAndInvalidate()
        }
    }

    /// Answers the stream task's server-trust challenge with the client's anchors and pins, and
    /// keeps why it refused one for the error the stream then reports.
    final class WebSocketTrustDelegate: NSObject, URLSessionTaskDelegate, Sendable {
        let trustAnchors: TrustAnchors?
        let pins: PublicKeyPins
        private let refusal = Locked<(host: String, reason: HTTPError.PinningFailureReason)?>(nil)

        init(trustAnchors: TrustAnchors?, pins: PublicKeyPins) {
            self.trustAnchors = trustAnchors
            self.pins = pins
        }

        /// The pinning failure that ended the connection, if any.
        func failure(_ summary: HTTPError.RequestSummary) -> HTTPError? {
            refusal.withLock { $0 }.map {
                .pinningFailed(HTTPError.PinningFailure(request: summary, host: $0.host, reason: $0.reason))
            }
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            let space = challenge.protectionSpace
            guard space.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                trustAnchors != nil || pins.rule(for: space.host) != nil
            else { return completionHandler(.performDefaultHandling, nil) }
            guard let trust = space.serverTrust else { return completionHandler(.cancelAuthenticationChallenge, nil) }
            if let trustAnchors {
                let anchors = trustAnchors.certificates.compactMap { SecCertificateCreateWithData(nil, $0 as CFData) }
                guard SecTrustSetAnchorCertificates(trust, anchors as CFArray) == errSecSuccess,
                    SecTrustSetAnchorCertificatesOnly(trust, trustAnchors.scope == .exclusive) == errSecSuccess
                else { return completionHandler(.cancelAuthenticationChallenge, nil) }
            }
            var error: CFError?
            guard SecTrustEvaluateWithError(trust, &error) else {
                let message = error.map { CFErrorCopyDescription($0) as String } ?? "not trusted"
                if pins.rule(for: space.host) != nil {
                    refusal.withLock { $0 = (space.host, .untrustedChain(message)) }
                }
                return completionHandler(.cancelAuthenticationChallenge, nil)
            }
            let chain = (SecTrustCopyCertificateChain(trust) as? [SecCertificate] ?? []).map {
                SecCertificateCopyData($0) as Data
            }
            if let reason = pins.evaluate(certificateChain: chain, host: space.host, at: Date()) {
                refusal.withLock { $0 = (space.host, reason) }
                return completionHandler(.cancelAuthenticationChallenge, nil)
            }
            completionHandler(.useCredential, URLCredential(trust: trust))
        }
    }
#endif
