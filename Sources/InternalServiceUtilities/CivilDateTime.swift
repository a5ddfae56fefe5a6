package import Foundation

/// A day and time of the proleptic Gregorian calendar in UTC, turned into a `Date` by arithmetic.
///
/// Dates that arrive as text from a server or a daemon (HTTP dates, gpsd's RFC 3339 times) are read
/// field by field into this rather than through `DateFormatter` or `ISO8601DateFormatter`, which on
/// Linux hand the text to ICU: ICU leaks memory on some unreadable values and dies of SIGFPE on a
/// fraction of forty digits (both found by fuzzing).
///
/// ```swift
/// CivilDateTime(year: 1994, month: 11, day: 6, hour: 8, minute: 49, second: 37).date
/// // 1994-11-06 08:49:37 +0000
/// ```
package struct CivilDateTime: Sendable, Hashable {
    package var year: Int
    package var month: Int
    package var day: Int
    package var hour: Int
    package var minute: Int
    package var second: Int

    /// Creates a date and time; nothing is checked until ``date`` is read.
    package init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The instant, or nil for a year outside 0...9999, a day its month does not have, or a time out
    /// of range. A leap second (60) is allowed and reads as the next second: POSIX time has none.
    package var date: Date? {
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthLengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (0...9999).contains(year), (1...12).contains(month), (1...monthLengths[month - 1]).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let seconds =
            Self.daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60
            + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Days from 1970-01-01 to a valid day (the days-from-civil algorithm: years are counted from
    /// March, so the leap day comes last, in 400-year eras of 146,097 days).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
