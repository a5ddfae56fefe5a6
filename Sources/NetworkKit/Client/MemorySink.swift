import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Keeps a response's whole body in memory, whatever its status: the sink of data requests and of
/// uploads, whose client validates the complete response afterwards (``ResponseValidation``).
final class MemorySink: BodySink {
    private let body = Locked(Data())
    /// Told the bytes kept so far, when a caller asked (a ``DataRequest`` with a download progress
    /// handler).
    private let progress: ProgressReporter?
    /// The body's length as the head announced it; read only for ``progress``.
    private let expected = Locked<Int64?>(nil)

    init(progress: ProgressReporter? = nil) {
        self.progress = progress
    }

    func begin(_ response: ResponseHead) -> HeadDecision {
        if progress != nil, response.expectedContentLength >= 0 {
            expected.withLock { $0 = response.expectedContentLength }
        }
        return .accept
    }

    func write(_ data: Data) -> HTTPError? {
        let kept = body.withLock { body -> Int in
            body.append(data)
            return body.count
        }
        report(kept)
        return nil
    }

    func write(bytes: UnsafeRawBufferPointer) -> HTTPError? {
        let kept = body.withLock { body -> Int in
            body.append(contentsOf: bytes)
            return body.count
        }
        report(kept)
        return nil
    }

    func end(_ failure: HTTPError?) -> Result<Data, HTTPError> {
        if let failure { return .failure(failure) }
        let data = body.value
        progress?.finish(completed: Int64(data.count))
        return .success(data)
    }

    private func report(_ kept: Int) {
        guard let progress else { return }
        progress.update(completed: Int64(kept), total: expected.value)
    }
}
