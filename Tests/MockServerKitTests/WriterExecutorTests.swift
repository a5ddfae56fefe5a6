import Dispatch
import Foundation
import MockServerKit
import ServiceUtilsTestSupport
import Testing

/// Streamed bodies while every one of Swift concurrency's shared threads is blocked, as a whole
/// test run on two cores keeps them: the server's own work must not wait for them.
@Suite("Streamed bodies while Swift's shared threads are busy")
struct WriterExecutorTests {
    /// Runs `body` on a thread of its own while every thread of Swift concurrency's shared pool is
    /// blocked, and unblocks them once it returns.
    ///
    /// Blockers are started until one of them does not start within half a second: the pool is
    /// then full (its width is the number of processors, but this does not rely on it). Every
    /// test of the process waits meanwhile, so `body` should be short.
    private static func whileSharedThreadsBlocked<Value: Sendable>(
        _ body: @escaping @Sendable () throws -> Value
    ) async throws -> Value {
        try await onThread {
            let started = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            var blockers = 0
            defer { for _ in 0..<blockers { release.signal() } }
            while blockers < 64 {
                Task.detached {
                    started.signal()
                    release.wait()
                }
                blockers += 1
                guard started.wait(timeout: .now() + .milliseconds(500)) == .success else { break }
            }
            return try body()
        }
    }

    /// A server whose `/cut` streams a 1,000-byte chunked body that `closeAfter` cuts after 100 bytes.
    private static func cuttingServer() throws -> MockServer {
        let server = try MockServer()
        let body = Data(repeating: UInt8(ascii: "a"), count: 1000)
        server.stub(method: .get, path: "/cut") { _ in
            .streaming(length: nil) { writer in try await writer.write(body) }.with(.closeAfter(bodyBytes: 100))
        }
        return server
    }

    @Test("a streamed chunked body cut by closeAfter is cut and closed while the shared threads are blocked")
    func cutWhileBusy() async throws {
        // Given a server streaming a 1,000-byte chunked body cut after 100 bytes
        let server = try Self.cuttingServer()
        defer { server.stop() }
        let port = server.port

        // When a raw client asks for it while no shared thread is free (giving up after 10 s)
        let exchange = try await Self.whileSharedThreadsBlocked {
            try RawExchange.get("/cut", port: port, readTimeout: 10_000)
        }

        // Then 100 bytes of the body came, then the close
        #expect(exchange.body.count == 100)
        #expect(exchange.end == .closed)
    }

    @Test("a streamed body is written and cut while every thread of Dispatch's global queue computes")
    func cutWhileGlobalQueueBusy() async throws {
        // Given a server streaming a 1,000-byte chunked body cut after 100 bytes
        let server = try Self.cuttingServer()
        defer { server.stop() }
        let port = server.port

        // When a raw client asks while CPU-bound work fills Dispatch's global queue, the spinners
        // giving up after 5 s and the client after 10 s
        let (exchange, returnedWhileBusy) = try await BusyGlobalQueues.run {
            try RawExchange.get("/cut", port: port, readTimeout: 10_000)
        }

        // Then 100 bytes of the body came, then the close, while the queue was still full
        #expect(exchange.body.count == 100)
        #expect(exchange.end == .closed)
        #expect(returnedWhileBusy, "the writer waited for Dispatch's global queue")
    }
}
