package import Foundation

/// HTTP dates (RFC 9110 §5.6.7), written and read by one set of rules for every module: NetworkKit
/// reads `Retry-After`, MockServerKit writes its `Date` header.
///
/// Dates are written as IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the only form a sender may
/// use, and read in all three forms: IMF-fixdate, the obsolete RFC 850 form
/// (`Sunday, 06-Nov-94 08:49:37 GMT`) and ANSI C's asctime form (`Sun Nov  6 08:49:37 1994`).
///
/// The grammar is small, fixed and case-sensitive, so it is handled here byte by byte and through
/// ``CivilDateTime`` rather than with `DateFormatter`: on Linux that hands the text to ICU, which
/// leaks memory on some unreadable values (found by fuzzing), and a header is whatever a server
/// chose to send.
///
/// ```swift
/// HTTPDate.string(from: Date(timeIntervalSince1970: 784_111_777))  // "Sun, 06 Nov 1994 08:49:37 GMT"
/// HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: .now)      // the same instant
/// ```
package enum HTTPDate {
    /// `date` as an IMF-fixdate, such as `Sun, 06 Nov 1994 08:49:37 GMT`; a fraction of a second
    /// is dropped (rounded down).
    ///
    /// - Parameter date: The instant, in years 0 to 9999.
    /// - Returns: The text, or nil for an instant outside those years.
    package static func string(from date: Date) -> String? {
        guard date.timeIntervalSince1970.isFinite else { return nil }
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard abs(seconds) < 1e15, let civil = CivilDateTime(secondsSince1970: Int(seconds)) else { return nil }
        let day = shortDayNames[(civil.weekday + 5) % 7]
        return "\(day), \(padded(civil.day, 2)) \(monthNames[civil.month - 1]) \(padded(civil.year, 4)) "
            + "\(padded(civil.hour, 2)):\(padded(civil.minute, 2)):\(padded(civil.second, 2)) GMT"
    }

    /// The instant `text` names, or nil when it is not an HTTP date or names no real day.
    ///
    /// - Parameters:
    ///   - text: The date, without surrounding spaces.
    ///   - now: The current time, which places an RFC 850 two-digit year in its century.
    /// - Returns: The date.
    package static func parse(_ text: String, now: Date) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        let dayName = reader.letters()
        var fields: CivilDateTime?
        if shortDayNames.contains(dayName), reader.take(", ") {
            fields = reader.imfFixdate()
        } else if longDayNames.contains(dayName), reader.take(", ") {
            fields = reader.rfc850Date(now: now)
        } else if shortDayNames.contains(dayName), reader.take(" ") {
            fields = reader.asctimeDate()
        }
        guard let fields, reader.isAtEnd else { return nil }
        return fields.date
    }

    /// `value` in decimal with leading zeros up to `width` digits.
    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static let shortDayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let longDayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A cursor over the date's bytes.
    struct Reader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        /// `Sun, ` is read; then `06 Nov 1994 08:49:37 GMT`.
        mutating func imfFixdate() -> CivilDateTime? {
            guard let day = digits(2), take(" "), let month = month(), take(" "), let year = digits(4), take(" "),
                let time = time(), take(" GMT")
            else { return nil }
            return CivilDateTime(year: year, month: month, day: day, hour: time.0, minute: time.1, second: time.2)
        }

        /// `Sunday, ` is read; then `06-Nov-94 08:49:37 GMT`, the year in the century that puts it at
        /// most 50 years after `now` (RFC 9110 §5.6.7).
        mutating func rfc850Date(now: Date) -> CivilDateTime? {
            guard let day = digits(2), take("-"), let month = month(), take("-"), let shortYear = digits(2),
                take(" "), let time = time(), take(" GMT")
            else { return nil }
            let nowSeconds = now.timeIntervalSince1970
            guard nowSeconds.isFinite, abs(nowSeconds) < 1e15,
                let thisYear = CivilDateTime(secondsSince1970: Int(nowSeconds.rounded(.down)))?.year
            else { return nil }
            var year = thisYear - thisYear % 100 + shortYear
            if year > thisYear + 50 { year -= 100 }
            return CivilDateTime(year: year, month: month, day: day, hour: time.0, minute: time.1, second: time.2)
        }

        /// `Sun ` is read; then `Nov  6 08:49:37 1994` (the day is two digits or a space and one).
        mutating func asctimeDate() -> CivilDateTime? {
            guard let month = month(), take(" ") else { return nil }
            let day = take(" ") ? digits(1) : digits(2)
            guard let day, take(" "), let time = time(), take(" "), let year = digits(4) else { return nil }
            return CivilDateTime(year: year, month: month, day: day, hour: time.0, minute: time.1, second: time.2)
        }

        /// `08:49:37` as hour, minute and second (ranges are checked by `CivilDateTime.date`).
        mutating func time() -> (Int, Int, Int)? {
            guard let hour = digits(2), take(":"), let minute = digits(2), take(":"), let second = digits(2) else {
                return nil
            }
            return (hour, minute, second)
        }

        /// A month name as 1 to 12.
        mutating func month() -> Int? {
            guard index + 3 <= bytes.count else { return nil }
            let name = String(decoding: bytes[index..<(index + 3)], as: UTF8.self)
            guard let position = HTTPDate.monthNames.firstIndex(of: name) else { return nil }
            index += 3
            return position + 1
        }

        /// Exactly `count` ASCII digits as a number.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// The ASCII letters from here on (possibly none).
        mutating func letters() -> String {
            let start = index
            let isLetter = { (byte: UInt8) in (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
            while index < bytes.count, isLetter(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// Whether `literal` comes next; it is consumed when it does.
        mutating func take(_ literal: String) -> Bool {
            let expected = Array(literal.utf8)
            guard bytes[index...].starts(with: expected) else { return false }
            index += expected.count
            return true
        }
    }
}
