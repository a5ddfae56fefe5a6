import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

/// Starts `transfer`, cancels it once `progress` saw its first bytes, and checks that it failed as
/// `.cancelled`.
///
/// - Parameters:
///   - progress:  The log `transfer` reports to.
///   - transfer:  The download or upload.
/// - Returns: Whether it failed as `.cancelled` (when not, the issue is recorded).
func cancelOnceBytesMove<Success: Sendable>(
    _ progress: ProgressLog, _ transfer: @escaping @Sendable () async throws -> Success
) async -> Bool {
    let task = Task { try await transfer() }
    await progress.firstBytes.wait()
    task.cancel()
    let outcome = await task.result
    guard case .failure(let error as HTTPError) = outcome, error.isCancelled else {
        Issue.record("expected .cancelled, got \(outcome)")
        return false
    }
    return true
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

/// Deterministic bytes of a given size: a 65,521-byte pattern (a prime length, so it does not line
/// up with powers of two) repeated, quick to make even in a debug build.
func testBytes(_ count: Int, seed: UInt8 = 7) -> Data {
    let block = Data((0..<65_521).map { UInt8(truncatingIfNeeded: ($0 &* 31) ^ ($0 >> 9) &+ Int(seed)) })
    var data = Data(capacity: count)
    while data.count < count { data.append(block.prefix(count - data.count)) }
    return data
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

/// A bare HTTP/1.1 server on a thread of its own that reads a request's head, then stops reading
/// until ``release()``: an upload to it fills the socket buffers and waits, so a test can act in
/// the middle of the body. It then reads the rest until the client ends or breaks the connection,
/// answers `200`, and reports how many body bytes it got.
///
/// ``release()`` also stops listening, so a server whose client never connected (an upload
/// cancelled before it reached the network) finishes too.
final class HeldServer: Sendable {
    let port: UInt16
    /// The listening socket until the server stops listening; under the lock, so ``release()``
    /// never shuts down a descriptor number the thread closed and another test reused.
    private let listener: Locked<Int32?>
    private let gate = DispatchSemaphore(value: 0)
    /// Body bytes read after the head, once the connection ended.
    let received = Locked<Int?>(nil)
    let finished = Latch()

    init() throws {
        let (socket, port) = try LoopbackSocket.listen()
        self.port = port
        let listener = Locked<Int32?>(socket)
        self.listener = listener
        let gate = self.gate
        let received = self.received
        let finished = self.finished
        let thread = Thread {
            defer { finished.open() }
            let connection = accept(socket, nil, nil)
            listener.withLock { descriptor in
                if let open = descriptor { close(open) }
                descriptor = nil
            }
            guard connection >= 0 else { return }
            defer { close(connection) }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            var head: [UInt8] = []
            while !head.ends(with: [13, 10, 13, 10]) {
                let count = recv(connection, &buffer, 1, 0)
                guard count == 1 else { return }
                head.append(buffer[0])
            }
            gate.wait()
            var total = 0
            while true {
                let count = recv(connection, &buffer, buffer.count, 0)
                if count <= 0 { break }
                total += count
            }
            received.withLock { $0 = total }
        }
        thread.start()
    }

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Lets the server read the rest of the body, and stops listening (waking a server still
    /// waiting for its client).
    func release() {
        gate.signal()
        listener.withLock { descriptor in
            if let open = descriptor { shutdown(open, Int32(SHUT_RDWR)) }
        }
    }
}

extension Array where Element: Equatable {
    fileprivate func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}

/// The form two tests encode: a field `user` = "Ann", and the file at `photo` streamed as `avatar`.
func avatarForm(photo: URL) throws -> MultipartFormData {
    var form = MultipartFormData()
    form.append("Ann", name: "user")
    try form.append(streamingFileAt: photo, name: "avatar")
    return form
}

/// What ``avatarForm(photo:)`` encodes to with `boundary`, written out by hand, for a `photo.png`
/// holding `content`.
func encodedAvatarForm(boundary: String, content: Data) -> Data {
    Data(
        ("--\(boundary)\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\nAnn\r\n--\(boundary)\r\n"
            + "Content-Disposition: form-data; name=\"avatar\"; filename=\"photo.png\"\r\n"
            + "Content-Type: image/png\r\n\r\n").utf8) + content + Data("\r\n--\(boundary)--\r\n".utf8)
}
