import Foundation
import InternalServiceUtilities

/// A clock the test moves forward itself, so token expiry needs no waiting.
final class ManualClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { current.value }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}
