/// Holds callers until `count` of them have arrived, then lets them all through: proves that many
/// handlers were running at the same time.
actor Gate {
    private let count: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        self.count = count
    }

    func arriveAndWait() async {
        arrived += 1
        if arrived >= count {
            let released = waiting
            waiting.removeAll()
            for continuation in released { continuation.resume() }
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}
