import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Session {
    /// Puts the pins and roots of `manager`'s evaluators into the configuration of a new client:
    /// each host's pins as a rule for that exact host, every evaluator's roots beside the system's.
    /// An evaluator that throws configures nothing; its requests fail in ``trustFailure(for:)``.
    static func apply(_ manager: ServerTrustManager?, to settings: inout HTTPClient.Configuration) {
        guard let manager else { return }
        var anchors: [Data] = []
        for (host, evaluator) in manager.evaluators.sorted(by: { $0.key < $1.key }) {
            guard let requirements = try? evaluator.requirements(forHost: host) else { continue }
            anchors.append(contentsOf: requirements.anchorCertificates)
            guard !requirements.publicKeyPins.isEmpty,
                let rule = try? PublicKeyPins.Rule(host: host, pins: requirements.publicKeyPins)
            else { continue }
            settings.publicKeyPins.add(rule)
        }
        if !anchors.isEmpty {
            settings.trustAnchors = try? TrustAnchors(certificates: anchors, scope: .addingToSystemRoots)
        }
    }

    /// Why the session's ``ServerTrustManager`` refuses a secure request before it is sent: its host
    /// has no evaluator though every host needs one, or its evaluator cannot trust anything (no
    /// keys, no certificates). Plain-HTTP requests are not evaluated, as in Alamofire.
    func trustFailure(for request: URLRequest) -> AFError? {
        guard let manager = serverTrustManager, let url = request.url,
            let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "wss", let host = url.host
        else { return nil }
        do {
            guard let evaluator = try manager.serverTrustEvaluator(forHost: host) else { return nil }
            _ = try evaluator.requirements(forHost: host)
            return nil
        } catch let error as AFError {
            return error
        } catch {
            return .serverTrustEvaluationFailed(reason: .customEvaluationFailed(error: error))
        }
    }
}
