#if os(Linux)
    import Foundation
    import InternalServiceUtilities
    import ServiceUtilsTestSupport
    import Testing
    import Glibc

    @Suite("ChildProcess")
    struct ChildProcessTests {
        @Test("a child inherits its three standard streams and no other descriptor of ours")
        func noInheritedDescriptors() throws {
            // Given a descriptor of ours without close-on-exec, at a high number that was free (F_DUPFD
            // takes the lowest free one from 1900, so no descriptor of a concurrent test is replaced)
            let file = open("/dev/null", O_RDONLY)
            try #require(file >= 0)
            let high = fcntl(file, F_DUPFD, 1_900)
            close(file)
            try #require(high >= 1_900)
            defer { close(high) }
            // When a child lists its own descriptors
            let output = try ProcessRunner.run(URL(fileURLWithPath: "/bin/ls"), arguments: ["/proc/self/fd"])
            // Then it has 0, 1 and 2 (and the one ls opened to read the list), never ours
            let listed = Set(String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n"))
            #expect(output.status == 0)
            #expect(listed.isSuperset(of: ["0", "1", "2"]))
            #expect(!listed.contains(Substring(String(high))))
            #expect(listed.count <= 4)
        }

        @Test("a child starts with SIGPIPE at its default action although we ignore it")
        func sigpipeIsDefaultInChild() throws {
            // Given this process ignoring SIGPIPE (ProcessRunner does so before every run)
            signal(SIGPIPE, SIG_IGN)
            // When a child prints its ignored-signal mask
            let output = try ProcessRunner.run(
                URL(fileURLWithPath: "/bin/grep"), arguments: ["^SigIgn:", "/proc/self/status"])
            let text = String(decoding: output.standardOutput, as: UTF8.self)
            let mask = try #require(
                UInt64(text.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespacesAndNewlines), radix: 16))
            // Then SIGPIPE (bit 13 - 1) is not in it
            #expect(mask & (1 << (UInt64(SIGPIPE) - 1)) == 0)
        }

        @Test("a program that is missing or not executable is a ProcessLaunchError naming it and why")
        func launchFailures() {
            #expect {
                _ = try ChildProcess(URL(fileURLWithPath: "/nonexistent/program"), arguments: [])
            } throws: { error in
                let detail = (error as? ProcessLaunchError)?.detail ?? ""
                return detail.contains("/nonexistent/program") && detail.contains("No such file")
            }
            #expect {
                _ = try ChildProcess(URL(fileURLWithPath: "/etc/passwd"), arguments: [])
            } throws: { error in
                ((error as? ProcessLaunchError)?.detail ?? "").contains("Permission denied")
            }
        }

        @Test("exit codes and signals come back as statuses; every waiter gets the same one")
        func statuses() async throws {
            // Given a child that exits with 7, waited for by four threads at once
            let exiting = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exit 7"])
            let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
                for _ in 0..<4 { group.addTask { try await onThread { exiting.wait() } } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == [7, 7, 7, 7])
            #expect(exiting.hasExited)
            // And a child that would run for a minute, stopped with SIGTERM
            let sleeper = try ChildProcess(URL(fileURLWithPath: "/bin/sleep"), arguments: ["60"])
            #expect(!sleeper.hasExited)
            let stopped = try await onThread { sleeper.stop(grace: 30) }
            #expect(stopped == 128 + SIGTERM)
            // Sending to a child already waited for reaches nobody and changes nothing
            sleeper.send(SIGKILL)
            #expect(sleeper.wait() == 128 + SIGTERM)
        }

        @Test("a stream can be one of our descriptors: a file as standard input")
        func descriptorAsInput() async throws {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID()).txt")
            try Data("one\ntwo\nthree\n".utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let file = try FileHandle(forReadingFrom: url)
            defer { try? file.close() }
            let child = try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/wc"), arguments: ["-l"],
                standardInput: .descriptor(file.fileDescriptor), standardOutput: .pipe)
            let output = try await onThread { () -> Data in
                FileDescriptorIO.readAll(from: child.standardOutput?.fileDescriptor ?? -1)
            }
            #expect(child.wait() == 0)
            #expect(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "3")
        }

        @Test("hundreds of programs started from many threads while over a thousand descriptors are open")
        func manyAtOnceWithManyDescriptors() async throws {
            // Given 1,500 more open descriptors (Foundation's Process on Linux read past the end of
            // its directory buffer while listing them, and crashed, in Swift 6.3.1)
            var extra: [Int32] = []
            defer { for descriptor in extra { close(descriptor) } }
            for _ in 0..<1_500 {
                let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
                try #require(descriptor >= 0)
                extra.append(descriptor)
            }
            // When 16 threads each run 20 programs that echo their index
            let outputs = try await withThrowingTaskGroup(of: [String].self) { group in
                for thread in 0..<16 {
                    group.addTask {
                        try await onThread {
                            try (0..<20).map { index in
                                let output = try ProcessRunner.run(
                                    URL(fileURLWithPath: "/bin/echo"), arguments: ["\(thread)-\(index)"])
                                return String(decoding: output.standardOutput, as: UTF8.self)
                            }
                        }
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            // Then every one ran and said what it was told
            let expected = (0..<16).flatMap { thread in (0..<20).map { "\(thread)-\($0)\n" } }
            #expect(outputs.sorted() == expected.sorted())
        }
    }
#endif
