import Dispatch
import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Alamofire's `DataTask` (`serializingData`, `serializingDecodable`, …), end to end against MockServer.
@Suite("DataTask: Alamofire's async serializing forms of DataRequest")
struct DataTaskTests {
    /// The session of most requests (a request does not keep its session alive).
    let session = Session()

    struct Item: Codable, Sendable, Equatable {
        var id: Int
        var name: String
    }

    /// A server with `/item` (JSON), `/text` (Latin-1 text), `/missing` (404), `/counted` (counts its
    /// requests) and `/held` (a head at once, the body when `release` opens).
    static func server(release: Latch = Latch(), count: Locked<Int> = Locked(0)) throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .get, path: "/item") { _ in .json(data: Data(#"{"id":7,"name":"tea"}"#.utf8)) }
        server.stub(method: .get, path: "/text") { _ in
            MockResponse(
                status: 200, headers: ["Content-Type": "text/plain; charset=iso-8859-1"],
                body: Data([0x63, 0x61, 0x66, 0xE9]))
        }
        server.stub(method: .get, path: "/missing") { _ in
            MockResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("not here".utf8))
        }
        server.stub(method: .get, path: "/counted") { _ in
            count.withLock { $0 += 1 }
            return .text("counted")
        }
        server.stub(method: .get, path: "/held") { _ in
            .streaming(headers: ["Content-Type": "text/plain"]) { writer in
                await release.wait()
                try await writer.write("late")
            }
        }
        return server
    }

    @Test("serializingDecodable, serializingString and serializingData await their values")
    func values() async throws {
        // Given a server with JSON and Latin-1 text
        let server = try Self.server()
        defer { server.stop() }

        // When each is awaited
        let item = try await session.request(server.url("item")).serializingDecodable(Item.self).value
        let text = try await session.request(server.url("text")).serializingString().value
        let data = try await session.request(server.url("item")).serializingData().value
        let dotted = try await session.request(server.url("text")).serializingResponse(using: .string).value

        // Then each is what the server sent, the text in the response's charset
        #expect(item == Item(id: 7, name: "tea"))
        #expect(text == "café")
        #expect(data == Data(#"{"id":7,"name":"tea"}"#.utf8))
        #expect(dotted == "café")
    }

    @Test("value throws the AFError; response and result carry the request, response, body and error")
    func failures() async throws {
        let server = try Self.server()
        defer { server.stop() }

        // Given a 404, validated
        let task = session.request(server.url("missing")).validate().serializingString()

        // When its value, result and response are awaited
        await #expect(throws: AFError.self) { try await task.value }
        let result = await task.result
        let response = await task.response

        // Then all three tell the same validation failure, with the status and the body kept
        #expect(result.error?.responseCode == 404)
        #expect(response.error?.isResponseValidationError == true)
        #expect(response.response?.statusCode == 404)
        #expect(response.data == Data("not here".utf8))
        #expect(response.request?.url == server.url("missing"))
        #expect(response.serializationDuration >= 0)

        // And a body that does not decode is a serialization failure
        let decoding = await session.request(server.url("text")).serializingDecodable(Item.self).result
        #expect(decoding.error?.isResponseSerializationError == true)
    }

    @Test("a DataTask sends once: every await, from any task, gets the same response")
    func awaitedManyTimes() async throws {
        let count = Locked(0)
        let server = try Self.server(count: count)
        defer { server.stop() }
        let task = session.request(server.url("counted")).serializingString()

        async let first = task.value
        async let second = task.value
        let third = try await task.value
        #expect(try await [first, second, third] == ["counted", "counted", "counted"])
        #expect(try await task.value == "counted")
        #expect(count.value == 1)
    }

    @Test("cancelling the awaiting task cancels the request (automaticallyCancelling by default)")
    func automaticCancellation() async throws {
        // Given a response held by the server
        let release = Latch()
        let server = try Self.server(release: release)
        defer {
            release.open()
            server.stop()
        }
        let request = session.request(server.url("held"))
        let task = request.serializingString()

        // When the task awaiting it is cancelled
        let waiting = Task { await task.result }
        try await Task.sleep(for: .milliseconds(100))
        waiting.cancel()
        let result = await waiting.value

        // Then the request is cancelled and the result is explicitlyCancelled
        #expect(result.error?.isExplicitlyCancelledError == true)
        #expect(request.isCancelled)
    }

    @Test("automaticallyCancelling: false leaves the request running when the awaiting task is cancelled")
    func noAutomaticCancellation() async throws {
        let release = Latch()
        let server = try Self.server(release: release)
        defer {
            release.open()
            server.stop()
        }
        let request = session.request(server.url("held"))
        let task = request.serializingString(automaticallyCancelling: false)

        // When the first awaiting task is cancelled, then the server answers
        let waiting = Task { await task.result }
        try await Task.sleep(for: .milliseconds(100))
        waiting.cancel()
        release.open()

        // Then the request goes on, and both awaits get the body
        #expect(try await waiting.value.get() == "late")
        #expect(try await task.value == "late")
        #expect(!request.isCancelled)
    }

    @Test("cancel() cancels the request; a task made in a cancelled task cancels it at once")
    func explicitCancellation() async throws {
        let release = Latch()
        let server = try Self.server(release: release)
        defer {
            release.open()
            server.stop()
        }

        // Given a task cancelled by hand
        let task = session.request(server.url("held")).serializingData()
        task.cancel()
        #expect(await task.result.error?.isExplicitlyCancelledError == true)

        // And a task made inside an already-cancelled task
        let request = session.request(server.url("held"))
        let made = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return request.serializingData()
        }
        let inner = await made.value
        #expect(request.isCancelled)
        #expect(await inner.result.error?.isExplicitlyCancelledError == true)
    }

    @Test("resume() starts a request of a session that does not start requests immediately")
    func resumeStarts() async throws {
        let count = Locked(0)
        let server = try Self.server(count: count)
        defer { server.stop() }
        let session = Session(startRequestsImmediately: false)

        let task = session.request(server.url("counted")).serializingString()
        try await Task.sleep(for: .milliseconds(50))
        #expect(count.value == 0)

        task.resume()
        #expect(try await task.value == "counted")
        #expect(count.value == 1)
    }

    @Test("suspend() holds the answer until resume()")
    func suspendHolds() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let request = session.request(server.url("item"))
        let task = request.serializingDecodable(Item.self)
        task.suspend()
        let arrived = Locked(false)
        let waiting = Task {
            let value = try await task.value
            arrived.withLock { $0 = true }
            return value
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(!arrived.value)
        task.resume()
        #expect(try await waiting.value == Item(id: 7, name: "tea"))
    }
}
