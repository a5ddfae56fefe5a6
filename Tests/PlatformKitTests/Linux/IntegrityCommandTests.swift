#if os(Linux)
    import Foundation
    import ServiceUtilsTestSupport
    import Testing

    #if canImport(Glibc)
        import Glibc
    #endif

    /// Runs `service-utils integrity` for real, under the conditions each Linux indicator detects.
    @Suite("service-utils integrity under LD_PRELOAD, strace, gdb, root and nobody")
    struct IntegrityCommandTests {
        private struct Run {
            var status: Int32
            var lines: [String]
            var errors: String
            func has(_ indicator: String) -> Bool { lines.contains { $0.hasPrefix(indicator + ":") } }
        }

        /// Runs `program arguments…` with `environment` added to a minimal one.
        ///
        /// Through `CommandRunner` (InternalServiceUtilities' `ProcessRunner`), so the child starts
        /// with no signal blocked whichever thread starts it (gdb needs SIGCHLD), on a thread of its
        /// own rather than one of Swift concurrency's.
        private func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) async throws
            -> Run
        {
            let outcome = try await CommandRunner.run(
                executable: URL(fileURLWithPath: program),
                arguments: arguments,
                environment: .exactly(["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"].merging(environment) { $1 }))
            return Run(
                status: outcome.status, lines: outcome.lines,
                errors: outcome.error.trimmingCharacters(in: .whitespacesAndNewlines))
        }

        private func executable() throws -> String {
            try BuiltProducts.executable("service-utils").path
        }

        @Test("LD_PRELOAD is reported with its value")
        func preload() async throws {
            let result = try await run(try executable(), ["integrity"], environment: ["LD_PRELOAD": "libm.so.6"])
            #expect(result.lines.contains("ld-preload: LD_PRELOAD=libm.so.6"))
            #expect(result.status == 1)
            let without = try await run(try executable(), ["integrity"])
            #expect(!without.has("ld-preload"))
        }

        @Test("running as root is reported exactly when the effective user is root")
        func rootMatchesEffectiveUser() async throws {
            let result = try await run(try executable(), ["integrity"])
            #expect(result.has("running-as-root") == (geteuid() == 0))
            #expect(!result.has("debugger-attached"))
        }

        @Test("dropped to nobody with setpriv, the same program is clean")
        func asNobody() async throws {
            // scripts/test runs as root (CI does); dropping privileges needs it.
            try #require(geteuid() == 0, "this test drops root to nobody and must run as root")
            // Given a copy of the program in a folder nobody can reach and execute from: the
            // checkout or TMPDIR may sit under a 0700 home, and /tmp may be mounted noexec, so
            // each candidate is tried and the refusals are kept for the failure message
            var refusals: [String] = []
            for base in Self.candidateFolders() {
                let folder = base.appendingPathComponent("su-nobody-\(UUID().uuidString)")
                guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)) != nil
                else {
                    refusals.append("\(base.path): cannot create a folder")
                    continue
                }
                defer { try? FileManager.default.removeItem(at: folder) }
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
                // The copy is written by a child process, not by this one: a file this process
                // held open for writing could leak into a child another test forks at that
                // instant, and exec would then fail with ETXTBSY
                let copy = folder.appendingPathComponent("service-utils")
                let installed = try await run("/usr/bin/install", ["-m", "0755", try executable(), copy.path])
                try #require(installed.status == 0, "install: \(installed.errors)")
                // When it runs as nobody
                let result = try await run(
                    "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", copy.path, "integrity"])
                // (126 and 127 are setpriv's own "could not execute": the folder, not the program)
                if [126, 127].contains(result.status) {
                    refusals.append("\(base.path): exit \(result.status) \(result.errors)")
                    continue
                }
                // Then no indicator fires
                #expect(result.lines == ["clean"], "\(result.errors)")
                #expect(result.status == 0)
                return
            }
            Issue.record("nobody could execute a copy in none of the folders tried: \(refusals)")
        }

        /// Folders a copy of the program may be put in for nobody to run, most usual first.
        private static func candidateFolders() -> [URL] {
            var paths = [FileManager.default.temporaryDirectory.path, "/tmp", "/var/tmp", "/dev/shm", "/run"]
            // The build folder itself, when the checkout is reachable by everyone
            if let built = try? BuiltProducts.executable("service-utils") {
                paths.append(built.deletingLastPathComponent().path)
            }
            var seen = Set<String>()
            return paths.filter { seen.insert($0).inserted && FileManager.default.fileExists(atPath: $0) }
                .map { URL(fileURLWithPath: $0, isDirectory: true) }
        }

        @Test("under strace the tracer is seen in TracerPid")
        func underStrace() async throws {
            let result = try await run("/usr/bin/strace", ["-f", "-o", "/dev/null", try executable(), "integrity"])
            let line = try #require(result.lines.first { $0.hasPrefix("debugger-attached:") })
            #expect(line.contains("TracerPid "))
            #expect(!line.contains("TracerPid 0 "))
        }

        @Test("under gdb -batch the tracer is seen in TracerPid and the program runs to its end")
        func underGDB() async throws {
            // Given gdb running the command to its end without a terminal, a shell or init files,
            // under a hard limit: timeout signals its whole process group (gdb and the program)
            let gdb = [
                "/usr/bin/gdb", "-batch", "-nx", "-readnever",
                "-iex", "set startup-with-shell off", "-iex", "set debuginfod enabled off",
                "-ex", "set confirm off", "-ex", "run", "-ex", "quit",
                "--args", try executable(), "integrity",
            ]
            // When it runs
            let result = try await run("/usr/bin/timeout", ["-k", "5", "60"] + gdb)
            // Then gdb ended on its own, well within the limit (124 or 137 is timeout's verdict)…
            #expect(![124, 137].contains(result.status), "gdb hit the time limit: \(result.errors)")
            // …and the program, running under gdb, reported the tracer from TracerPid
            let line = try #require(result.lines.first { $0.hasPrefix("debugger-attached:") }, "\(result.errors)")
            #expect(line.contains("TracerPid "))
            #expect(!line.contains("TracerPid 0 "))
        }
    }
#endif
