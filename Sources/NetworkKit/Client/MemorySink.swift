import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Keeps a response's whole body in memory, whatever its status: the sink of data requests and of
/// uploads, whose client validates the complete response afterwards (``ResponseValidation``).
final class MemorySink: BodySink {
    private let body = Locked(Data())

    func begin(_ response: ResponseHead) -> HeadDecision {
        .accept
    }

    func write(_ data: Data) -> HTTPError? {
        body.withLock { $0.append(data) }
        return nil
    }

    func write(bytes: UnsafeRawBufferPointer) -> HTTPError? {
        body.withLock { $0.append(contentsOf: bytes) }
        return nil
    }

    func end(_ failure: HTTPError?) -> Result<Data, HTTPError> {
        if let failure { return .failure(failure) }
        return .success(body.value)
    }
}
