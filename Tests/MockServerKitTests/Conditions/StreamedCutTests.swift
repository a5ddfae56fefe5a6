import Foundation
import InternalServiceUtilities
import MockServerKit
import ServiceUtilsTestSupport
import Testing

/// `closeAfter(bodyBytes:)` on a streamed chunked body, whatever the sizes of the written pieces
/// and whenever they come: the connection closes after exactly that many bytes of the chunked body.
@Suite("A streamed chunked body cut by closeAfter, in every order of writes")
struct StreamedCutTests {
    /// When the writer writes its pieces.
    enum Timing: String, Sendable, CaseIterable {
        /// All at once, as soon as it starts.
        case atOnce
        /// All at once, once the client has read the head.
        case afterHead
        /// Each one once the client has read what the pieces before it let out.
        case pieceByPiece
    }

    /// Pieces of given sizes and a cut, named for where the cut falls.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let pieces: [Int]
        let cut: Int

        /// The whole chunked body the pieces make, last chunk included.
        var encoded: Data {
            pieces.indices.map { Self.chunk($0, of: pieces) }.reduce(Data(), +) + Self.lastChunk
        }

        /// The bytes of the chunks of the pieces up to `index`, included.
        func encoded(through index: Int) -> Int { (0...index).map { Self.chunk($0, of: pieces).count }.reduce(0, +) }

        /// Whether every piece goes out whole, so the writer returns instead of hearing that the
        /// client is gone (the cut may still fall in the last chunk).
        var writerFinishes: Bool { cut > encoded.count - Self.lastChunk.count }

        private static var lastChunk: Data { Data("0\r\n\r\n".utf8) }

        /// The piece at `index`: its own letter, so a misplaced byte shows.
        static func piece(_ index: Int, size: Int) -> Data {
            Data(repeating: UInt8(ascii: "a") + UInt8(index % 26), count: size)
        }

        private static func chunk(_ index: Int, of pieces: [Int]) -> Data {
            let piece = piece(index, size: pieces[index])
            return Data("\(String(pieces[index], radix: 16))\r\n".utf8) + piece + Data("\r\n".utf8)
        }

        static let all = [
            Scenario(testDescription: "one piece larger than the cut", pieces: [1000], cut: 100),
            Scenario(
                testDescription: "small pieces, the cut inside one", pieces: Array(repeating: 10, count: 20), cut: 100),
            Scenario(testDescription: "the cut on a piece's end", pieces: Array(repeating: 10, count: 8), cut: 45),
            Scenario(testDescription: "the cut on the last piece's end", pieces: [10, 10], cut: 30),
            Scenario(testDescription: "the cut inside the last chunk", pieces: [10], cut: 17),
            Scenario(testDescription: "the cut on the last chunk's end", pieces: [10], cut: 20),
            Scenario(testDescription: "the writer finishes before the cut", pieces: [10, 20], cut: 100),
            Scenario(testDescription: "the cut at 0 bytes", pieces: [10], cut: 0),
        ]
    }

    @Test("the connection closes after exactly the cut's bytes", arguments: Scenario.all, Timing.allCases)
    func cut(scenario: Scenario, timing: Timing) async throws {
        // Given a server streaming the scenario's pieces, each after its gate when the timing says so
        let server = try MockServer()
        defer { server.stop() }
        let gates = scenario.pieces.map { _ in Latch() }
        let outcome = Locked<String?>(nil)
        let done = Latch()
        let pieces = scenario.pieces
        server.stub(method: .get, path: "/cut") { _ in
            .streaming { writer in
                do {
                    for (index, size) in pieces.enumerated() {
                        if timing == .pieceByPiece || (timing == .afterHead && index == 0) { await gates[index].wait() }
                        try await writer.write(Scenario.piece(index, size: size))
                    }
                    outcome.withLock { $0 = "finished" }
                } catch {
                    outcome.withLock { $0 = "\(error)" }
                }
                done.open()
            }
            .with(.closeAfter(bodyBytes: scenario.cut))
        }
        let port = server.port

        // When a raw client reads the head, then opens each gate once it has what came before
        let (head, body, end) = try await onThread {
            defer { for gate in gates { gate.open() } }
            let client = try RawClient(port: port, timeout: 10)
            try client.write("GET /cut HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try client.read(through: "\r\n\r\n")
            var body = Data()
            for index in gates.indices {
                gates[index].open()
                if timing == .pieceByPiece {
                    body += try client.read(count: min(scenario.encoded(through: index), scenario.cut) - body.count)
                }
            }
            let (rest, end) = try client.readToEnd()
            return (head, body + rest, end)
        }
        await done.wait()

        // Then the chunked body stopped after exactly the cut's bytes, the server closed, and the
        // writer heard of it unless it had returned before
        #expect(head.contains("Transfer-Encoding: chunked"))
        #expect(body == scenario.encoded.prefix(scenario.cut))
        #expect(end == .closed)
        #expect((outcome.value == "finished") == scenario.writerFinishes, "\(String(describing: outcome.value))")
    }
}
