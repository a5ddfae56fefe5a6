import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Streamed responses: chunks and lines")
struct StreamingTests {
    @Test("the first chunk reaches the caller while the server still holds the rest")
    func firstChunkEarly() async throws {
        // Given a server that sends a first chunk, then waits for the test before the rest
        let server = try MockServer()
        defer { server.stop() }
        let rest = Latch()
        defer { rest.open() }
        server.stub(method: .get, path: "/feed") { _ in
            .streaming(headers: ["Content-Type": "text/plain"]) { writer in
                try await writer.write("first")
                await rest.wait()
                try await writer.write("second")
            }
        }

        // When the stream is opened and its first chunk read
        let stream = try await HTTPClient().stream(ServerRoute(server, "feed"))
        var chunks = stream.chunks.makeAsyncIterator()
        let first = try await chunks.next()

        // Then it arrived before the server was released, with the head already validated
        #expect(!rest.isOpen)
        #expect(first == Data("first".utf8))
        #expect(stream.response.statusCode == 200 && stream.response.mimeType == "text/plain")
        rest.open()
        var tail = Data()
        while let chunk = try await chunks.next() { tail.append(chunk) }
        #expect(tail == Data("second".utf8))
    }

    @Test("lines split at CR LF, LF and CR, across pieces, with an unterminated last line")
    func lines() async throws {
        // Given a body whose line breaks straddle the pieces it is sent in
        let server = try MockServer()
        defer { server.stop() }
        let pieces = ["one\r", "\ntwo\n", "thr", "ee\rfo", "ur\r\n\r\nsix"]
        server.stub(method: .get, path: "/lines") { _ in
            .streaming { writer in
                for piece in pieces { try await writer.write(piece) }
            }
        }

        // When it is read as lines
        var lines: [String] = []
        for try await line in HTTPClient().lines(ServerRoute(server, "lines")) { lines.append(line) }

        // Then every kind of break ended a line once
        #expect(lines == ["one", "two", "three", "four", "", "six"])
    }

    @Test("a line over the limit ends the lines with lineTooLong")
    func lineTooLong() async throws {
        // Given a 100 KB line
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/long") { _ in .text("short\n" + String(repeating: "z", count: 100_000) + "\n")
        }

        // When it is read with a 64 KiB limit
        var lines: [String] = []
        let error = await #expect(throws: HTTPError.self) {
            for try await line in HTTPClient().lines(ServerRoute(server, "long"), maximumLength: 65_536) {
                lines.append(line)
            }
        }

        // Then the short line came and the long one is a typed error
        #expect(lines == ["short"])
        #expect(error?.transferFailure?.reason == .lineTooLong(limit: 65_536))
    }

    @Test("an error status is thrown with its body before any chunk")
    func errorStatus() async throws {
        // Given a 404
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/gone") { _ in .text("not here", status: 404) }

        // Then stream() throws it, and lines() throws it when read
        let error = await #expect(throws: HTTPError.self) { try await HTTPClient().stream(ServerRoute(server, "gone")) }
        #expect(error?.statusCode == 404 && error?.responseBody == Data("not here".utf8))
        let linesError = await #expect(throws: HTTPError.self) {
            for try await _ in HTTPClient().lines(ServerRoute(server, "gone")) {}
        }
        #expect(linesError?.statusCode == 404)
    }

    @Test("leaving the loop cancels the request: the server's next write finds the client gone")
    func breakCancels() async throws {
        // Given a server streaming until its client leaves, and reporting that
        let server = try MockServer()
        defer { server.stop() }
        let gone = Latch()
        server.stub(method: .get, path: "/endless") { _ in
            .streaming { writer in
                do throws(MockServerError) {
                    while true { try await writer.write("tick\n") }
                } catch {
                    gone.open()
                }
            }
        }

        // When the reader stops after three lines
        var count = 0
        for try await _ in HTTPClient().lines(ServerRoute(server, "endless")) {
            count += 1
            if count == 3 { break }
        }

        // Then the server was told the client disconnected
        await gone.wait()
        #expect(count == 3)
    }

    @Test("cancelling the task waiting for the head ends with .cancelled")
    func cancelBeforeHead() async throws {
        // Given a server that holds its answer until released
        let server = try MockServer()
        defer { server.stop() }
        let arrived = Latch()
        let answer = Latch()
        defer { answer.open() }
        server.stub(method: .get, path: "/slow") { _ in
            arrived.open()
            await answer.wait()
            return .text("late")
        }
        let client = HTTPClient()

        // When the task waiting in stream() is cancelled once the request arrived
        let task = Task { try await client.stream(ServerRoute(server, "slow")) }
        await arrived.wait()
        task.cancel()

        // Then it throws .cancelled
        let outcome = await task.result
        guard case .failure(let error as HTTPError) = outcome, error.isCancelled else {
            Issue.record("expected .cancelled, got \(outcome)")
            return
        }
    }

    @Test("retriers apply until a head is accepted; a body cut afterwards is not retried")
    func retryBeforeHeadOnly() async throws {
        // Given a server answering 503, then a chunked body it cuts
        let server = try MockServer()
        defer { server.stop() }
        let count = Locked(0)
        server.stub(method: .get, path: "/feed") { _ in
            let number = count.withLock { value -> Int in
                value += 1
                return value
            }
            guard number > 1 else { return .status(503) }
            return .streaming { writer in
                try await writer.write("partial\n")
                await writer.cut()
            }
        }
        let client = HTTPClient {
            $0.retriers = [RetryPolicy(maximumRetries: 5)]
            $0.sleep = { _ in }
        }

        // When it is read as lines
        var lines: [String] = []
        let error = await #expect(throws: HTTPError.self) {
            for try await line in client.lines(ServerRoute(server, "feed")) { lines.append(line) }
        }

        // Then the 503 was retried, the cut was not, and it is a transport error
        #expect(lines == ["partial"])
        #expect(error?.urlErrorCode != nil)
        #expect(server.requests.count == 2)
    }

    @Test("httpbin: /stream as JSON lines and /drip as chunks")
    func httpbin() async throws {
        // Given httpbin
        let base = try Fixture.url("SU_HTTPBIN_URL")
        let client = HTTPClient()

        // When /stream/5 is read as lines and /drip as chunks
        var lines: [String] = []
        for try await line in client.lines(URLRequest(url: base.appendingPathComponent("stream/5"))) {
            lines.append(line)
        }
        let drip = try #require(URL(string: base.absoluteString + "/drip?numbytes=5&duration=0.1&delay=0"))
        let stream = try await client.stream(URLRequest(url: drip))
        var body = Data()
        for try await chunk in stream.chunks { body.append(chunk) }

        // Then there are five JSON objects with ids 0…4, and the five dripped bytes
        struct Line: Decodable { let id: Int }
        #expect(try lines.map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)).id } == [0, 1, 2, 3, 4])
        #expect(body == Data("*****".utf8))
    }
}
