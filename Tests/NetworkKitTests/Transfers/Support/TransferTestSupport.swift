import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A folder of its own for one test, removed by ``remove()``; ``contents`` lists what a transfer
/// left in it, so a test can check that nothing else was touched.
struct TestFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "NetworkKitTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// The names of everything inside the folder, sorted, recursively (`a/b`).
    var contents: [String] {
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String { names.append(name) }
        return names.sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Keeps every progress update a transfer reports.
final class ProgressLog: Sendable {
    private let updates = Locked<[TransferProgress]>([])
    private let threshold: Int64
    /// Opened when an update reaches the threshold (the first byte by default).
    let firstBytes = Latch()

    /// - Parameter threshold: The completed bytes that open ``firstBytes``.
    init(threshold: Int64 = 1) {
        self.threshold = threshold
    }

    var all: [TransferProgress] { updates.value }

    /// The handler to pass to a transfer.
    var handler: @Sendable (TransferProgress) -> Void {
        { [self] progress in
            updates.withLock { $0.append(progress) }
            if progress.completedBytes >= threshold { firstBytes.open() }
        }
    }

    /// Whether completed bytes never go down and the last update is complete.
    var isMonotonicAndComplete: Bool {
        let values = all
        guard let last = values.last else { return false }
        let ordered = zip(values, values.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes }
        return ordered && last.totalBytes == last.completedBytes
    }
}

/// A router for a path on a mock server.
struct ServerRoute: HTTPRouter {
    let baseURL: URL?
    let path: String
    var method: HTTPMethod = .get
    var headers: HTTPHeaders? = nil

    init(_ server: MockServer, _ path: String, method: HTTPMethod = .get, headers: HTTPHeaders? = nil) {
        baseURL = server.baseURL
        self.path = path
        self.method = method
        self.headers = headers
    }
}

/// Deterministic bytes of a given size (a repeating pattern that is not periodic in 256).
func testBytes(_ count: Int, seed: UInt8 = 7) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 31) ^ ($0 >> 9) &+ Int(seed)) })
}

/// A tmpfs mounted for a test (the disk-full and read-only cases), unmounted by ``unmount()``.
///
/// Mounting needs root, which `scripts/test` runs as; the error names what failed otherwise.
struct TemporaryMount: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let url: URL

    /// Mounts a tmpfs of `size` (such as `1m`) at a new folder, read-only when `readOnly` is set.
    init(size: String, readOnly: Bool = false) async throws {
        let folder = try TestFolder().url
        var options = "size=\(size),mode=0755"
        if readOnly { options += ",ro" }
        try await Self.run("mount", ["-t", "tmpfs", "-o", options, "tmpfs", folder.path])
        url = folder
    }

    func unmount() async {
        try? await Self.run("umount", [url.path])
        try? FileManager.default.removeItem(at: url)
    }

    private static func run(_ program: String, _ arguments: [String]) async throws {
        let path = ["/usr/bin/\(program)", "/bin/\(program)"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { throw Failure(description: "\(program) is not installed") }
        let outcome = try await CommandRunner.run(executable: URL(fileURLWithPath: path), arguments: arguments)
        guard outcome.status == 0 else {
            throw Failure(
                description: "\(program) \(arguments.joined(separator: " ")) failed (\(outcome.status)): "
                    + "\(outcome.error); these tests mount a small tmpfs and must run as root (scripts/test does)")
        }
    }
}
