import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport conformance suite, streaming and cancellation: body pieces reach the caller as they
/// arrive, and a cancelled exchange ends at once, cancelled, completed exactly once, its connection
/// closed. The server holds its answers on latches the test opens, so no case waits on a clock.
@Suite("Transport conformance: streaming and cancellation", .timeLimit(.minutes(1)))
struct ConformanceStreamingTests {
    /// The most a cancellation may take to end the caller's wait: generous, a bound against a
    /// transport that ignores it (which would wait for the server, that is, forever), not a speed test.
    static let promptly = Duration.seconds(10)

    @Test(
        "a streamed body's first piece reaches the caller before the server sends the rest",
        arguments: ConformanceTransport.all, [MockResponse.BodyFraming.chunked, .contentLength])
    func piecesBeforeEnd(transport: ConformanceTransport, framing: MockResponse.BodyFraming) async throws {
        // Given a server that sends a first piece and holds the rest until the test releases it
        let rig = try ConformanceRig(transport)
        let rest = Latch()
        defer { rest.open() }
        let (first, second) = ("first piece\n", "second piece\n")
        rig.server.stub(method: .get, path: "/feed") { _ in
            .streaming(headers: ["Content-Type": "text/plain"], length: framing == .chunked ? nil : 25) { writer in
                try await writer.write(first)
                await rest.wait()
                try await writer.write(second)
            }
        }

        // When the client streams it, reading until the first piece is whole, then releases the rest
        let stream = try await rig.recordingClient().stream(rig.request("feed"))
        var received = Data()
        var iterator = stream.chunks.makeAsyncIterator()
        while received.count < first.utf8.count, let chunk = try await iterator.next() { received.append(chunk) }
        let beforeRest = received
        rest.open()
        while let chunk = try await iterator.next() { received.append(chunk) }
        await rig.finish()

        // Then the first piece came alone, and the body ended whole
        #expect(stream.response.statusCode == 200 && stream.response.mimeType == "text/plain")
        #expect(String(decoding: beforeRest, as: UTF8.self) == first)
        #expect(String(decoding: received, as: UTF8.self) == first + second)
    }

    @Test(
        "cancelling a held-open streamed response ends the reader cancelled and closes the connection",
        arguments: ConformanceTransport.all)
    func heldOpenStreamCancelled(transport: ConformanceTransport) async throws {
        // Given a server that sends a piece, then holds the response open, and writes again once the
        // test lets it until the client has gone
        let rig = try ConformanceRig(transport)
        let (release, gone) = (Latch(), Latch())
        defer { release.open() }
        rig.server.stub(method: .get, path: "/held") { _ in
            .streaming { writer in
                defer { gone.open() }
                try await writer.write("first piece\n")
                await release.wait()
                while true { try await writer.write(Data(repeating: 0x2E, count: 1024)) }
            }
        }
        let client = rig.recordingClient()
        let firstArrived = Latch()

        // When a task reads the first piece and waits for more, and is cancelled
        let reader = Task { () async throws -> Int in
            let stream = try await client.stream(rig.request("held"))
            var count = 0
            for try await chunk in stream.chunks {
                count += chunk.count
                firstArrived.open()
            }
            return count
        }
        await firstArrived.wait()
        let cancelled = ContinuousClock.now
        reader.cancel()
        let outcome = await reader.result
        let elapsed = ContinuousClock.now - cancelled
        release.open()
        await gone.wait()
        await rig.finish()

        // Then the reading ended promptly with the first piece only (a cancelled task's stream may
        // end quietly or throw), the exchange was cancelled and completed once (finish checks), and
        // the server saw the client go (its writes could not have ended otherwise)
        #expect(Self.endedEarly(outcome), "\(outcome)")
        #expect(elapsed < Self.promptly, "took \(elapsed)")
        #expect(rig.transport.exchanges.value.map(\.isCancelled) == [true])
    }

    @Test(
        "cancelling the task while the server has not answered ends the exchange promptly, cancelled",
        arguments: ConformanceTransport.all, ConformancePath.allCases)
    func cancelBeforeHead(transport: ConformanceTransport, path: ConformancePath) async throws {
        // Given a server that holds its answer until released
        let rig = try ConformanceRig(transport)
        let (arrived, release) = (Latch(), Latch())
        defer { release.open() }
        rig.server.stub(method: .get, path: "/stall") { _ in
            arrived.open()
            await release.wait()
            return .text("late")
        }
        let request = rig.request("stall")

        // When a task sends the request, and is cancelled once the server has it
        let task = Task { () async -> HTTPError? in
            do throws(HTTPError) {
                _ = try await rig.send(request, via: path)
                return nil
            } catch {
                return error
            }
        }
        await arrived.wait()
        let cancelled = ContinuousClock.now
        task.cancel()
        let error = await task.value
        let elapsed = ContinuousClock.now - cancelled
        release.open()
        await rig.finish()

        // Then it ended cancelled, promptly, and the transport completed the exchange exactly once
        // (finish checks every exchange the transport was given)
        #expect(error == .cancelled(HTTPError.RequestSummary(request)), "\(String(describing: error))")
        #expect(elapsed < Self.promptly, "took \(elapsed)")
        #expect(rig.transport.exchanges.value.count == 1)
    }

    /// Whether a reading task that was cancelled after the first piece ended with that piece only,
    /// or with an ``HTTPError/cancelled(_:)`` or Swift's `CancellationError`.
    static func endedEarly(_ outcome: Result<Int, any Error>) -> Bool {
        switch outcome {
        case .success(let count): count == "first piece\n".utf8.count
        case .failure(let error): (error as? HTTPError)?.isCancelled == true || error is CancellationError
        }
    }
}
