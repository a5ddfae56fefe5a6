#if os(Linux) || os(macOS)
    import Foundation
    import InternalServiceUtilities
    import Testing

    #if canImport(Glibc)
        import Glibc
    #endif

    @Suite("ProcessRunner pipes")
    struct ProcessRunnerTests {
        @Test("10 MB through cat comes back whole: input and both outputs never deadlock")
        func largeRoundTrip() async throws {
            // Given 10 MB of varied bytes
            let input = Data((0..<10_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            // When cat copies them
            let output = try await ProcessRunner.runDetached(
                URL(fileURLWithPath: "/bin/cat"), arguments: [], input: input)
            // Then they come back unchanged
            #expect(output.status == 0)
            #expect(output.standardOutput == input)
        }

        @Test("a child that exits without reading its input does not kill us with SIGPIPE")
        func childIgnoresInput() async throws {
            let input = Data(count: 10_000_000)
            let output = try await ProcessRunner.runDetached(
                URL(fileURLWithPath: "/bin/true"), arguments: [], input: input)
            #expect(output.status == 0)
        }

        @Test("arguments reach the child as they are, never through a shell")
        func argumentsAreNotShellParsed() async throws {
            let tricky = ["$(echo pwned)", "a b", "'; rm -rf /", "*"]
            let output = try await ProcessRunner.runDetached(
                URL(fileURLWithPath: "/usr/bin/printf"), arguments: ["%s\\n"] + tricky)
            #expect(String(decoding: output.standardOutput, as: UTF8.self) == tricky.joined(separator: "\n") + "\n")
        }

        #if os(Linux)
            @Test("a child starts with no signal blocked, even from a thread that blocks SIGCHLD and SIGTERM")
            func childStartsWithEmptySignalMask() async throws {
                let result: Result<ProcessOutput, ProcessLaunchError> = await withCheckedContinuation { continuation in
                    Thread {
                        // Given a calling thread that blocks SIGCHLD, SIGTERM and SIGINT, as Dispatch workers do
                        var blocked = sigset_t()
                        sigemptyset(&blocked)
                        for number in [SIGCHLD, SIGTERM, SIGINT] { sigaddset(&blocked, number) }
                        pthread_sigmask(SIG_BLOCK, &blocked, nil)
                        // When it runs a child that prints its own blocked-signal mask
                        let outcome = Result { () throws(ProcessLaunchError) in
                            try ProcessRunner.run(
                                URL(fileURLWithPath: "/bin/grep"), arguments: ["^SigBlk:", "/proc/self/status"])
                        }
                        continuation.resume(returning: outcome)
                    }.start()
                }
                // Then the child blocks nothing
                let output = try result.get()
                #expect(String(decoding: output.standardOutput, as: UTF8.self) == "SigBlk:\t0000000000000000\n")
            }
        #endif

        @Test("locate searches PATH and refuses what is not executable")
        func locate() {
            #expect(ProcessRunner.locate("cat", environment: ["PATH": "/nonexistent:/bin"])?.path == "/bin/cat")
            #expect(ProcessRunner.locate("cat", environment: ["PATH": "/nonexistent"]) == nil)
            #expect(ProcessRunner.locate("/etc/passwd", environment: [:]) == nil)
        }
    }
#endif
