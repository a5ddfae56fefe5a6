import Foundation
import FuzzSupport

@testable import NetworkKit

/// NetworkKit's reading of a `Retry-After` header (seconds, or an HTTP date in any of RFC 9110's
/// three forms, read through `DateFormatter` and so ICU), which any server can send.
///
/// A value must give nil or a wait that is not negative; a value of ASCII digits only must give
/// exactly that many seconds when it fits in 64 bits.
@main
enum RetryAfterFuzzer {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            RetryAfterFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        let value = input.restText()
        let delay = RetryAfter.delay(value, now: now)
        if let delay { invariant(delay >= .zero, "a negative wait \(delay) for \(value.debugDescription)") }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let seconds = Int64(trimmed) {
            invariant(delay == .seconds(seconds), "\(value.debugDescription) gave \(String(describing: delay))")
        }
    }
}
