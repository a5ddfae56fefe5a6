import Foundation
import InternalServiceUtilities

/// Parses `Retry-After` (RFC 9110 §10.2.3): a number of seconds or an HTTP date.
enum RetryAfter {
    /// The wait `value` asks for, measured from `now`; zero for a date in the past, nil when unreadable.
    static func delay(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            return Int64(text).map { .seconds($0) }
        }
        guard let date = HTTPDate.parse(text, now: now) else { return nil }
        let seconds = max(date.timeIntervalSince(now), 0)
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
