import Foundation
import InternalServiceUtilities

/// One JSON object gpsd sends (`{"class":"TPV",...}`); only the fields a fix needs are read.
struct GPSDReport: Decodable {
    let reportClass: String
    let mode: Int?
    let lat: Double?
    let lon: Double?
    let alt: Double?
    let altHAE: Double?
    let eph: Double?
    let epx: Double?
    let epy: Double?
    let speed: Double?
    let track: Double?
    let time: String?

    enum CodingKeys: String, CodingKey {
        case reportClass = "class"
        case mode, lat, lon, alt, altHAE, eph, epx, epy, speed, track, time
    }

    /// Decodes one line; anything that is not a JSON object with a `class` is malformed.
    static func parse(_ line: String) throws(GeoError) -> GPSDReport {
        do {
            return try JSONDecoder().decode(GPSDReport.self, from: Data(line.utf8))
        } catch {
            throw .locationFailed(.malformedMessage("not a gpsd JSON report: \(line.prefix(80))"))
        }
    }

    /// The fix this report carries: a TPV with mode ≥ 2 (2D or 3D) and a valid position; `nil` for
    /// other classes and for the partial TPVs gpsd sends before it has a fix.
    var fix: Location? {
        guard reportClass == "TPV", let mode, mode >= 2, let lat, let lon,
            let coordinate = try? Coordinate(latitude: lat, longitude: lon)
        else { return nil }
        let accuracy = eph ?? [epx, epy].compactMap { $0 }.max()
        return Location(
            coordinate: coordinate,
            altitude: mode >= 3 ? (altHAE ?? alt) : nil,
            horizontalAccuracy: accuracy,
            speed: speed,
            course: track,
            timestamp: time.flatMap(Self.parseTime))
    }

    /// Reads gpsd's `time`, RFC 3339 as gpsd writes it (`2026-12-01T04:27:05.000Z`: a fraction of 1
    /// to 9 digits, `Z` or a `±HH:MM` offset); nil for anything else.
    ///
    /// The fields are read here rather than with `ISO8601DateFormatter`: on Linux that hands the
    /// text to ICU, which dies of SIGFPE on a fraction of about forty digits and leaks memory on
    /// some malformed values (both found by fuzzing).
    static func parseTime(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func take(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            let digits = bytes[index..<(index + count)]
            guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            index += count
            return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2), take("T"),
            let hour = number(2), take(":"), let minute = number(2), take(":"), let second = number(2),
            let date = CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
                .date
        else { return nil }
        var fraction = 0.0
        if take(".") {
            let count = bytes[index...].prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            guard (1...9).contains(count), let value = number(count) else { return nil }
            fraction = Double(value) / pow(10, Double(count))
        }
        var offset = 0
        if !take("Z") {
            let sign = take("+") ? 1 : take("-") ? -1 : 0
            guard sign != 0, let hours = number(2), hours <= 23, take(":"), let minutes = number(2), minutes <= 59
            else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        }
        guard index == bytes.count else { return nil }
        return date.addingTimeInterval(fraction - Double(offset))
    }
}
