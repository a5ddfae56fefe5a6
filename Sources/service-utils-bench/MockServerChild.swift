// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import MockServerKit

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// `service-utils-bench --serve-mock-server PORT RECORD`: a MockServer alone in its own process,
    /// so a benchmark can read its memory in `/proc` apart from the bench's own.
    ///
    /// It answers `GET /item` with ``MockServerBenchmarks/body`` on 127.0.0.1:`PORT`, keeping
    /// `RECORD` requests (a number, or `unlimited`), and exits when its parent does or on SIGTERM.
    enum MockServerChild {
        static let flag = "--serve-mock-server"

        /// Serves until the parent process exits; never returns.
        static func serve(_ arguments: [String]) async -> Never {
            guard arguments.count == 2, let port = UInt16(arguments[0]), let limit = recordingLimit(arguments[1]) else {
                ServiceUtilsBench.fail("\(flag) takes a port and a record limit (a number or 'unlimited')")
            }
            var configuration = MockServer.Configuration()
            configuration.port = port
            configuration.recordedRequestLimit = limit
            let server: MockServer
            do {
                server = try MockServer(configuration: configuration)
            } catch {
                ServiceUtilsBench.fail("the MockServer could not start: \(error.localizedDescription)")
            }
            server.stub(method: .get, path: "/item", response: .json(data: MockServerBenchmarks.body))
            let parent = getppid()
            while getppid() == parent {
                try? await Task.sleep(for: .milliseconds(200))
            }
            server.stop()
            exit(0)
        }

        /// The arguments that start a child serving on `port` with `limit`.
        static func arguments(port: UInt16, limit: MockServer.RecordingLimit) -> [String] {
            [flag, String(port), limit.maximumCount.map(String.init) ?? "unlimited"]
        }

        private static func recordingLimit(_ text: String) -> MockServer.RecordingLimit? {
            if text == "unlimited" { return .unlimited }
            return Int(text).flatMap { $0 >= 0 ? .mostRecent($0) : nil }
        }
    }

    /// A ``MockServerChild`` the bench started: its address and process, for reading its memory.
    struct MockServerProcess: Sendable {
        let process: HelperProcess
        let port: UInt16

        /// `http://127.0.0.1:<port>/item`.
        var url: URL { URL(string: "http://127.0.0.1:\(port)/item") ?? URL(fileURLWithPath: "/") }

        var processIdentifier: Int32 { process.processIdentifier }

        /// Starts this executable as a ``MockServerChild`` keeping `limit` requests, and waits until it
        /// listens.
        ///
        /// - Throws: ``BenchmarkError`` when it cannot start or does not listen within 10 seconds.
        static func start(limit: MockServer.RecordingLimit) async throws -> MockServerProcess {
            guard let executable = Bundle.main.executableURL else {
                throw BenchmarkError("cannot find the bench's own executable to start a MockServer process")
            }
            let port = UInt16(try HelperProcess.freePort())
            let process = try HelperProcess(executable.path, MockServerChild.arguments(port: port, limit: limit))
            let server = MockServerProcess(process: process, port: port)
            let listening = await Task.detached { HelperProcess.waitUntilListening(port: port, seconds: 10) }.value
            guard listening else {
                server.stop()
                throw BenchmarkError("the MockServer process did not listen on 127.0.0.1:\(port)")
            }
            return server
        }

        func stop() {
            process.stop()
        }
    }
#endif
