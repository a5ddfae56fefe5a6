// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import InternalServiceUtilities

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A helper process a benchmark starts (nginx, GeodSolve, openssl) and must stop.
    final class HelperProcess: Sendable {
        private let process: ChildProcess

        /// Starts `executable` (a name looked up on `PATH`, or a path) with `arguments`; its standard
        /// streams are `/dev/null`.
        init(_ executable: String, _ arguments: [String]) throws {
            do {
                process = try ChildProcess(try Self.locate(executable), arguments: arguments)
            } catch let error as ProcessLaunchError {
                throw BenchmarkError("could not start \(executable): \(error.detail)")
            }
        }

        /// The process's id, for reading its figures in `/proc`.
        var processIdentifier: Int32 { process.pid }

        /// Sends SIGTERM, then SIGKILL if it is still running after two seconds, and waits for it.
        func stop() {
            process.stop(grace: 2)
        }

        /// Runs `executable` to completion and returns its standard output.
        ///
        /// - Throws: ``BenchmarkError`` when it cannot start or exits with a non-zero status.
        static func run(_ executable: String, _ arguments: [String], input: Data? = nil) throws -> Data {
            let program = try locate(executable)
            let ran: ProcessOutput
            do {
                ran = try ProcessRunner.run(program, arguments: arguments, input: input)
            } catch {
                throw BenchmarkError("could not start \(executable): \(error.detail)")
            }
            guard ran.status == 0 else {
                throw BenchmarkError("\(executable) exited with status \(ran.status)")
            }
            return ran.standardOutput
        }

        /// Waits until something accepts TCP connections on 127.0.0.1:`port`.
        ///
        /// - Returns: `false` when nothing did within `seconds`.
        static func waitUntilListening(port: UInt16, seconds: Double = 10) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let descriptor = try? LoopbackSocket.connect(port: port) {
                    close(descriptor)
                    return true
                }
                usleep(20_000)
            }
            return false
        }

        /// The full path of `name`, searched on `PATH` (and in `/usr/sbin`, `/sbin` for daemons).
        static func locate(_ name: String) throws -> URL {
            if name.contains("/") { return URL(fileURLWithPath: name) }
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = (environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin:/sbin"
            if let found = ProcessRunner.locate(name, environment: environment) { return found }
            throw BenchmarkError("\(name) is not installed (scripts/bench without --no-install installs it)")
        }

        /// A TCP port on 127.0.0.1 that was free a moment ago.
        static func freePort() throws -> Int {
            let bound: (descriptor: Int32, port: UInt16)
            do {
                bound = try LoopbackSocket.bind()
            } catch {
                throw BenchmarkError("no free port on 127.0.0.1: \(error)")
            }
            close(bound.descriptor)
            return Int(bound.port)
        }
    }
#endif
