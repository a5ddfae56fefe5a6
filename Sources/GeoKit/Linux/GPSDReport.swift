import Foundation

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

    /// Reads gpsd's `time`, such as `2026-12-01T04:27:05.000Z`; nil for anything else.
    ///
    /// The text's shape is checked before Foundation sees it: on Linux `ISO8601DateFormatter` hands
    /// it to ICU, which dies of SIGFPE on a fraction of about forty digits (found by fuzzing).
    static func parseTime(_ text: String) -> Date? {
        guard isTimestamp(text) else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// Whether `text` is an RFC 3339 timestamp as gpsd writes them: `YYYY-MM-DDTHH:MM:SS`, an
    /// optional fraction of 1 to 9 digits, and `Z` or a `±HH:MM` offset.
    static func isTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let shape = Array("0000-00-00T00:00:00".utf8)
        guard bytes.count > shape.count else { return false }
        for (byte, expected) in zip(bytes, shape)
        where expected == UInt8(ascii: "0") ? !isDigit(byte) : byte != expected {
            return false
        }
        var index = shape.count
        if bytes[index] == UInt8(ascii: ".") {
            let digits = bytes[(index + 1)...].prefix(while: isDigit).count
            guard (1...9).contains(digits) else { return false }
            index += 1 + digits
        }
        let zone = bytes[index...]
        if zone.elementsEqual([UInt8(ascii: "Z")]) { return true }
        let offset = Array(zone)
        return offset.count == 6 && (offset[0] == UInt8(ascii: "+") || offset[0] == UInt8(ascii: "-"))
            && isDigit(offset[1]) && isDigit(offset[2]) && offset[3] == UInt8(ascii: ":") && isDigit(offset[4])
            && isDigit(offset[5])
    }
}
