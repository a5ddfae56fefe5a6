import Foundation
import InternalServiceUtilities

@testable import NetworkKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One end of a Unix socket pair as a ``WebSocketByteStream``: the engine's stream in tests, and
/// the raw-frame peer's too. Each blocking call runs on a thread of its own, never on the
/// cooperative pool, nor on Dispatch's global queues (which on Linux run no more threads than there
/// are cores, so two blocked reads would starve every write).
final class SocketPairStream: WebSocketByteStream {
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "socket error \(code)" }
    }

    private let descriptor: Int32
    private let isShutDown = Locked(false)

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// Two connected ends.
    static func makePair() throws -> (SocketPairStream, SocketPairStream) {
        var descriptors: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0 else {
            throw Failure(code: errno)
        }
        return (SocketPairStream(descriptor: descriptors[0]), SocketPairStream(descriptor: descriptors[1]))
    }

    func read(maximumCount: Int) async throws -> [UInt8] {
        let descriptor = descriptor
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                var buffer = [UInt8](repeating: 0, count: max(1, maximumCount))
                while true {
                    let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                    if count >= 0 {
                        continuation.resume(returning: Array(buffer.prefix(count)))
                        return
                    }
                    if errno == EINTR { continue }
                    continuation.resume(throwing: Failure(code: errno))
                    return
                }
            }
        }
    }

    func write(_ bytes: [UInt8]) async throws {
        let descriptor = descriptor
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                var offset = 0
                while offset < bytes.count {
                    let count = bytes.withUnsafeBytes { raw in
                        Glibc.send(
                            descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset, Int32(MSG_NOSIGNAL))
                    }
                    if count < 0 {
                        if errno == EINTR { continue }
                        continuation.resume(throwing: Failure(code: errno))
                        return
                    }
                    offset += count
                }
                continuation.resume()
            }
        }
    }

    func close() async {
        shutDown()
    }

    /// Ends both directions: a blocked read on either end returns the end of the stream.
    func shutDown() {
        isShutDown.withLock { done in
            guard !done else { return }
            done = true
            _ = shutdown(descriptor, Int32(SHUT_RDWR))
        }
    }

    /// Ends only this end's writing (the other end reads the end of the stream).
    func shutDownWriting() {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }
}
