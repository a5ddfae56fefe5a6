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
            // A copy in a world-readable folder, so nobody can run it wherever the checkout lives.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("su-nobody-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            let copy = folder.appendingPathComponent("service-utils")
            try FileManager.default.copyItem(atPath: try executable(), toPath: copy.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
            let result = try await run(
                "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", copy.path, "integrity"])
            #expect(result.lines == ["clean"])
            #expect(result.status == 0)
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
