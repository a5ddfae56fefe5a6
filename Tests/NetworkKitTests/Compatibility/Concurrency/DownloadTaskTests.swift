import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Alamofire's `DownloadTask` (`serializingDownloadedFileURL`, `serializingDecodable`, …), end to end
/// against MockServer.
@Suite("DownloadTask: Alamofire's async serializing forms of DownloadRequest")
struct DownloadTaskTests {
    struct Item: Codable, Sendable, Equatable {
        var id: Int
    }

    static func session(temporaryFiles folder: TestFolder) -> Session {
        Session(client: HTTPClient { $0.temporaryDirectory = folder.url })
    }

    static func server(release: Latch = Latch()) throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .get, path: "/item") { _ in .json(data: Data(#"{"id":9}"#.utf8)) }
        server.stub(method: .get, path: "/missing") { _ in
            MockResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("not here".utf8))
        }
        server.stub(method: .get, path: "/held") { _ in
            .streaming(headers: ["Content-Type": "text/plain"]) { writer in
                await release.wait()
                try await writer.write("late")
            }
        }
        return server
    }

    @Test("the file's URL, bytes, text and decoded value are awaited")
    func values() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let session = Self.session(temporaryFiles: folder)
        let destination = folder.file("item.json")

        // When a download to a destination is awaited in each form
        let fileURL = try await session.download(
            server.url("item"), to: { _, _ in (destination, [.removePreviousFile]) }
        )
        .serializingDownloadedFileURL().value
        let data = try await session.download(server.url("item")).serializingData().value
        let text = try await session.download(server.url("item")).serializingString().value
        let item = try await session.download(server.url("item")).serializingDecodable(Item.self).value
        let dotted = try await session.download(server.url("item")).serializingDownload(using: .string).value

        // Then each tells the file the server sent
        #expect(fileURL == destination)
        #expect(try Data(contentsOf: destination) == Data(#"{"id":9}"#.utf8))
        #expect(data == Data(#"{"id":9}"#.utf8))
        #expect(text == #"{"id":9}"#)
        #expect(dotted == text)
        #expect(item == Item(id: 9))
    }

    @Test("a failed validation throws; the response keeps the status and the file")
    func failure() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let session = Self.session(temporaryFiles: folder)
        let task = session.download(server.url("missing")).validate().serializingString()

        await #expect(throws: AFError.self) { try await task.value }
        let response = await task.response
        #expect(response.error?.responseCode == 404)
        let fileURL = try #require(response.fileURL)
        #expect(try String(contentsOf: fileURL, encoding: .utf8) == "not here")
    }

    @Test("cancelling the awaiting task cancels the download")
    func cancellation() async throws {
        let release = Latch()
        let server = try Self.server(release: release)
        defer {
            release.open()
            server.stop()
        }
        let folder = try TestFolder()
        defer { folder.remove() }
        let session = Self.session(temporaryFiles: folder)
        let request = session.download(server.url("held"))
        let task = request.serializingDownloadedFileURL()

        let waiting = Task { await task.result }
        try await Task.sleep(for: .milliseconds(100))
        waiting.cancel()

        #expect(await waiting.value.error?.isExplicitlyCancelledError == true)
        #expect(request.isCancelled)
    }
}
