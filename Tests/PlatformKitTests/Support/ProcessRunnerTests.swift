#if os(Linux) || os(macOS)
    import Foundation
    import Testing

    @testable import PlatformKit

    @Suite("ProcessRunner pipes")
    struct ProcessRunnerTests {
        @Test("10 MB through cat comes back whole: input and both outputs never deadlock")
        func largeRoundTrip() throws {
            // Given 10 MB of varied bytes
            let input = Data((0..<10_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            // When cat copies them
            let output = try ProcessRunner.run(URL(fileURLWithPath: "/bin/cat"), arguments: [], input: input)
            // Then they come back unchanged
            #expect(output.status == 0)
            #expect(output.standardOutput == input)
        }

        @Test("a child that exits without reading its input does not kill us with SIGPIPE")
        func childIgnoresInput() throws {
            let input = Data(count: 10_000_000)
            let output = try ProcessRunner.run(URL(fileURLWithPath: "/bin/true"), arguments: [], input: input)
            #expect(output.status == 0)
        }

        @Test("arguments reach the child as they are, never through a shell")
        func argumentsAreNotShellParsed() throws {
            let tricky = ["$(echo pwned)", "a b", "'; rm -rf /", "*"]
            let output = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/printf"), arguments: ["%s\\n"] + tricky)
            #expect(String(decoding: output.standardOutput, as: UTF8.self) == tricky.joined(separator: "\n") + "\n")
        }

        @Test("locate searches PATH and refuses what is not executable")
        func locate() {
            #expect(ProcessRunner.locate("cat", environment: ["PATH": "/nonexistent:/bin"])?.path == "/bin/cat")
            #expect(ProcessRunner.locate("cat", environment: ["PATH": "/nonexistent"]) == nil)
            #expect(ProcessRunner.locate("/etc/passwd", environment: [:]) == nil)
        }
    }
#endif
