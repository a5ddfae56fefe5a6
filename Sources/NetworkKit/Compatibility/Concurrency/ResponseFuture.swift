import Foundation
import InternalServiceUtilities

/// A response made once, on the serialization queue, and awaited by any number of tasks: the task
/// that fulfils it resumes them all, so no task or queue stands between the serializer and them.
final class ResponseFuture<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [CheckedContinuation<Value, Never>] = []
    }

    private let state = RequestLock.make(State())

    /// Keeps `value` and resumes every waiter; a second value is ignored.
    func fulfil(_ value: Value) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value, Never>] in
            guard case .none = state.value else { return [] }
            state.value = value
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }

    /// The value if it was made already, without waiting.
    var made: Value? {
        state.withLock { $0.value }
    }

    /// The value, once it was made.
    var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let made = state.withLock { state -> Value? in
                    if let value = state.value { return value }
                    state.waiters.append(continuation)
                    return nil
                }
                if let made { continuation.resume(returning: made) }
            }
        }
    }
}

/// Runs a response serializer and times it, as every response handler does: a thrown error that is
/// not an ``AFError`` becomes `.responseSerializationFailed(.customSerializationFailed)`.
enum SerializationRun {
    /// What `serialize` made, and how long it took in seconds.
    static func timed<Value>(_ serialize: () throws -> Value) -> (result: Result<Value, AFError>, duration: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let result: Result<Value, AFError>
        do {
            result = .success(try serialize())
        } catch let error as AFError {
            result = .failure(error)
        } catch {
            result = .failure(.responseSerializationFailed(reason: .customSerializationFailed(error: error)))
        }
        let elapsed = start.duration(to: clock.now).components
        return (result, Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
    }
}
