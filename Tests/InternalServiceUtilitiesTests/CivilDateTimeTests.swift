import Foundation
import InternalServiceUtilities
import Testing

@Suite("CivilDateTime: Gregorian dates in UTC by arithmetic")
struct CivilDateTimeTests {
    @Test("every day from 1900 to 2100 matches Foundation's Gregorian calendar")
    func matchesFoundation() throws {
        // Given Foundation's Gregorian calendar in UTC as the reference
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let start = try #require(calendar.date(from: DateComponents(year: 1900, month: 1, day: 1)))

        // When each day's noon is built both ways, over two centuries (1900 is not a leap year, 2000 is)
        var day = start
        var checked = 0
        while calendar.component(.year, from: day) <= 2100 {
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            let civil = CivilDateTime(
                year: try #require(parts.year), month: try #require(parts.month), day: try #require(parts.day),
                hour: 12, minute: 0, second: 0)

            // Then both name the same instant
            #expect(civil.date == day.addingTimeInterval(12 * 3_600))
            day = day.addingTimeInterval(86_400)
            checked += 1
        }
        #expect(checked == 73_414)
    }

    @Test("days a month does not have, and times out of range, give nil; a leap second reads as the next")
    func ranges() {
        let midnight = CivilDateTime(year: 2024, month: 3, day: 1, hour: 0, minute: 0, second: 0).date
        #expect(CivilDateTime(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 60).date == midnight)
        for invalid in [
            CivilDateTime(year: 2023, month: 2, day: 29, hour: 0, minute: 0, second: 0),
            CivilDateTime(year: 2024, month: 4, day: 31, hour: 0, minute: 0, second: 0),
            CivilDateTime(year: 2024, month: 13, day: 1, hour: 0, minute: 0, second: 0),
            CivilDateTime(year: 2024, month: 1, day: 1, hour: 24, minute: 0, second: 0),
            CivilDateTime(year: 10_000, month: 1, day: 1, hour: 0, minute: 0, second: 0),
            CivilDateTime(year: -1, month: 1, day: 1, hour: 0, minute: 0, second: 0),
        ] {
            #expect(invalid.date == nil, "\(invalid)")
        }
    }
}
