import Foundation

/// RFC 6265 §5.1.1's cookie-date algorithm, on the bytes of an `Expires` attribute's value: tokens
/// between delimiters, the first token of each production wins, then range and calendar checks.
///
/// No `DateFormatter` and no `Calendar`: the date becomes seconds since 1970 by integer arithmetic
/// (days from the civil date), so parsing allocates nothing.
enum CookieDate {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// The fields found so far, each set by the first token that matches its production (step 2).
    private struct Fields {
        var time: (hour: Int, minute: Int, second: Int)?
        var dayOfMonth: Int?
        var month: Int?
        var year: Int?
    }

    /// The date a cookie-date denotes, or nil when §5.1.1 says to fail.
    ///
    /// - Parameter bytes: The attribute's value.
    /// - Returns: The date in UTC.
    static func parse(_ bytes: Bytes) -> Date? {
        guard let seconds = secondsSince1970(bytes) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The seconds since 1970-01-01T00:00:00Z a cookie-date denotes, or nil when §5.1.1 fails it.
    ///
    /// - Parameter bytes: The attribute's value.
    /// - Returns: The seconds (negative before 1970).
    static func secondsSince1970(_ bytes: Bytes) -> Int64? {
        var fields = Fields()
        // Step 1: date-tokens are the runs of non-delimiters.
        var index = 0
        while index < bytes.count {
            guard !isDelimiter(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, !isDelimiter(bytes[end]) { end += 1 }
            take(Bytes(rebasing: bytes[index..<end]), into: &fields)
            index = end
        }
        return seconds(of: fields)
    }

    /// The seconds since 1970 a cookie-date string denotes, or nil when §5.1.1 fails it.
    ///
    /// - Parameter text: The attribute's value.
    /// - Returns: The seconds (negative before 1970).
    static func secondsSince1970(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { secondsSince1970($0) }
    }

    /// Step 2: the token sets the first production it matches whose field is not set yet.
    private static func take(_ token: Bytes, into fields: inout Fields) {
        if fields.time == nil, let time = time(token) {
            fields.time = time
        } else if fields.dayOfMonth == nil, let day = number(token, minimumDigits: 1, maximumDigits: 2) {
            fields.dayOfMonth = day
        } else if fields.month == nil, let month = month(token) {
            fields.month = month
        } else if fields.year == nil, let year = number(token, minimumDigits: 2, maximumDigits: 4) {
            fields.year = year
        }
    }

    /// Steps 3 to 7: two-digit years, the range checks, and the calendar date.
    private static func seconds(of fields: Fields) -> Int64? {
        guard let time = fields.time, let day = fields.dayOfMonth, let month = fields.month,
            var year = fields.year
        else { return nil }
        if (70...99).contains(year) { year += 1900 }  // step 3
        if (0...69).contains(year) { year += 2000 }  // step 4
        // Step 5.
        guard (1...31).contains(day), year >= 1601, time.hour <= 23, time.minute <= 59, time.second <= 59 else {
            return nil
        }
        // Step 6: a date that does not exist (30 February) fails.
        guard day <= daysIn(month: month, year: year) else { return nil }
        let days = Int64(daysFromCivil(year: year, month: month, day: day))
        return days * 86_400 + Int64(time.hour * 3600 + time.minute * 60 + time.second)
    }

    /// Whether a byte is a §5.1.1 delimiter: %x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E.
    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x09, 0x20...0x2F, 0x3B...0x40, 0x5B...0x60, 0x7B...0x7E: return true
        default: return false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The digits at the start of `token` as a number, when there are `minimumDigits` to
    /// `maximumDigits` of them and whatever follows starts with a non-digit (`day-of-month`, `year`).
    private static func number(_ token: Bytes, minimumDigits: Int, maximumDigits: Int) -> Int? {
        var value = 0
        var count = 0
        for byte in token {
            guard isDigit(byte) else { break }
            count += 1
            guard count <= maximumDigits else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return count >= minimumDigits ? value : nil
    }

    /// `time = hms-time ( non-digit *OCTET )`, `hms-time = time-field ":" time-field ":" time-field`,
    /// `time-field = 1*2DIGIT`.
    private static func time(_ token: Bytes) -> (hour: Int, minute: Int, second: Int)? {
        var parts = (0, 0, 0)
        var part = 0
        var digits = 0
        for byte in token {
            if isDigit(byte) {
                digits += 1
                guard digits <= 2 else { return nil }
                let value = Int(byte - 0x30)
                switch part {
                case 0: parts.0 = parts.0 * 10 + value
                case 1: parts.1 = parts.1 * 10 + value
                default: parts.2 = parts.2 * 10 + value
                }
            } else if byte == UInt8(ascii: ":"), part < 2 {
                guard digits > 0 else { return nil }
                part += 1
                digits = 0
            } else {
                // The third field is complete; anything after it is the optional non-digit tail.
                guard part == 2, digits > 0 else { return nil }
                return parts
            }
        }
        guard part == 2, digits > 0 else { return nil }
        return parts
    }

    /// `month = ( "jan" / "feb" / … / "dec" ) *OCTET`, case-insensitively: 1 to 12.
    private static func month(_ token: Bytes) -> Int? {
        guard token.count >= 3 else { return nil }
        let (first, second, third) = (token[0], token[1], token[2])
        // Lowercase ASCII letters and pack the three bytes into one number to switch on.
        let key = UInt32(first | 0x20) << 16 | UInt32(second | 0x20) << 8 | UInt32(third | 0x20)
        switch key {
        case 0x6A_616E: return 1  // jan
        case 0x66_6562: return 2  // feb
        case 0x6D_6172: return 3  // mar
        case 0x61_7072: return 4  // apr
        case 0x6D_6179: return 5  // may
        case 0x6A_756E: return 6  // jun
        case 0x6A_756C: return 7  // jul
        case 0x61_7567: return 8  // aug
        case 0x73_6570: return 9  // sep
        case 0x6F_6374: return 10  // oct
        case 0x6E_6F76: return 11  // nov
        case 0x64_6563: return 12  // dec
        default: return nil
        }
    }

    /// The number of days in a month of the proleptic Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar, counted in 400-year eras
    /// of 146,097 days with the year starting in March (so the leap day ends it).
    ///
    /// - Parameters:
    ///   - year:  The year (1601 or later here, at most 9999: `year` has at most four digits).
    ///   - month: The month, 1 to 12.
    ///   - day:   The day of the month, 1 to 31.
    /// - Returns: The days; negative before 1970.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
