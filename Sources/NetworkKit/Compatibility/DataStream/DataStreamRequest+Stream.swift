#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

// MARK: - What a stream handler receives

extension DataStreamRequest {
    /// A closure that receives a stream's events; a thrown error cancels the request and becomes its
    /// error (``AFError/responseSerializationFailed(reason:)`` with `.customSerializationFailed` when
    /// it is not an ``AFError``).
    public typealias Handler<Success, Failure: Error> = @Sendable (Stream<Success, Failure>) throws -> Void

    /// One event of a stream, and a token that cancels the request.
    public struct Stream<Success, Failure: Error>: Sendable where Success: Sendable, Failure: Sendable {
        /// What happened: a piece of the body, or the end.
        public let event: Event<Success, Failure>
        /// Cancels the request.
        public let token: CancellationToken

        /// Cancels the request.
        public func cancel() {
            token.cancel()
        }

        /// The piece's value or error; nil for the end.
        public var result: Result<Success, Failure>? {
            guard case .stream(let result) = event else { return nil }
            return result
        }

        /// The piece's value; nil for the end or a failure.
        public var value: Success? {
            guard case .success(let value) = result else { return nil }
            return value
        }

        /// The piece's error; nil for the end or a value.
        public var error: Failure? {
            guard case .failure(let error) = result else { return nil }
            return error
        }

        /// The end; nil for a piece.
        public var completion: Completion? {
            guard case .complete(let completion) = event else { return nil }
            return completion
        }
    }

    /// What a stream handler is told.
    public enum Event<Success, Failure: Error>: Sendable where Success: Sendable, Failure: Sendable {
        /// A piece of the body, as the serializer made it.
        case stream(Result<Success, Failure>)
        /// The stream ended; the last event.
        case complete(Completion)
    }

    /// How a stream ended.
    public struct Completion {
        /// The last request sent.
        public let request: URLRequest?
        /// The response, if one came.
        public let response: HTTPURLResponse?
        /// URLSession's task metrics: nil, as NetworkKit's transports report timing to their
        /// ``EventMonitor``s instead.
        public let metrics: URLSessionTaskMetrics?
        /// The error the request failed with, if it did.
        public let error: AFError?
    }

    /// Cancels a request from inside its stream handler, without keeping it alive.
    public struct CancellationToken: Sendable {
        weak let request: DataStreamRequest?

        init(_ request: DataStreamRequest) {
            self.request = request
        }

        /// Cancels the request, if it is still around.
        public func cancel() {
            request?.cancel()
        }
    }
}

// `metrics` is a class FoundationNetworking does not mark Sendable; NetworkKit never sets it, so a
// Completion only ever holds nil there.
extension DataStreamRequest.Completion: @unchecked Sendable {}
