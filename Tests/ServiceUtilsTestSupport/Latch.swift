import InternalServiceUtilities

/// A one-way gate for tests: tasks ``wait()`` until someone calls ``open()``, and pass straight
/// through afterwards.
///
/// It lets a test hold a mock server's response at a chosen point and release it once the client
/// has shown what it saw, with no sleeps:
///
/// ```swift
/// let rest = Latch()
/// server.stub(method: .get, path: "/feed") { _ in
///     .streaming { writer in
///         try await writer.write("first\n")
///         await rest.wait()
///         try await writer.write("second\n")
///     }
/// }
/// ```
public final class Latch: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Creates a closed latch.
    public init() {}

    /// Whether ``open()`` was called.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Lets every waiting task through, and every later one at once.
    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the latch is open.
    public func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let passes = state.withLock { state -> Bool in
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if passes { continuation.resume() }
        }
    }
}
