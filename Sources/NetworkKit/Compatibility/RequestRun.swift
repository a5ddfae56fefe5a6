import Foundation
import InternalServiceUtilities

/// The running of one transfer request (a download or a stream): its task, whether its outcome
/// has arrived, and the work waiting for that outcome, which is held while the request is
/// suspended.
final class RequestRun: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var arrived = false
        var delivered = false
        var waiting: [@Sendable () -> Void] = []
    }

    private let state = Locked(State())

    /// Whether the outcome was handed to the waiting work.
    var isDelivered: Bool { state.withLock { $0.delivered } }

    /// Whether the request has a task or an outcome: it started, or failed before it could.
    var hasStarted: Bool { state.withLock { $0.task != nil || $0.arrived } }

    /// The running task, if one was started.
    var task: Task<Void, Never>? { state.withLock { $0.task } }

    /// Keeps `body` for the outcome; returns false (and keeps nothing) when it was delivered already,
    /// so the caller runs `body` itself.
    func wait(_ body: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            if state.delivered { return false }
            state.waiting.append(body)
            return true
        }
    }

    /// Keeps `task` as the request's task, or cancels it when another was kept first.
    func keep(_ task: Task<Void, Never>) {
        let kept = state.withLock { state -> Bool in
            guard state.task == nil else { return false }
            state.task = task
            return true
        }
        if !kept { task.cancel() }
    }

    /// Records that the outcome arrived.
    func arrive() {
        state.withLock { $0.arrived = true }
    }

    /// The waiting work, once, when the outcome arrived and `held` is false; nil otherwise.
    func takeWaiting(held: Bool) -> [@Sendable () -> Void]? {
        state.withLock { state in
            guard state.arrived, !state.delivered, !held else { return nil }
            state.delivered = true
            defer { state.waiting = [] }
            return state.waiting
        }
    }
}

extension Request {
    /// Hands an arrived outcome to `run`'s waiting work unless the request is suspended, marking
    /// the request finished (a cancelled one stays cancelled).
    func deliver(_ run: RequestRun) {
        guard let waiting = run.takeWaiting(held: state == .suspended) else { return }
        mutableState.withLock { state in
            if state.state != .cancelled { state.state = .finished }
        }
        emit { [self] in $0.requestDidFinish(self) }
        for body in waiting { body() }
    }

    /// Records a failure as the request's error and hands the outcome over.
    ///
    /// - Parameters:
    ///   - outcome: How the request ended.
    ///   - run: The request's run.
    ///   - cancelledError: The error of a request that was cancelled: ``AFError/explicitlyCancelled``,
    ///     or nil to keep the error it was cancelled with.
    func finish(_ outcome: RequestOutcome, of run: RequestRun, cancelledError: AFError? = .explicitlyCancelled) {
        run.arrive()
        if case .failed(let error) = outcome {
            mutableState.withLock { state in
                guard state.state == .cancelled else {
                    state.error = error
                    return
                }
                state.error = cancelledError ?? state.error ?? .explicitlyCancelled
            }
        }
        deliver(run)
    }

    /// Runs `body` once `run`'s outcome was delivered (now, if it was); starts the request first
    /// when it starts with its first handler.
    func whenDelivered(_ run: RequestRun, _ body: @escaping @Sendable () -> Void) {
        if !run.wait(body) {
            body()
        } else if shouldAutomaticallyResume ?? delegate?.startImmediately ?? true {
            resume()
        }
    }
}
