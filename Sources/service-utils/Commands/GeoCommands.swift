// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import ServiceUtils

    /// The `service-utils` commands and tour section of GeoKit.
    enum GeoCommands {
        /// The subcommands this module adds.
        static let commands: [Command] = [distance, routeURL, locate]

        static let distance = Command(
            name: "distance",
            summary: "geodesic distance and azimuths between points on WGS-84 (Karney's method)",
            usage: "distance LAT,LON LAT,LON\n       distance --batch [--precision N] < lines",
            details: """
                With two points, prints the geodesic distance, both azimuths and the haversine estimate.
                With --batch, reads lines `lat1 lon1 lat2 lon2` (decimal degrees, blanks between) from standard
                input and writes `s12 azi1 azi2` per line, as GeodSolve -i computes them (GeodSolve itself prints
                `azi1 azi2 s12`): metres with N decimals (default 3) and degrees with N+5. A bad line is reported
                on standard error with its number and skipped; the exit status is then 65.
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let batch = parser.flag("--batch")
            let precisionText = try parser.option("--precision")
            let words = try parser.positionals()
            if batch {
                guard words.isEmpty else { throw UsageError("--batch reads points from standard input, not arguments") }
                let precision = try precisionText.map { text throws(UsageError) -> Int in
                    guard let value = Int(text), (0...10).contains(value) else {
                        throw UsageError("--precision must be 0...10")
                    }
                    return value
                }
                return GeodesicBatch(precision: precision ?? 3).run(console: console)
            }
            guard words.count == 2 else { throw UsageError("give two points, LAT,LON LAT,LON") }
            let start = try point(words[0])
            let end = try point(words[1])
            printDistance(from: start, to: end, console: console)
            return ExitStatus.success
        }

        static let routeURL = Command(
            name: "route-url",
            summary: "the URL that opens a route (or a point) in a map application",
            usage: "route-url --app NAME --to LAT,LON [--from LAT,LON] [--point]",
            details: """
                NAME is one of: \(MapApp.allCases.map(\.rawValue).joined(separator: ", ")).
                Without --from the application starts from the user's position; --point prints the URL that
                shows --to instead of a route.
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let appName = try parser.option("--app")
            let toText = try parser.option("--to")
            let fromText = try parser.option("--from")
            let pointOnly = parser.flag("--point")
            let extra = try parser.positionals()
            guard extra.isEmpty else { throw UsageError("unexpected argument \(extra[0])") }
            guard let appName else { throw UsageError("--app is required") }
            guard let application = MapApp(rawValue: appName) else {
                let names = MapApp.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("unknown application '\(appName)'; choose one of \(names)")
            }
            guard let toText else { throw UsageError("--to is required") }
            let destination = try point(toText)
            let start = try fromText.map(point)
            let url =
                pointOnly ? application.pointURL(for: destination) : application.routeURL(from: start, to: destination)
            guard let url else {
                console.error("service-utils route-url: no URL could be formed")
                return ExitStatus.software
            }
            console.print(url.absoluteString)
            return ExitStatus.success
        }

        static let locate = Command(
            name: "locate",
            summary: "the current position from gpsd (the Linux GPS daemon)",
            usage: "locate [--gpsd HOST:PORT] [--timeout SECONDS]",
            details: "Connects to gpsd (127.0.0.1:2947 by default), waits for a 2D or 3D fix and prints it."
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let address = try parser.option("--gpsd") ?? "127.0.0.1:2947"
            let timeoutText = try parser.option("--timeout")
            let extra = try parser.positionals()
            guard extra.isEmpty else { throw UsageError("unexpected argument \(extra[0])") }
            let timeout = try timeoutText.map { text throws(UsageError) -> Double in
                guard let value = Double(text), value > 0, value.isFinite else {
                    throw UsageError("--timeout must be positive")
                }
                return value
            }
            let provider: GPSDLocationProvider
            do {
                provider = try GPSDLocationProvider(address: address, timeout: timeout ?? 10)
            } catch {
                throw UsageError(ServiceUtilsCLI.describe(error))
            }
            do {
                printFix(try await provider.fix(), console: console)
                return ExitStatus.success
            } catch {
                console.error("service-utils locate: gpsd at \(address): \(ServiceUtilsCLI.describe(error))")
                return ExitStatus.unavailable
            }
        }

        /// This module's part of `service-utils tour`.
        static let tour = TourSection(title: "GeoKit — geodesics, routes, map apps, location") { console in
            let moscow = try Coordinate(latitude: 55.751244, longitude: 37.618423)
            let petersburg = try Coordinate(latitude: 59.938600, longitude: 30.314100)
            console.print("  Geodesic (Karney) Moscow → St Petersburg on WGS-84:")
            printDistance(from: moscow, to: petersburg, console: console, indent: "    ")
            let metres = RouteMeasurer.calculateApproximateDistance(
                between: moscow.locationCoordinate, and: petersburg.locationCoordinate)
            console.print("  RouteMeasurer.formatDistance (SurfUtils' exact output):")
            for value in [-3.0, 742.4, 12_345.0, metres] {
                let text = RouteMeasurer.formatDistance(value, meterPattern: "m", kilometrPatter: "km")
                console.print("    \(value) m → \(text)")
            }
            console.print("  DistanceFormatter (locale-aware):")
            for identifier in ["en_US", "de_DE", "ru_RU"] {
                let text = DistanceFormatter(locale: Locale(identifier: identifier)).string(fromMetres: 12_345)
                console.print("    12345 m in \(identifier) → \(text)")
            }
            console.print("  Route URLs Moscow → St Petersburg, for every application:")
            for application in MapApp.allCases {
                let url = application.routeURL(from: moscow, to: petersburg)?.absoluteString ?? "(none)"
                console.print("    \(application.rawValue): \(url)")
            }
            console.print("  Nearly antipodal points, where Vincenty's iteration fails to converge:")
            let a = try Coordinate(latitude: 0, longitude: 0)
            let b = try Coordinate(latitude: 0.5, longitude: 179.7)
            let line = Geodesic.wgs84.inverse(from: a, to: b)
            console.print(
                "    (0, 0) → (0.5, 179.7): \(String(format: "%.4f", line.distance)) m, azimuth \(line.initialAzimuth)°"
            )
            console.print("  (locate needs a running gpsd: service-utils locate --gpsd HOST:PORT)")
        }

        // MARK: - Helpers

        static func point(_ text: String) throws(UsageError) -> Coordinate {
            do {
                return try Coordinate(parsing: text)
            } catch {
                throw UsageError(ServiceUtilsCLI.describe(error))
            }
        }

        static func printDistance(from start: Coordinate, to end: Coordinate, console: Console, indent: String = "") {
            let line = Geodesic.wgs84.inverse(from: start, to: end)
            let haversine = Haversine.distance(from: start, to: end)
            let difference = line.distance > 0 ? (haversine - line.distance) / line.distance * 100 : 0
            console.print(
                "\(indent)distance:        \(String(format: "%.3f", line.distance)) m (\(RouteMeasurer.formatDistance(line.distance, meterPattern: "m", kilometrPatter: "km")))"
            )
            console.print("\(indent)initial azimuth: \(String(format: "%.8f", line.initialAzimuth))°")
            console.print("\(indent)final azimuth:   \(String(format: "%.8f", line.finalAzimuth))°")
            console.print(
                "\(indent)haversine:       \(String(format: "%.3f", haversine)) m (\(String(format: "%+.3f", difference)) %)"
            )
        }

        static func printFix(_ fix: Location, console: Console) {
            console.print("latitude:  \(String(format: "%.7f", fix.coordinate.latitude))")
            console.print("longitude: \(String(format: "%.7f", fix.coordinate.longitude))")
            if let accuracy = fix.horizontalAccuracy {
                console.print("accuracy:  ±\(String(format: "%.1f", accuracy)) m")
            }
            if let altitude = fix.altitude { console.print("altitude:  \(String(format: "%.1f", altitude)) m") }
            if let time = fix.timestamp { console.print("time:      \(time.ISO8601Format())") }
        }
    }

    /// `distance --batch`: reads `lat1 lon1 lat2 lon2` lines from standard input in large chunks and
    /// writes `s12 azi1 azi2` lines, with fixed-point printing that avoids `String(format:)`.
    struct GeodesicBatch {
        let precision: Int

        func run(console: Console) -> Int32 {
            let input = FileHandle.standardInput
            var output = BatchOutput()
            var pending: [UInt8] = []
            var lineNumber = 0
            var failures = 0
            while true {
                let chunk = input.readData(ofLength: 1 << 20)
                if chunk.isEmpty { break }
                pending.append(contentsOf: chunk)
                var start = 0
                while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    lineNumber += 1
                    if !solve(pending[start..<newline], into: &output, lineNumber: lineNumber, console: console) {
                        failures += 1
                    }
                    start = newline + 1
                }
                pending.removeFirst(start)
                output.flushIfLarge()
            }
            if !pending.isEmpty {
                lineNumber += 1
                if !solve(pending[...], into: &output, lineNumber: lineNumber, console: console) { failures += 1 }
            }
            output.flush()
            return failures == 0 ? ExitStatus.success : ExitStatus.dataError
        }

        /// Solves one line; reports a bad one on standard error.
        private func solve(_ line: ArraySlice<UInt8>, into output: inout BatchOutput, lineNumber: Int, console: Console)
            -> Bool
        {
            var numbers: [Double] = []
            numbers.reserveCapacity(4)
            var fieldStart: Int?
            for index in line.indices {
                let byte = line[index]
                let isBlank = byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x2C
                if isBlank {
                    if let begin = fieldStart {
                        guard let value = Self.number(line[begin..<index]) else {
                            return fail(lineNumber, "not a number", console)
                        }
                        numbers.append(value)
                        fieldStart = nil
                    }
                } else if fieldStart == nil {
                    fieldStart = index
                }
            }
            if let begin = fieldStart {
                guard let value = Self.number(line[begin..<line.endIndex]) else {
                    return fail(lineNumber, "not a number", console)
                }
                numbers.append(value)
            }
            guard numbers.count == 4 else {
                return fail(
                    lineNumber, numbers.isEmpty ? "empty line" : "expected 4 numbers, found \(numbers.count)", console)
            }
            do {
                let start = try Coordinate(latitude: numbers[0], longitude: numbers[1])
                let end = try Coordinate(latitude: numbers[2], longitude: numbers[3])
                let result = Geodesic.wgs84.inverse(from: start, to: end)
                output.append(result.distance, decimals: precision)
                output.append(byte: 0x20)
                output.append(result.initialAzimuth, decimals: precision + 5)
                output.append(byte: 0x20)
                output.append(result.finalAzimuth, decimals: precision + 5)
                output.append(byte: 0x0A)
                return true
            } catch {
                return fail(lineNumber, ServiceUtilsCLI.describe(error), console)
            }
        }

        private static func number(_ bytes: ArraySlice<UInt8>) -> Double? {
            Double(String(decoding: bytes, as: UTF8.self))
        }

        private func fail(_ lineNumber: Int, _ message: String, _ console: Console) -> Bool {
            console.error("service-utils distance: line \(lineNumber): \(message)")
            return false
        }
    }

    /// A byte buffer for standard output with fixed-point number printing.
    struct BatchOutput {
        private var bytes: [UInt8] = []
        private static let powers: [Double] = (0...16).map { pow(10, Double($0)) }

        init() {
            bytes.reserveCapacity(1 << 17)
        }

        mutating func append(byte: UInt8) {
            bytes.append(byte)
        }

        /// Appends `value` with exactly `decimals` decimals (values here are below 1e8 in magnitude).
        mutating func append(_ value: Double, decimals: Int) {
            guard value.isFinite else {
                bytes.append(contentsOf: "nan".utf8)
                return
            }
            let scaled = (abs(value) * Self.powers[decimals]).rounded()
            guard scaled < 9e18 else {
                bytes.append(contentsOf: String(format: "%.\(decimals)f", value).utf8)
                return
            }
            var integer = UInt64(scaled)
            if value < 0 && integer != 0 { bytes.append(UInt8(ascii: "-")) }
            var digits: [UInt8] = []
            digits.reserveCapacity(24)
            var count = 0
            repeat {
                digits.append(UInt8(ascii: "0") + UInt8(integer % 10))
                integer /= 10
                count += 1
                if count == decimals { digits.append(UInt8(ascii: ".")) }
            } while integer > 0 || count <= decimals
            bytes.append(contentsOf: digits.reversed())
        }

        mutating func flushIfLarge() {
            if bytes.count >= 1 << 16 { flush() }
        }

        mutating func flush() {
            guard !bytes.isEmpty else { return }
            FileHandle.standardOutput.write(Data(bytes))
            bytes.removeAll(keepingCapacity: true)
        }
    }
#endif
