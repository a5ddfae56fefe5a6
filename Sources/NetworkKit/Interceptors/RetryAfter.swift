import Foundation

/// Parses `Retry-After` (RFC 9110 §10.2.3): a number of seconds or an HTTP date.
enum RetryAfter {
    /// The wait `value` asks for, measured from `now`; zero for a date in the past, nil when unreadable.
    static func delay(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            return Int64(text).map { .seconds($0) }
        }
        guard let date = httpDate(text) else { return nil }
        let seconds = max(date.timeIntervalSince(now), 0)
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// An HTTP date in IMF-fixdate, the obsolete RFC 850 form, or asctime form (RFC 9110 §5.6.7).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
