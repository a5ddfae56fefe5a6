/// Holds callers until a given number has arrived and the test opens it; once open, callers pass.
actor ArrivalGate {
    private let expected: Int
    private var arrived = 0
    private var isOpen = false
    private var held: [CheckedContinuation<Void, Never>] = []
    private var allArrived: CheckedContinuation<Void, Never>?

    init(expected: Int) {
        self.expected = expected
    }

    /// Waits until the gate opens (returns at once when it is open).
    func arrive() async {
        guard !isOpen else { return }
        arrived += 1
        if arrived == expected {
            allArrived?.resume()
            allArrived = nil
        }
        await withCheckedContinuation { held.append($0) }
    }

    /// Returns when `expected` callers are held.
    func waitForAll() async {
        guard arrived < expected else { return }
        await withCheckedContinuation { allArrived = $0 }
    }

    /// Lets every held caller and all later ones through.
    func open() {
        isOpen = true
        for continuation in held { continuation.resume() }
        held.removeAll()
    }
}
