import Foundation
import InternalServiceUtilities
import MockServerKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Streamed responses: chunked, held open, cut, dripped")
struct StreamingResponseTests {
    @Test("a chunked body is sent piece by piece while the handler holds the rest back")
    func heldOpenChunks() async throws {
        // Given a stream that writes one chunk, then waits for the test before the next
        let server = try MockServer()
        defer { server.stop() }
        let rest = Latch()
        server.stub(method: .get, path: "/feed") { _ in
            .streaming(headers: ["Content-Type": "text/plain"]) { writer in
                try await writer.write("first")
                await rest.wait()
                try await writer.write("second!")
            }
        }
        let port = server.port

        // When a raw client reads the head and the first chunk, then releases the rest
        let (head, first, tail, next) = try await onThread {
            let client = try RawClient(port: port)
            try client.write("GET /feed HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try client.read(through: "\r\n\r\n")
            let first = try client.read(through: "first\r\n")
            rest.open()
            let tail = try client.read(through: "0\r\n\r\n")
            // And the connection serves another request afterwards
            try client.write("GET /feed HTTP/1.1\r\nHost: t\r\n\r\n")
            let next = try client.read(through: "0\r\n\r\n")
            return (head, first, tail, next)
        }

        // Then the head announces chunked coding and each write arrived as its own chunk
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("Transfer-Encoding: chunked"))
        #expect(!head.lowercased().contains("content-length"))
        #expect(first == "5\r\n")
        #expect(tail == "7\r\nsecond!\r\n")
        #expect(next.hasSuffix("5\r\nfirst\r\n7\r\nsecond!\r\n"))
    }

    @Test("a declared length that is not reached closes the connection after the bytes written")
    func shortDeclaredLength() async throws {
        // Given a stream announcing 10 bytes and writing 4
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/short") { _ in
            .streaming(length: 10) { writer in try await writer.write("abcd") }
        }
        let port = server.port

        // When a raw client reads until the server closes
        let received = try await onThread {
            let client = try RawClient(port: port)
            try client.write("GET /short HTTP/1.1\r\nHost: t\r\n\r\n")
            return String(decoding: try client.readUntilClosed(), as: UTF8.self)
        }

        // Then the head says 10 and only the 4 bytes follow before the close
        #expect(received.contains("Content-Length: 10\r\n"))
        #expect(received.hasSuffix("\r\n\r\nabcd"))
    }

    @Test("cut() ends a chunked body without its last chunk, mid-chunk with writeUnframed")
    func cutMidChunk() async throws {
        // Given a stream that announces a 16-byte chunk, sends 3 bytes of it and cuts
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/cut") { _ in
            .streaming { writer in
                try await writer.write("whole")
                try await writer.writeUnframed(Data("10\r\nabc".utf8))
                await writer.cut()
                try await writer.write("never sent")
            }
        }
        let port = server.port

        // When a raw client reads until the server closes
        let received = try await onThread {
            let client = try RawClient(port: port)
            try client.write("GET /cut HTTP/1.1\r\nHost: t\r\n\r\n")
            return String(decoding: try client.readUntilClosed(), as: UTF8.self)
        }

        // Then the body stops inside the announced chunk
        #expect(received.hasSuffix("\r\n\r\n5\r\nwhole\r\n10\r\nabc"))
        #expect(!received.contains("never sent"))
    }

    @Test("a writer whose client disconnected gets clientDisconnected")
    func clientGone() async throws {
        // Given a stream that writes until its client goes away and reports how it stopped
        let server = try MockServer()
        defer { server.stop() }
        let endless = EndlessStream(on: server)
        let port = server.port

        // When a raw client reads the first chunk and closes the socket
        try await onThread {
            let client = try RawClient(port: port)
            try client.write("GET /endless HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try client.read(through: "tick\r\n")
        }
        await endless.firstSent.wait()
        await endless.stopped.wait()

        // Then the writer was told the client is gone
        #expect(endless.outcome.value == .clientDisconnected)
    }

    @Test(
        "stopping the server while a writer is sending tells the writer; it is never left waiting",
        .timeLimit(.minutes(1)))
    func stopWhileWriting() async throws {
        // Given a stream that writes until it is told to stop, to a client that keeps reading nothing
        let server = try MockServer()
        let endless = EndlessStream(on: server)
        let port = server.port
        let release = DispatchSemaphore(value: 0)
        async let client: Void = onThread {
            let client = try RawClient(port: port)
            try client.write("GET /endless HTTP/1.1\r\nHost: t\r\n\r\n")
            release.wait()
        }

        // When the server stops while the writer is sending
        await endless.firstSent.wait()
        server.stop()

        // Then the writer is told the connection is gone (before the fix it could wait forever)
        await endless.stopped.wait()
        release.signal()
        try await client
        #expect(endless.outcome.value == .clientDisconnected)
    }

    @Test("HEAD gets the head of a streamed response and the body closure does not run")
    func headRequest() async throws {
        // Given a streamed response that records whether its body ran
        let server = try MockServer()
        defer { server.stop() }
        let ran = Locked(false)
        server.stub(method: .get, path: "/feed") { _ in
            .streaming(length: 3) { writer in
                ran.withLock { $0 = true }
                try await writer.write("abc")
            }
        }
        let port = server.port

        // When HEAD is sent, then GET on the same connection
        let (head, get) = try await onThread {
            let client = try RawClient(port: port)
            try client.write("HEAD /feed HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try client.readResponse(bodyExpected: false)
            try client.write("GET /feed HTTP/1.1\r\nHost: t\r\n\r\n")
            return (head, try client.readResponse())
        }

        // Then HEAD saw the length without a body, and GET the body
        #expect(head.headers["content-length"] == "3")
        #expect(head.body.isEmpty)
        #expect(get.text == "abc")
        #expect(ran.value)
    }

    @Test("URLSession reads a large streamed body and a dripped one whole")
    func urlSessionReadsStreams() async throws {
        // Given an 8 MiB body written in 64 KiB pieces and a small body dripped in 5 pieces
        let server = try MockServer()
        defer { server.stop() }
        let large = Data((0..<(8 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        server.stub(method: .get, path: "/large") { _ in
            .streaming(length: large.count) { writer in
                var offset = 0
                while offset < large.count {
                    try await writer.write(large[offset..<min(offset + 65_536, large.count)])
                    offset += 65_536
                }
            }
        }
        let small = Data("drip, drip, drip".utf8)
        server.stub(method: .get, path: "/drip") { _ in
            .drip(small, pieces: 5, interval: .milliseconds(1), framing: .chunked)
        }

        // When URLSession fetches both
        let (largeBody, largeResponse) = try await HTTP.send(HTTP.request(server, "large"))
        let (dripBody, _) = try await HTTP.send(HTTP.request(server, "drip"))

        // Then the bodies are intact
        #expect(largeResponse.statusCode == 200)
        #expect(largeBody == large)
        #expect(dripBody == small)
    }
}

/// A `GET /endless` stub that writes "tick" and then 64 KiB pieces until writing fails, keeping how
/// it stopped.
private struct EndlessStream {
    /// Opened once "tick" was handed to the connection.
    let firstSent = Latch()
    /// Opened when the writer returned.
    let stopped = Latch()
    /// The error that stopped the writer.
    let outcome = Locked<MockServerError?>(nil)

    init(on server: MockServer) {
        let (firstSent, stopped, outcome) = (firstSent, stopped, outcome)
        server.stub(method: .get, path: "/endless") { _ in
            .streaming { writer in
                defer { stopped.open() }
                do throws(MockServerError) {
                    try await writer.write("tick")
                    firstSent.open()
                    while true { try await writer.write(Data(repeating: 0x2E, count: 65_536)) }
                } catch {
                    outcome.withLock { $0 = error }
                }
            }
        }
    }
}
