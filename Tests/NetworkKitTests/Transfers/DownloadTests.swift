import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Downloads to a file")
struct DownloadTests {
    @Test("a body is streamed to the destination; progress is monotonic and ends at the total")
    func downloadsToFile() async throws {
        // Given a server with a 3 MiB file sent in 64 KiB pieces
        let server = try MockServer()
        defer { server.stop() }
        let content = testBytes(3 << 20)
        server.stub(method: .get, path: "/file") { _ in .drip(content, pieces: 48, interval: .zero) }
        let folder = try TestFolder()
        defer { folder.remove() }
        let progress = ProgressLog()

        // When it is downloaded
        let file = try await HTTPClient().download(
            ServerRoute(server, "file"), to: folder.file("file.bin"), progress: progress.handler)

        // Then the file holds the body, nothing else is left, and progress ran from 0 to the size
        #expect(try Data(contentsOf: file.fileURL) == content)
        #expect(file.fileURL == folder.file("file.bin"))
        #expect(file.byteCount == Int64(content.count))
        #expect(file.resumedFrom == 0 && file.restartReason == nil)
        #expect(file.response.statusCode == 200 && file.response.body.isEmpty)
        #expect(folder.contents == ["file.bin"])
        #expect(progress.isMonotonicAndComplete)
        #expect(progress.all.first?.completedBytes == 0)
        #expect(progress.all.allSatisfy { $0.totalBytes == Int64(content.count) })
    }

    @Test("without Content-Length the total is unknown until the end")
    func unknownLength() async throws {
        // Given a chunked body
        let server = try MockServer()
        defer { server.stop() }
        let content = testBytes(600_000)
        server.stub(method: .get, path: "/chunked") { _ in
            .drip(content, pieces: 10, interval: .zero, framing: .chunked)
        }
        let folder = try TestFolder()
        defer { folder.remove() }
        let progress = ProgressLog()

        // When it is downloaded
        let file = try await HTTPClient().download(
            ServerRoute(server, "chunked"), to: folder.file("out"), progress: progress.handler)

        // Then the total was nil before the last update, which names the size
        #expect(try Data(contentsOf: file.fileURL) == content)
        #expect(progress.all.dropLast().allSatisfy { $0.totalBytes == nil })
        #expect(progress.all.last == TransferProgress(completedBytes: 600_000, totalBytes: 600_000))
    }

    @Test("an unacceptable status fails with its body and leaves no file")
    func failedValidation() async throws {
        // Given a 404 with a body, and an Accept the answer does not match
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/missing") { _ in .text("no such file", status: 404) }
        server.stub(method: .get, path: "/text") { _ in .text("plain") }
        let folder = try TestFolder()
        defer { folder.remove() }

        // When both are downloaded
        let client = HTTPClient()
        let missing = await #expect(throws: HTTPError.self) {
            try await client.download(ServerRoute(server, "missing"), to: folder.file("a"))
        }
        let typed = await #expect(throws: HTTPError.self) {
            try await client.download(
                ServerRoute(server, "text", headers: [.accept("application/json")]), to: folder.file("b"))
        }

        // Then the errors are typed, the 404's body is kept, and the folder is empty
        #expect(missing?.statusCode == 404)
        #expect(missing?.responseBody == Data("no such file".utf8))
        guard case .unacceptableContentType = typed else { throw HTTPError.invalidURL(.missingURL) }
        #expect(folder.contents.isEmpty)
    }

    @Test("an existing destination is refused unless replaced; missing folders only with createFolders")
    func destinationOptions() async throws {
        // Given a server and a destination that already exists
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/file") { _ in .text("new") }
        let folder = try TestFolder()
        defer { folder.remove() }
        let existing = folder.file("existing.txt")
        try Data("old".utf8).write(to: existing)
        let client = HTTPClient()
        let route = ServerRoute(server, "file")

        // When it is downloaded without and with replaceExisting
        let refused = await #expect(throws: HTTPError.self) { try await client.download(route, to: existing) }
        let untouched = try String(contentsOf: existing, encoding: .utf8)
        _ = try await client.download(route, to: existing, options: .replaceExisting)

        // Then the first was refused before sending and the second replaced the file
        #expect(refused?.transferFailure?.reason == .destinationExists(path: existing.path))
        #expect(untouched == "old")
        #expect(try String(contentsOf: existing, encoding: .utf8) == "new")
        #expect(server.requests.count == 1)

        // And a nested destination needs createFolders
        let nested = folder.file("a/b/c.txt")
        let noFolder = await #expect(throws: HTTPError.self) { try await client.download(route, to: nested) }
        guard case .cannotWrite? = noFolder?.transferFailure?.reason else { throw HTTPError.invalidURL(.missingURL) }
        _ = try await client.download(route, to: nested, options: .createFolders)
        #expect(try String(contentsOf: nested, encoding: .utf8) == "new")
        #expect(folder.contents == ["a", "a/b", "a/b/c.txt", "existing.txt"])
    }

    @Test("adapters, RetryPolicy and event monitors apply to every attempt")
    func sharesInterceptors() async throws {
        // Given a server that answers 503 once, then the file to requests carrying a token
        let server = try MockServer()
        defer { server.stop() }
        let attempts = Locked(0)
        server.stub(method: .get, path: "/file") { request in
            guard request.headers["Authorization"] == "Bearer t0k3n" else { return .status(401) }
            let attempt = attempts.withLock { count -> Int in
                count += 1
                return count
            }
            return attempt == 1 ? MockResponse(status: 503, headers: ["Retry-After": "0"]) : .text("payload")
        }
        let recorder = AttemptRecorder()
        let client = HTTPClient {
            $0.adapters = [.header(.authorization(bearerToken: "t0k3n"))]
            $0.retriers = [RetryPolicy()]
            $0.eventMonitors = [recorder]
            $0.sleep = { _ in }
        }
        let folder = try TestFolder()
        defer { folder.remove() }

        // When the file is downloaded
        let file = try await client.download(ServerRoute(server, "file"), to: folder.file("f"))

        // Then the second attempt got it, and the monitor saw both
        #expect(try String(contentsOf: file.fileURL, encoding: .utf8) == "payload")
        #expect(file.response.attempts == 2)
        #expect(recorder.count == 2)
        #expect(folder.contents == ["f"])
    }
}
