import Foundation
import MockServerKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Where handlers run")
struct HandlerExecutionTests {
    /// Whether the caller runs inside a Swift task (so on Swift's cooperative pool).
    @Sendable private static func insideTask() -> Bool {
        withUnsafeCurrentTask { $0 != nil }
    }

    @Test("a handler that never awaits runs outside Swift's cooperative pool")
    func synchronousHandler() async throws {
        // Given a stub whose closure has no await, so Swift picks the synchronous overload
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/where") { _ in .text(Self.insideTask() ? "task" : "thread") }

        // When it is called
        let (data, response) = try await HTTP.send(HTTP.request(server, "where"))

        // Then it ran on a plain Dispatch thread, where a blocked pool cannot stall it
        #expect(response.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "thread")
    }

    @Test("a handler that never awaits answers while every thread of Dispatch's global queue computes")
    func synchronousHandlerWhileGlobalQueueBusy() async throws {
        // Given a stub whose closure has no await
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/busy") { _ in .text("answered") }
        let port = server.port

        // When a raw client asks while CPU-bound work fills Dispatch's global queue (which adds no
        // thread for computing ones), the spinners giving up after 5 s and the client after 10 s
        let (exchange, returnedWhileBusy) = try await BusyGlobalQueues.run {
            try RawExchange.get("/busy", port: port, fields: "Connection: close\r\n", readTimeout: 10_000)
        }

        // Then the answer came while the queue was still full: the handler did not wait for it
        #expect(exchange.text.hasPrefix("HTTP/1.1 200"))
        #expect(String(decoding: exchange.body, as: UTF8.self) == "answered")
        #expect(returnedWhileBusy, "the handler waited for Dispatch's global queue")
    }

    @Test("a handler that awaits runs as a task")
    func asyncHandler() async throws {
        // Given a stub that awaits
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/where") { _ in
            await Task.yield()
            return .text(Self.insideTask() ? "task" : "thread")
        }

        // When it is called
        let (data, _) = try await HTTP.send(HTTP.request(server, "where"))

        // Then it ran inside a task
        #expect(String(decoding: data, as: UTF8.self) == "task")
    }

    @Test("a synchronous handler that throws becomes a 500 naming the error")
    func synchronousThrow() async throws {
        struct Broken: Error {}
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/broken") { _ in throw Broken() }

        let (data, response) = try await HTTP.send(HTTP.request(server, "broken"))

        #expect(response.statusCode == 500)
        #expect(String(decoding: data, as: UTF8.self).contains("Broken"))
    }
}
