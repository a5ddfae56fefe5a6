import Foundation

/// Reads the GeodSolve output that scripts/generate-geodesic-data commits under Tests/Fixtures/GeoKit.
enum GeodesicFixtures {
    struct Line {
        let category: String
        let numbers: [Double]
        let lineNumber: Int
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
    }

    static var directory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // GeoKitTests
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("Fixtures/GeoKit")
    }

    /// The data lines of `name`, each with its category word and `count` numbers.
    static func lines(_ name: String, count: Int) throws -> [Line] {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        var result: [Line] = []
        for (index, raw) in text.split(separator: "\n").enumerated() where !raw.hasPrefix("#") {
            let words = raw.split(separator: " ")
            let numbers = words.dropFirst().compactMap { Double($0) }
            guard numbers.count == count, let category = words.first else {
                throw FixtureError(description: "\(name):\(index + 1) is not a category and \(count) numbers")
            }
            result.append(Line(category: String(category), numbers: numbers, lineNumber: index + 1))
        }
        return result
    }

    /// The difference of two azimuths in degrees, folded into [0, 180].
    static func azimuthDifference(_ a: Double, _ b: Double) -> Double {
        abs((a - b).remainder(dividingBy: 360))
    }
}
