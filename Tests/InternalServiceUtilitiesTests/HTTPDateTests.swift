import Foundation
import InternalServiceUtilities
import Testing

/// HTTP dates read without `DateFormatter`: the `retry-after` fuzz target found that Foundation's
/// formatter leaks memory on Linux for some unreadable values (see `Fuzzing/`).
@Suite("HTTPDate: RFC 9110's three date forms")
struct HTTPDateTests {
    static let example = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test("RFC 9110's example reads the same in all three forms")
    func threeForms() {
        // Given the example of RFC 9110 §5.6.7 in IMF-fixdate, RFC 850 and asctime forms
        // When each is read
        // Then each names the same instant
        for text in ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"] {
            #expect(HTTPDate.parse(text, now: Self.example) == Self.example, "\(text)")
        }
    }

    @Test("days are checked against their month, leap years included, and the range reaches 9999")
    func calendar() {
        // Given dates at the edges of months, leap rules and the four-digit range
        let cases: [(String, TimeInterval?)] = [
            ("Thu, 29 Feb 2024 00:00:00 GMT", 1_709_164_800), ("Tue, 29 Feb 2000 12:00:00 GMT", 951_825_600),
            ("Wed, 31 Dec 1969 23:59:59 GMT", -1), ("Fri, 31 Dec 9999 23:59:59 GMT", 253_402_300_799),
            ("Wed, 29 Feb 2023 00:00:00 GMT", nil), ("Thu, 29 Feb 1900 00:00:00 GMT", nil),
            ("Mon, 31 Apr 2024 00:00:00 GMT", nil), ("Mon, 00 Jan 2024 00:00:00 GMT", nil),
        ]
        // When each is read
        // Then real days give their instant and impossible ones nil
        for (text, seconds) in cases {
            #expect(
                HTTPDate.parse(text, now: Self.example) == seconds.map(Date.init(timeIntervalSince1970:)), "\(text)")
        }
    }

    @Test("an RFC 850 year is at most 50 years ahead of now")
    func twoDigitYears() {
        // Given now in November 2026
        let now = Date(timeIntervalSince1970: 1_793_954_977)
        // When two-digit years are read
        // Then 26 is this year, 75 is 2075 (49 years ahead) and 77 is 1977 (51 years ahead would be too far)
        #expect(HTTPDate.parse("Friday, 06-Nov-26 08:49:37 GMT", now: now) == now)
        #expect(HTTPDate.parse("Wednesday, 06-Nov-75 08:49:37 GMT", now: now)?.timeIntervalSince1970 == 3_340_255_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-77 08:49:37 GMT", now: now)?.timeIntervalSince1970 == 247_654_177)
    }

    @Test("anything outside the grammar is nil, the fuzzer's input included")
    func rejections() {
        // Given the value the fuzzer found ("9" and bytes that are not UTF-8) and near misses
        let found = String(decoding: [0x39, 0x84, 0x84, 0xF4, 0x84, 0x84, 0xAC], as: UTF8.self)
        let texts = [
            found, "", "sun, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 6 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Nov 1994 08:49:37 GMT ", "Sun Nov 6 08:49:37 1994",
            "Sun, 06 nov 1994 08:49:37 GMT", "Sunday, 06 Nov 1994 08:49:37 GMT", "Sun, 06-Nov-94 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 19940 08:49:37 GMT",
        ]
        // When each is read
        // Then none is a date
        for text in texts {
            #expect(HTTPDate.parse(text, now: Self.example) == nil, "\(text)")
        }
    }

    @Test("writes RFC 9110's example as IMF-fixdate, padded, the fraction of a second dropped")
    func writesExample() {
        // Given RFC 9110's example instant, one with a fraction, and the edges of the four-digit range
        // When each is written
        // Then each is the IMF-fixdate text, and instants outside years 0 to 9999 give nil
        #expect(HTTPDate.string(from: Self.example) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.string(from: Self.example.addingTimeInterval(0.999)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: -1)) == "Wed, 31 Dec 1969 23:59:59 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 253_402_300_799)) == "Fri, 31 Dec 9999 23:59:59 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: -62_167_219_200)) == "Sat, 01 Jan 0000 00:00:00 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 253_402_300_800)) == nil)
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: -62_167_219_201)) == nil)
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: .infinity)) == nil)
    }

    @Test("what it writes reads back, and names the weekday Foundation's calendar gives, 1900 to 2100")
    func roundTrip() throws {
        // Given Foundation's Gregorian calendar in UTC and an instant every day and 13 seconds
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        var seconds = -2_208_988_800  // 1900-01-01
        var checked = 0
        while seconds < 4_102_444_800 {  // 2100-01-01
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            // When it is written and read back
            let text = try #require(HTTPDate.string(from: date))
            // Then the same instant comes back, under the calendar's weekday and day of the month
            #expect(HTTPDate.parse(text, now: date) == date, "\(text)")
            let parts = calendar.dateComponents([.weekday, .day], from: date)
            #expect(text.hasPrefix("\(names[try #require(parts.weekday) - 1]), "), "\(text)")
            let day = try #require(parts.day)
            #expect(text.dropFirst(5).hasPrefix(day < 10 ? "0\(day) " : "\(day) "), "\(text)")
            seconds += 86_413
            checked += 1
        }
        #expect(checked > 73_000)
    }
}
