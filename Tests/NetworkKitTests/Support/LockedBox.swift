import InternalServiceUtilities

/// A small wrapper over the package's lock box for test doubles.
final class LockedBox<Value: Sendable>: Sendable {
    private let locked: Locked<Value>

    init(_ value: Value) {
        locked = Locked(value)
    }

    func read() -> Value {
        locked.value
    }

    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        locked.withLock(body)
    }
}
