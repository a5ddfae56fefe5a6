import Foundation
import InternalServiceUtilities

/// The `Date` header value (IMF-fixdate, written by `HTTPDate`), recomputed at most once a second.
struct DateHeaderCache {
    private var second = Int.min
    private var text = ""

    /// The current date, such as `Sun, 06 Nov 1994 08:49:37 GMT`.
    mutating func now() -> String {
        let seconds = Int(Date().timeIntervalSince1970.rounded(.down))
        guard seconds != second else { return text }
        second = seconds
        text = HTTPDate.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))) ?? ""
        return text
    }
}
