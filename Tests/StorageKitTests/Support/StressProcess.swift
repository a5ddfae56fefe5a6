import Foundation
import InternalServiceUtilities
import ServiceUtilsTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running `storage-stress` helper, with line-by-line access to its standard output.
final class StressProcess {
    private let process: ChildProcess
    private let output: FileHandle
    private let input: FileHandle
    private let errors: FileHandle

    init(_ arguments: [String]) throws {
        process = try ChildProcess(
            try BuiltProducts.executable("storage-stress"), arguments: arguments,
            standardInput: .pipe, standardOutput: .pipe, standardError: .pipe)
        guard let output = process.standardOutput, let input = process.standardInput,
            let errors = process.standardError
        else { throw ProcessLaunchError(detail: "storage-stress started without its pipes") }
        (self.output, self.input, self.errors) = (output, input, errors)
    }

    /// Blocks until the helper prints a whole line and returns it, or nil when its output ends first.
    func readLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        let descriptor = output.fileDescriptor
        while true {
            let count = read(descriptor, &byte, 1)
            if count == -1 && errno == EINTR { continue }
            if count <= 0 { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    /// Sends one line to the helper's standard input.
    func send(_ line: String) {
        FileDescriptorIO.writeAll(Data((line + "\n").utf8), to: input.fileDescriptor)
    }

    /// Kills the helper with SIGKILL, so it gets no chance to finish anything, and waits for it to die;
    /// does nothing once it has exited (its process id may belong to someone else by then).
    func kill() {
        process.send(SIGKILL)
        process.wait()
    }

    deinit {
        kill()
    }

    /// Waits for the helper to exit and returns its status and what it wrote to standard error.
    func wait() -> (status: Int32, errors: String) {
        let data = FileDescriptorIO.readAll(from: errors.fileDescriptor)
        return (process.wait(), String(decoding: data, as: UTF8.self))
    }
}

/// The values `storage-stress crash` alternates between: a copy of the helper's type, kept in step.
struct CrashValue: Codable, Equatable {
    var name: String
    var numbers: [Int]

    static let first = CrashValue(name: "first", numbers: Array(repeating: 1_111_111, count: 15_000))
    static let second = CrashValue(name: "second", numbers: Array(repeating: 22, count: 25_000))
}
