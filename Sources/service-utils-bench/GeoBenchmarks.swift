// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import InternalServiceUtilities
    import ServiceUtils

    /// GeoKit's benchmarks: inverse geodesics through the CLI against GeodSolve, and in process against
    /// GeographicLib's C++ library.
    enum GeoBenchmarks {
        static let all: [Benchmark] = [batch, inProcess]

        static let batchLines = 1_000_000
        static let inProcessPairs = 200_000

        /// `service-utils distance --batch` against `GeodSolve -i` on the same 1,000,000-line file.
        static let batch = Benchmark(
            name: "GeoKit.inverseBatch",
            summary:
                "1,000,000 inverse geodesics read from a file and printed: GeodSolve -i vs service-utils distance --batch"
        ) {
            let geodSolve = try HelperProcess.locate("GeodSolve")
            let ours = try ourExecutable()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("geo-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let input = folder.appendingPathComponent("pairs.txt")
            try writePairsFile(to: input, count: batchLines)
            // Both must agree before they are timed against each other (first 1,000 lines, to the millimetre).
            try checkAgreement(geodSolve: geodSolve, ours: ours, input: input)
            return PreparedBenchmark(
                baseline: .timed("GeodSolve -i") { try runFiltered(geodSolve, ["-i"], input: input) },
                cases: [
                    .timed("service-utils distance --batch") {
                        try runFiltered(ours, ["distance", "--batch"], input: input)
                    }
                ],
                workPerRun: .init(amount: Double(batchLines), unit: "geodesics"),
                tearDown: { try? FileManager.default.removeItem(at: folder) }
            )
        }

        /// `Geodesic.inverse` in process against GeographicLib's `Geodesic::Inverse` in a C++ program.
        static let inProcess = Benchmark(
            name: "GeoKit.inverseInProcess",
            summary: "200,000 inverse geodesics in process: GeographicLib C++ (g++ -O2) vs Geodesic.inverse"
        ) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("geo-cpp-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let pairs = randomPairs(count: inProcessPairs)
            let binary = folder.appendingPathComponent("pairs.bin")
            try pairs.flatMap { [$0.0.latitude, $0.0.longitude, $0.1.latitude, $0.1.longitude] }
                .withUnsafeBytes { try Data($0).write(to: binary) }
            let program = try buildCppBaseline(in: folder)
            return PreparedBenchmark(
                baseline: .reported("GeographicLib C++ Geodesic::Inverse") {
                    let output = try HelperProcess.run(program.path, [binary.path, String(inProcessPairs)])
                    let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    guard let nanoseconds = Int64(text.split(separator: " ").first ?? "") else {
                        throw BenchmarkError("the C++ baseline printed '\(text)'")
                    }
                    return BenchmarkSample(duration: .nanoseconds(nanoseconds))
                },
                cases: [
                    .timed("GeoKit Geodesic.inverse") {
                        var total = 0.0
                        for (start, end) in pairs { total += Geodesic.wgs84.inverse(from: start, to: end).distance }
                        blackHole(total)
                    }
                ],
                workPerRun: .init(amount: Double(inProcessPairs), unit: "geodesics"),
                tearDown: { try? FileManager.default.removeItem(at: folder) }
            )
        }

        // MARK: - Helpers

        /// The `service-utils` built beside this benchmark binary.
        static func ourExecutable() throws -> URL {
            let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
                .deletingLastPathComponent()
            let url = here.appendingPathComponent("service-utils")
            guard FileManager.default.isExecutableFile(atPath: url.path) else {
                throw BenchmarkError("\(url.path) is missing: swift build -c release --product service-utils")
            }
            return url
        }

        /// Deterministic pairs spread over the globe (SplitMix64, fixed seed).
        static func randomPairs(count: Int) -> [(Coordinate, Coordinate)] {
            var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
            func next() -> Double { random.nextUnit() }
            func point() -> Coordinate? {
                try? Coordinate(latitude: asin(2 * next() - 1) * 180 / .pi, longitude: 360 * next() - 180)
            }
            var pairs: [(Coordinate, Coordinate)] = []
            pairs.reserveCapacity(count)
            while pairs.count < count {
                if let a = point(), let b = point() { pairs.append((a, b)) }
            }
            return pairs
        }

        static func writePairsFile(to url: URL, count: Int) throws {
            var text = ""
            text.reserveCapacity(count * 56)
            for (a, b) in randomPairs(count: count) {
                text += String(format: "%.9f %.9f %.9f %.9f\n", a.latitude, a.longitude, b.latitude, b.longitude)
            }
            try Data(text.utf8).write(to: url)
        }

        /// Runs `executable` with `input` as standard input and standard output discarded.
        static func runFiltered(_ executable: URL, _ arguments: [String], input: URL) throws {
            let file = try FileHandle(forReadingFrom: input)
            defer { try? file.close() }
            let status: Int32
            do {
                status = try ChildProcess(
                    executable, arguments: arguments, standardInput: .descriptor(file.fileDescriptor)
                )
                .wait()
            } catch {
                throw BenchmarkError("could not start \(executable.lastPathComponent): \(error.detail)")
            }
            guard status == 0 else {
                throw BenchmarkError("\(executable.lastPathComponent) exited with status \(status)")
            }
        }

        static func checkAgreement(geodSolve: URL, ours: URL, input: URL) throws {
            let head = try Data(contentsOf: input).split(separator: UInt8(ascii: "\n")).prefix(1000)
            let sample = Data(head.joined(separator: [UInt8(ascii: "\n")])) + Data("\n".utf8)
            let theirs = try HelperProcess.run(geodSolve.path, ["-i"], input: sample)
            let mine = try HelperProcess.run(ours.path, ["distance", "--batch"], input: sample)
            let theirLines = String(decoding: theirs, as: UTF8.self).split(separator: "\n")
            let myLines = String(decoding: mine, as: UTF8.self).split(separator: "\n")
            guard theirLines.count == myLines.count, !myLines.isEmpty else {
                throw BenchmarkError("GeodSolve and service-utils printed different line counts")
            }
            for (their, my) in zip(theirLines, myLines) {
                // GeodSolve prints `azi1 azi2 s12`, we print `s12 azi1 azi2`.
                let s12Theirs = their.split(separator: " ").last.flatMap { Double($0) }
                let s12Ours = my.split(separator: " ").first.flatMap { Double($0) }
                guard let s12Theirs, let s12Ours, abs(s12Theirs - s12Ours) <= 0.0011 else {
                    throw BenchmarkError("GeodSolve '\(their)' and service-utils '\(my)' disagree")
                }
            }
        }

        /// Builds the C++ baseline against Debian's libgeographiclib-dev.
        static func buildCppBaseline(in folder: URL) throws -> URL {
            let source = folder.appendingPathComponent("inverse.cpp")
            let program = folder.appendingPathComponent("inverse")
            try cppSource.write(to: source, atomically: true, encoding: .utf8)
            let compiler = try HelperProcess.locate("g++")
            _ = try HelperProcess.run(compiler.path, ["-O2", "-o", program.path, source.path, "-lGeographicLib"])
            return program
        }

        static let cppSource = """
            // Times GeographicLib::Geodesic::Inverse over pairs read from a binary file of doubles.
            #include <GeographicLib/Geodesic.hpp>
            #include <chrono>
            #include <cstdio>
            #include <cstdlib>
            #include <vector>
            int main(int argc, char** argv) {
                if (argc != 3) return 2;
                long count = std::atol(argv[2]);
                std::vector<double> values(count * 4);
                FILE* file = std::fopen(argv[1], "rb");
                if (!file || std::fread(values.data(), sizeof(double), values.size(), file) != values.size()) return 3;
                std::fclose(file);
                const GeographicLib::Geodesic& geodesic = GeographicLib::Geodesic::WGS84();
                double total = 0;
                auto start = std::chrono::steady_clock::now();
                for (long i = 0; i < count; ++i) {
                    double s12, azi1, azi2;
                    geodesic.Inverse(values[4 * i], values[4 * i + 1], values[4 * i + 2], values[4 * i + 3], s12, azi1, azi2);
                    total += s12;
                }
                auto end = std::chrono::steady_clock::now();
                long long ns = std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count();
                std::printf("%lld %.3f\\n", ns, total);
                return 0;
            }
            """
    }
#endif
