import Foundation
import Testing

@testable import NetworkKit

/// RFC 6265 §5.1.1, the cookie-date algorithm, step by step.
@Suite("Cookie dates (RFC 6265 §5.1.1)")
struct CookieDateTests {
    /// Seconds since 1970 of Sun, 06 Nov 1994 08:49:37 GMT (RFC 9110's example date).
    static let example: Int64 = 784_111_777

    private func seconds(_ text: String) -> Int64? {
        CookieDate.secondsSince1970(text)
    }

    @Test("§5.1.1 the three HTTP date formats browsers send all parse to the same instant")
    func httpDateFormats() {
        // Given RFC 1123, RFC 850 and asctime forms of one date
        // Then each denotes it
        #expect(seconds("Sun, 06 Nov 1994 08:49:37 GMT") == Self.example)
        #expect(seconds("Sunday, 06-Nov-94 08:49:37 GMT") == Self.example)
        #expect(seconds("Sun Nov  6 08:49:37 1994") == Self.example)
        let date = Array("Sun, 06 Nov 1994 08:49:37 GMT".utf8).withUnsafeBufferPointer { CookieDate.parse($0) }
        #expect(date?.timeIntervalSince1970 == 784_111_777)
    }

    @Test("§5.1.1 step 1: tokens are split at delimiters (%x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E), not at ':'")
    func stepOneDelimiters() {
        // Given dates separated by unusual delimiters
        #expect(seconds("06/Nov/1994;08:49:37") == Self.example)
        #expect(seconds("[06]{Nov}\t1994@08:49:37~") == Self.example)
        // And ':' belongs to the time token, so a time split by '.' is no time
        #expect(seconds("06 Nov 1994 08.49.37") == nil)
    }

    @Test("§5.1.1 step 2: each field takes the first token matching its production, in any order")
    func stepTwoFirstMatchWins() {
        // Given fields in an odd order, then a second full date
        #expect(seconds("1994 08:49:37 Nov 6") == Self.example)
        #expect(seconds("6 Nov 1994 08:49:37 7 Dec 2001 09:00:00") == Self.example)
        // And tails after the productions: "GMT" after the time, "vember" after the month, "th" after the day
        #expect(seconds("6th November 1994 08:49:37GMT") == Self.example)
        // And case does not matter for months
        #expect(seconds("06 NOV 1994 08:49:37") == Self.example)
    }

    @Test("§5.1.1 step 2.1: time = 1*2DIGIT ':' 1*2DIGIT ':' 1*2DIGIT, then a non-digit or nothing")
    func stepTwoTime() {
        #expect(seconds("6 Nov 1994 8:9:7") == Self.example - (49 * 60 + 37) + (9 * 60 + 7))
        #expect(seconds("6 Nov 1994 08:49:375") == nil)  // a third digit is no time-field
        #expect(seconds("6 Nov 1994 08:49") == nil)  // two fields are no time
        #expect(seconds("6 Nov 1994 008:49:37") == nil)
    }

    @Test("§5.1.1 step 2.2 and 2.4: day-of-month is 1-2 digits, year 2-4 digits, each then a non-digit")
    func stepTwoDayAndYear() {
        // A three-digit token is no day, so it becomes the year (123, below 1601)
        #expect(seconds("123 Nov 1994 08:49:37") == nil)
        // A five-digit year is no year
        #expect(seconds("6 Nov 19940 08:49:37") == nil)
        #expect(seconds("Wed, 21 Oct 99999 07:28:00 GMT") == nil)
    }

    @Test("§5.1.1 steps 3 and 4: years 70-99 are 1970-1999, 0-69 are 2000-2069")
    func stepsThreeAndFourTwoDigitYears() {
        #expect(seconds("1 Jan 70 00:00:00") == 0)
        #expect(seconds("31 Dec 99 23:59:59") == 946_684_799)
        #expect(seconds("1 Jan 00 00:00:00") == 946_684_800)
        #expect(seconds("1 Jan 69 00:00:00") == 3_124_224_000)
    }

    @Test("§5.1.1 step 5: a missing field or one out of range fails the date")
    func stepFiveRanges() {
        #expect(seconds("Nov 1994 08:49:37") == nil)  // no day
        #expect(seconds("6 1994 08:49:37") == nil)  // no month
        #expect(seconds("6 Nov 08:49:37") == nil)  // no year
        #expect(seconds("6 Nov 1994") == nil)  // no time
        #expect(seconds("0 Nov 1994 08:49:37") == nil)
        #expect(seconds("32 Dec 1994 08:49:37") == nil)
        #expect(seconds("6 Nov 1994 24:00:00") == nil)
        #expect(seconds("6 Nov 1994 23:60:00") == nil)
        #expect(seconds("6 Nov 1994 23:59:60") == nil)  // no leap seconds
        #expect(seconds("31 Dec 1600 23:59:59") == nil)
        #expect(seconds("1 Jan 1601 00:00:00") == -11_644_473_600)
    }

    @Test("§5.1.1 step 6: a date that does not exist fails; leap years follow the Gregorian rules")
    func stepSixCalendar() {
        #expect(seconds("30 Feb 2015 00:00:00") == nil)
        #expect(seconds("31 Apr 2015 00:00:00") == nil)
        #expect(seconds("29 Feb 1900 00:00:00") == nil)
        #expect(seconds("29 Feb 2000 00:00:00") == 951_782_400)
        #expect(seconds("29 Feb 2024 12:00:00") == 1_709_208_000)
    }

    @Test("dates far outside the range do not trap: year 9999 is the latest, and junk fails")
    func farOutside() {
        #expect(seconds("Fri, 31 Dec 9999 23:59:59 GMT") == 253_402_300_799)
        #expect(seconds(String(repeating: "9", count: 10_000)) == nil)
        #expect(seconds("99:99:99 99 Dec 9999") == nil)
        #expect(seconds("") == nil)
    }
}
