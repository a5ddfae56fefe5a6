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

    private static func parseTime(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
