import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an exchange does with a response head, decided by its ``BodySink``.
enum HeadDecision: Sendable {
    /// The body goes to the sink.
    case accept
    /// The status is not acceptable: the body (its first MiB) is kept for the error, not the sink.
    case rejectStatus
    /// Stop now and fail with this error.
    case fail(HTTPError)
    /// Stop now: there is nothing more to receive (a resumed download that was already whole).
    case finish
}

/// Where the body of one exchange goes: memory, a file, a stream.
///
/// A sink's methods are called in order: ``begin(_:)`` at most once, ``write(_:)`` for each piece
/// of an accepted body, ``end(_:)`` exactly once.
protocol BodySink: Sendable {
    /// Decides what happens with the response.
    func begin(_ response: ResponseHead) -> HeadDecision
    /// Takes a piece of an accepted body; an error stops the transfer with it.
    func write(_ data: Data) -> HTTPError?
    /// Takes a piece of an accepted body from a buffer valid only during the call.
    func write(bytes: UnsafeRawBufferPointer) -> HTTPError?
    /// The transfer is over: `failure` is nil when the whole body arrived. Returns the body to keep
    /// in the response (empty when it went elsewhere), or the error the transfer ends with.
    func end(_ failure: HTTPError?) -> Result<Data, HTTPError>
}

extension BodySink {
    func write(bytes: UnsafeRawBufferPointer) -> HTTPError? {
        write(Data(bytes))
    }
}
