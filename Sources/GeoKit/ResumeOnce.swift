import InternalServiceUtilities

/// Resumes a continuation at most once, however often a callback-based API calls back.
final class ResumeOnce<Value: Sendable>: Sendable {
    private let continuation: Locked<CheckedContinuation<Value, Never>?>

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = Locked(continuation)
    }

    func resume(returning value: Value) {
        let taken = continuation.withLock { stored -> CheckedContinuation<Value, Never>? in
            defer { stored = nil }
            return stored
        }
        taken?.resume(returning: value)
    }
}
