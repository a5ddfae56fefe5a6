import InternalServiceUtilities

/// Passes a transfer's byte counts to the caller's handler: never backwards, not more often than
/// every 1/512 of the total (256 KiB when it is unknown) or 50 ms, never past a known total, and
/// always the last one.
final class ProgressReporter: Sendable {
    private struct State {
        var reported: Int64 = -1
        var total: Int64?
        var lastTime: ContinuousClock.Instant?
        var finished = false
    }

    private let handler: @Sendable (TransferProgress) -> Void
    private let state = Locked(State())
    private let clock = ContinuousClock()
    private static let interval = Duration.milliseconds(50)

    init(_ handler: @escaping @Sendable (TransferProgress) -> Void) {
        self.handler = handler
    }

    /// A reporter for `handler`, or nil when there is none.
    static func make(_ handler: (@Sendable (TransferProgress) -> Void)?) -> ProgressReporter? {
        handler.map(ProgressReporter.init)
    }

    /// `completed` bytes of `total` are done (a count past `total`, from a transport that counts
    /// more than the body, is reported as `total`).
    func update(completed count: Int64, total: Int64?) {
        let completed = total.map { min(count, $0) } ?? count
        let now = clock.now
        let send = state.withLock { state -> Bool in
            guard !state.finished, completed >= state.reported else { return false }
            let step = total.map { max($0 / 512, 1) } ?? 256 * 1024
            let due = state.lastTime.map { $0.duration(to: now) >= Self.interval } ?? true
            let changed = total != state.total
            guard state.reported < 0 || changed || completed - state.reported >= step || due else { return false }
            state.reported = completed
            state.total = total
            state.lastTime = now
            return true
        }
        if send { handler(TransferProgress(completedBytes: completed, totalBytes: total)) }
    }

    /// The transfer succeeded with `completed` bytes: the last update, whose total is `completed`.
    func finish(completed: Int64) {
        let send = state.withLock { state -> Bool in
            guard !state.finished, completed >= state.reported else { return false }
            state.finished = true
            // The last update may already have been this one.
            guard completed != state.reported || state.total != completed else { return false }
            state.reported = completed
            state.total = completed
            return true
        }
        if send { handler(TransferProgress(completedBytes: completed, totalBytes: completed)) }
    }
}
