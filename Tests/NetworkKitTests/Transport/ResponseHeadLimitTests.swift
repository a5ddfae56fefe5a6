import Foundation
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response head larger than libcurl reads, through both transports (libcurl's, and on Linux
/// FoundationNetworking's URLSession, which runs the same libcurl): a typed
/// ``HTTPError/TransferFailureReason/responseHeadTooLarge(limit:)`` naming the bound it went over,
/// where libcurl says "out of memory" or "too large response headers".
@Suite("A response head over libcurl's bounds is responseHeadTooLarge on both transports")
struct ResponseHeadLimitTests {
    static let engines = [BuiltInTransport.libcurl, .urlSession]

    /// A head with too much in it, and the bound libcurl holds it to.
    enum Oversize: String, CaseIterable, Sendable {
        /// One field of 2 MiB: over the 100 KiB a header line may take.
        case oneLargeField
        /// 400 fields of 1,000 bytes: each line fits, the section (300 KiB at most) does not.
        case manyFields

        var head: String {
            switch self {
            case .oneLargeField:
                "HTTP/1.1 200 OK\r\nX-Large: \(String(repeating: "a", count: 2 << 20))\r\n"
            case .manyFields:
                "HTTP/1.1 200 OK\r\n"
                    + (0..<400).map { "X-Field-\($0): \(String(repeating: "b", count: 1000))\r\n" }.joined()
            }
        }

        var limit: Int {
            switch self {
            case .oneLargeField: 102_400
            case .manyFields: 307_200
            }
        }

        /// The whole answer: the head, then a small body.
        var reply: Data { Data((head + "Content-Length: 2\r\n\r\nok").utf8) }
    }

    @Test("sent, a head over a bound is responseHeadTooLarge naming it", arguments: engines, Oversize.allCases)
    func send(engine: BuiltInTransport, oversize: Oversize) async throws {
        // Given a server answering with the oversized head
        let server = try RawReplyServer(reply: oversize.reply)
        defer { server.stop() }
        let client = HTTPClient { $0.transport = engine }
        let request = URLRequest(url: server.url("large-head"))

        // When the client asks it
        let error = await #expect(throws: HTTPError.self) { try await client.send(request) }

        // Then the error is the typed reason with libcurl's bound, said in words
        let expected = HTTPError.transferFailed(
            HTTPError.TransferFailure(
                request: HTTPError.RequestSummary(request), reason: .responseHeadTooLarge(limit: oversize.limit)))
        #expect(error == expected, "\(String(describing: error)) on \(client.transportName)")
        #expect(
            error?.description
                == "GET \(server.url("large-head")): the response's header section is larger than \(oversize.limit) bytes"
        )
    }

    @Test("downloaded, a head over a bound is responseHeadTooLarge and leaves no file", arguments: engines)
    func download(engine: BuiltInTransport) async throws {
        // Given a server answering with a 2 MiB field, and a folder to download into
        let server = try RawReplyServer(reply: Oversize.oneLargeField.reply)
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let client = HTTPClient { $0.transport = engine }

        // When the client downloads from it
        let error = await #expect(throws: HTTPError.self) {
            try await client.download(URLRequest(url: server.url("large-head")), to: folder.file("file.bin"))
        }

        // Then the typed reason says so, and nothing was left in the folder
        #expect(error?.transferFailure?.reason == .responseHeadTooLarge(limit: 102_400), "\(String(describing: error))")
        #expect(folder.contents.isEmpty, "\(folder.contents)")
    }

    @Test("a head just under both bounds is read whole")
    func underTheBounds() async throws {
        // Given a server answering with a 100,000-byte field among 200 fields of 1,000 bytes
        let head =
            "HTTP/1.1 200 OK\r\nX-Large: \(String(repeating: "a", count: 100_000))\r\n"
            + (0..<200).map { "X-Field-\($0): \(String(repeating: "b", count: 1000))\r\n" }.joined()
        let server = try RawReplyServer(reply: Data((head + "Content-Length: 2\r\n\r\nok").utf8))
        defer { server.stop() }

        for engine in Self.engines {
            // When each transport asks it
            let client = HTTPClient { $0.transport = engine }
            let response = try await client.send(URLRequest(url: server.url("head")))

            // Then the whole head and the body arrived
            #expect(response.headers["X-Large"]?.count == 100_000, "\(client.transportName)")
            #expect(response.headers["X-Field-199"]?.count == 1000, "\(client.transportName)")
            #expect(response.text == "ok")
        }
    }
}
