import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Faults while downloading: each ends in a typed error, keeps what can be resumed and touches
/// nothing else.
@Suite("Download faults")
struct DownloadFaultTests {
    private static let entityTag = "\"abc\""

    @Test("a Content-Length larger than what arrives is a transport error; the bytes are kept to resume")
    func shortBody() async throws {
        // Given a server announcing 100 KiB with an ETag and sending 40 KiB before closing
        let server = try MockServer()
        defer { server.stop() }
        let content = testBytes(100 * 1024)
        server.stub(method: .get, path: "/file") { _ in
            .streaming(headers: ["ETag": Self.entityTag], length: content.count) { writer in
                try await writer.write(content.prefix(40 * 1024))
            }
        }
        let folder = try TestFolder()
        defer { folder.remove() }

        // When it is downloaded
        let error = await #expect(throws: HTTPError.self) {
            try await HTTPClient().download(ServerRoute(server, "file"), to: folder.file("f"))
        }

        // Then the connection loss is reported and the 40 KiB wait beside the destination
        #expect(error?.urlErrorCode == .networkConnectionLost)
        #expect(folder.contents == ["f.partial", "f.partial.json"])
        #expect(try Data(contentsOf: folder.file("f.partial")) == content.prefix(40 * 1024))
    }

    @Test("a chunked body cut mid-chunk is a transport error; without a validator nothing is kept")
    func cutMidChunk() async throws {
        // Given a chunked body whose second chunk is cut short
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/file") { _ in
            .streaming { writer in
                try await writer.write(testBytes(10_000))
                try await writer.writeUnframed(Data("2000\r\nonly a little".utf8))
                await writer.cut()
            }
        }
        let folder = try TestFolder()
        defer { folder.remove() }

        // When it is downloaded
        let error = await #expect(throws: HTTPError.self) {
            try await HTTPClient().download(ServerRoute(server, "file"), to: folder.file("f"))
        }

        // Then the error is a transport error and the folder is empty
        #expect(error?.urlErrorCode != nil)
        #expect(folder.contents.isEmpty)
    }

    @Test("cancelling mid-body ends with .cancelled and keeps the bytes for a resume")
    func cancelledMidBody() async throws {
        // Given a server that sends 256 KiB of 1 MiB and holds the rest until released
        let server = try MockServer()
        defer { server.stop() }
        let content = testBytes(1 << 20)
        let rest = Latch()
        server.stub(method: .get, path: "/file") { request in
            if request.headers["Range"] != nil { return .ranged(content, for: request, entityTag: Self.entityTag) }
            return .streaming(headers: ["ETag": Self.entityTag], length: content.count) { writer in
                try await writer.write(content.prefix(256 * 1024))
                await rest.wait()
                try await writer.write(content.dropFirst(256 * 1024))
            }
        }
        defer { rest.open() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let progress = ProgressLog()
        let client = HTTPClient()

        // When the download is cancelled once bytes arrived
        // Then it failed as cancelled, with a resumable partial file
        let cancelled = await cancelOnceBytesMove(progress) {
            try await client.download(ServerRoute(server, "file"), to: folder.file("f"), progress: progress.handler)
        }
        guard cancelled else { return }
        #expect(folder.contents == ["f.partial", "f.partial.json"])

        // And a resume finishes the file from there
        let resumed = try await client.download(ServerRoute(server, "file"), to: folder.file("f"), options: .resume)
        #expect(resumed.resumedFrom > 0)
        #expect(try Data(contentsOf: resumed.fileURL) == content)
        #expect(folder.contents == ["f"])
    }

    @Test("a second download to a destination being written fails at once and touches nothing")
    func concurrentDownloads() async throws {
        // Given a download held by the server after its first bytes
        let server = try MockServer()
        defer { server.stop() }
        let content = testBytes(200_000)
        let rest = Latch()
        defer { rest.open() }
        server.stub(method: .get, path: "/file") { _ in
            .streaming(headers: ["ETag": Self.entityTag], length: content.count) { writer in
                try await writer.write(content.prefix(50_000))
                await rest.wait()
                try await writer.write(content.dropFirst(50_000))
            }
        }
        let folder = try TestFolder()
        defer { folder.remove() }
        let progress = ProgressLog()
        let client = HTTPClient()
        let first = Task {
            try await client.download(ServerRoute(server, "file"), to: folder.file("f"), progress: progress.handler)
        }
        await progress.firstBytes.wait()

        // When another download to the same destination starts
        let error = await #expect(throws: HTTPError.self) {
            try await client.download(ServerRoute(server, "file"), to: folder.file("f"), options: .resume)
        }

        // Then it is refused without a request, and the first one finishes intact
        #expect(
            error?.transferFailure?.reason
                == .cannotWrite(path: folder.file("f.partial").path, reason: "another download is writing it"))
        #expect(server.requests.count == 1)
        rest.open()
        let file = try await first.value
        #expect(try Data(contentsOf: file.fileURL) == content)
        #expect(folder.contents == ["f"])
    }

    @Test("a full disk is diskFull; the bytes written stay for a resume and nothing else is left")
    func diskFull() async throws {
        // Given a 1 MiB volume and a 3 MiB file with an ETag
        let mount = try await TemporaryMount(size: "1m")
        let server = try MockServer()
        defer { server.stop() }
        let content = testBytes(3 << 20)
        server.stub(method: .get, path: "/file") { request in
            .ranged(content, for: request, entityTag: Self.entityTag)
        }
        let destination = mount.url.appendingPathComponent("big.bin")

        // When it is downloaded there
        let error = await #expect(throws: HTTPError.self) {
            try await HTTPClient().download(ServerRoute(server, "file"), to: destination)
        }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: mount.url.path))?.sorted()
        let partial = try? Data(contentsOf: URL(fileURLWithPath: destination.path + ".partial"))
        await mount.unmount()

        // Then the disk is named full and the partial file is a prefix of the content
        #expect(error?.transferFailure?.reason == .diskFull(path: destination.path + ".partial"))
        #expect(left == ["big.bin.partial", "big.bin.partial.json"])
        #expect((partial?.count ?? 0) > 0)
        #expect(partial.map { content.starts(with: $0) } == true)
    }

    @Test("a read-only folder is cannotWrite before anything is sent")
    func readOnlyFolder() async throws {
        // Given a read-only volume
        let mount = try await TemporaryMount(size: "1m", readOnly: true)
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/file") { _ in .text("x") }

        // When a download targets it
        let error = await #expect(throws: HTTPError.self) {
            try await HTTPClient().download(ServerRoute(server, "file"), to: mount.url.appendingPathComponent("f"))
        }
        await mount.unmount()

        // Then it failed on the partial file, and the server never saw a request
        guard case .cannotWrite(let path, _)? = error?.transferFailure?.reason else {
            Issue.record("expected cannotWrite, got \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix("/f.partial"))
        #expect(server.requests.isEmpty)
    }

    @Test("a destination that cannot be replaced at the end is cannotWrite; the bytes stay for a resume")
    func unreplaceableDestination() async throws {
        // Given a destination that is a folder with a file in it
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/file") { request in
            .ranged(Data("content".utf8), for: request, entityTag: Self.entityTag)
        }
        let folder = try TestFolder()
        defer { folder.remove() }
        let destination = folder.file("d")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: destination.appendingPathComponent("inner"))

        // When it is downloaded with replaceExisting
        let error = await #expect(throws: HTTPError.self) {
            try await HTTPClient().download(ServerRoute(server, "file"), to: destination, options: .replaceExisting)
        }

        // Then the move failed, the folder is intact and the finished bytes wait beside it
        guard case .cannotWrite(let path, _)? = error?.transferFailure?.reason else {
            Issue.record("expected cannotWrite, got \(String(describing: error))")
            return
        }
        #expect(path == destination.path)
        #expect(folder.contents == ["d", "d.partial", "d.partial.json", "d/inner"])
        #expect(try Data(contentsOf: folder.file("d.partial")) == Data("content".utf8))
    }
}
