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

    /// The day and time `seconds` after 1970-01-01 00:00:00 UTC, or nil outside years 0 to 9999.
    ///
    /// - Parameter seconds: Seconds since the epoch, without leap seconds (POSIX time).
    package init?(secondsSince1970 seconds: Int) {
        guard (Self.firstSecond...Self.lastSecond).contains(seconds) else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = Self.civilDay(daysSinceEpoch: days)
        self.init(
            year: year, month: month, day: day, hour: secondOfDay / 3_600, minute: secondOfDay % 3_600 / 60,
            second: secondOfDay % 60)
    }

    /// The day of the week, 1 for Sunday to 7 for Saturday (as `Calendar`'s `.weekday`); only
    /// meaningful for a valid day.
    package var weekday: Int {
        let days = Self.daysSinceEpoch(year: year, month: month, day: day)
        // 1970-01-01 was a Thursday (5).
        return ((days + 4) % 7 + 7) % 7 + 1
    }

    /// 0000-01-01 00:00:00 and 9999-12-31 23:59:59, in seconds since the epoch.
    private static let firstSecond = daysSinceEpoch(year: 0, month: 1, day: 1) * 86_400
    private static let lastSecond = daysSinceEpoch(year: 9999, month: 12, day: 31) * 86_400 + 86_399

    /// The year, month and day `days` after 1970-01-01 (the inverse of ``daysSinceEpoch(year:month:day:)``).
    static func civilDay(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
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
