import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Keeps a validated response's body in memory: the server's answer to an upload.
final class MemorySink: TransferSink {
    private let validation: ResponseValidation
    private let request: URLRequest
    private let body = Locked(Data())

    init(validation: ResponseValidation, request: URLRequest) {
        self.validation = validation
        self.request = request
    }

    func begin(_ response: ResponseHead) -> HeadDecision {
        validation.decision(for: response, request: request)
    }

    func write(_ data: Data) -> HTTPError? {
        body.withLock { $0.append(data) }
        return nil
    }

    func end(_ failure: HTTPError?) -> Result<Data, HTTPError> {
        if let failure { return .failure(failure) }
        return .success(body.value)
    }
}
