import InternalServiceUtilities

extension HTTPExchange {
    /// How many times the transport called ``complete(_:)`` so far: the transport conformance suite
    /// checks that it is exactly once, cancelled or not.
    package var completionCount: Int {
        state.withLock { $0.completions }
    }

    /// Returns once the transport has called ``complete(_:)`` (at once if it has): for tests of an
    /// exchange that ends after its caller stopped waiting for it (a dropped stream).
    package func waitUntilCompleted() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let completed = state.withLock { state -> Bool in
                if state.completions == 0 { state.completionWaiters.append(continuation) }
                return state.completions > 0
            }
            if completed { continuation.resume() }
        }
    }
}
