import InternalServiceUtilities

/// Lets at most `width` tasks through at once; the others wait their turn in order.
///
/// The matrix's cells run as parallel test cases; without a limit every server, client and stall of
/// the matrix would be in flight together on a 2-core machine, and a cell's time would measure the
/// crowd rather than the cell.
final class ConcurrencyLimit: Sendable {
    private struct State {
        var free: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Locked<State>

    init(width: Int) {
        state = Locked(State(free: max(width, 1)))
    }

    /// Runs `body` once a place is free, and frees it afterwards.
    func run<Value: Sendable>(_ body: () async throws -> Value) async rethrows -> Value {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let passes = state.withLock { state -> Bool in
                if state.free > 0 {
                    state.free -= 1
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if passes { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiters.isEmpty {
                state.free += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
