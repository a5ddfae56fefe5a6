import Foundation
import Testing

@testable import GeoKit

/// Inputs the `gpsd-report` fuzz target found (see `Fuzzing/`), kept as regression tests.
@Suite("GPSDReport on inputs found by fuzzing")
struct GPSDReportTests {
    @Test("a time with a 52-digit fraction gives a fix without a timestamp instead of killing the process")
    func longFraction() throws {
        // Given the report the fuzzer found: a TPV whose time has a 52-digit fraction, which made ICU
        // (under ISO8601DateFormatter) die of SIGFPE (an unknown key carries a byte that is not UTF-8)
        let time = "2026-12-01T04:27:05.00" + String(repeating: "8", count: 49) + "0Z"
        let line =
            "{\"class\":\"TPV\",\"ce\":\"/vts/3\",\"mode\":3,\"time\":\"\(time)\",\"lat\":55.75582,\"lon\":37.61,"
            + "\"HAa\u{FFFD}k\":270.0}"

        // When it is read
        let fix = try #require(try GPSDReport.parse(line).fix)

        // Then the position is there and the unreadable time is left out
        #expect(fix.coordinate == (try Coordinate(latitude: 55.75582, longitude: 37.61)))
        #expect(fix.timestamp == nil)
    }

    @Test("gpsd's own time forms still read, to the nanosecond digit")
    func timeForms() {
        // Given times as gpsd writes them (milliseconds), with nine digits, without a fraction, with an offset
        let expected = Date(timeIntervalSince1970: 1_796_099_225)

        // When they are read
        // Then each gives its instant; malformed ones give nil
        #expect(GPSDReport.parseTime("2026-12-01T04:27:05.000Z") == expected)
        #expect(GPSDReport.parseTime("2026-12-01T04:27:05Z") == expected)
        #expect(GPSDReport.parseTime("2026-12-01T07:27:05+03:00") == expected)
        let nine = GPSDReport.parseTime("2026-12-01T04:27:05.250000000Z")
        #expect(nine.map { abs($0.timeIntervalSince(expected) - 0.25) < 0.001 } == true)
        let malformed = [
            "2026-12-01T04:27:05.0123456789Z", "2026-12-01T04:27:05.Z", "2026-12-01 04:27:05Z", "", "Z",
            "2026-13-45T99:99:99Z", "2026-02-29T00:00:00Z", "2026-12-01T04:27:05+24:00", "2026-12-01T04:27:05",
            "2026-12-01T04:27:05Zjunk",
        ]
        for bad in malformed {
            #expect(GPSDReport.parseTime(bad) == nil, "\(bad)")
        }
    }
}
