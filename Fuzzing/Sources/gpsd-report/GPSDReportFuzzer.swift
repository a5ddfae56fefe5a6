import Foundation
import FuzzSupport

@testable import GeoKit

/// GeoKit's reading of gpsd's JSON reports, one line at a time, as the daemon (or anything listening
/// on its port) sends them.
///
/// Raw: any line. Built: a JSON object whose class, mode, position, accuracy, speed, course and time
/// the input chooses, numbers written in any JSON form. A line must give a report or
/// `locationFailed(.malformedMessage)`; a report's fix exists only for a TPV of mode 2 or 3 with a
/// valid position, and carries only finite, in-range coordinates.
@main
enum GPSDReportFuzzer {
    static let classes = ["TPV", "SKY", "VERSION", "WATCH", "DEVICES", "tpv", ""]
    static let numbers = ["0", "-0", "90", "-90.0", "180", "1e2", "1E-400", "1e400", "-1e308", "59.999999999", "2"]

    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            GPSDReportFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        check(input.flag() ? built(&input) : input.restText())
    }

    static func built(_ input: inout FuzzInput) -> String {
        var fields = ["\"class\":\"\(input.flag() ? input.pick(classes) : input.text(upTo: 8))\""]
        for name in ["mode", "lat", "lon", "alt", "altHAE", "eph", "epx", "epy", "speed", "track"] where input.flag() {
            fields.append("\"\(name)\":\(number(&input))")
        }
        if input.flag() { fields.append("\"time\":\"\(input.text(upTo: 40))\"") }
        return "{" + fields.joined(separator: ",") + "}" + input.restText()
    }

    static func number(_ input: inout FuzzInput) -> String {
        switch input.choice(4) {
        case 0: return input.pick(numbers)
        case 1: return String(Int(Int8(bitPattern: input.byte())))
        case 2:
            let bits = (0..<8).reduce(UInt64(0)) { value, _ in value << 8 | UInt64(input.byte()) }
            return "\(Double(bitPattern: bits))"
        default: return input.text(upTo: 12)
        }
    }

    static func check(_ line: String) {
        let report: GPSDReport
        do {
            report = try GPSDReport.parse(line)
        } catch {
            guard case .locationFailed(.malformedMessage) = error else {
                invariant(false, "parse threw \(error)")
                return
            }
            return
        }
        guard let fix = report.fix else { return }
        invariant(report.reportClass == "TPV" && (report.mode ?? 0) >= 2, "a fix from \(report.reportClass)")
        let coordinate = fix.coordinate
        invariant(coordinate.latitude.isFinite && abs(coordinate.latitude) <= 90, "latitude \(coordinate.latitude)")
        invariant(
            coordinate.longitude.isFinite && coordinate.longitude >= -180 && coordinate.longitude < 180,
            "longitude \(coordinate.longitude)")
        if (report.mode ?? 0) < 3 { invariant(fix.altitude == nil, "an altitude in a 2D fix") }
    }
}
