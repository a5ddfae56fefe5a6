import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Resuming downloads from the bytes on disk with `Range` and `If-Range`.
@Suite("Download resume")
struct ResumeTests {
    // Computed, not stored: LeakSanitizer cannot follow the tagged reference inside a `Data` kept in a
    // global, and would report the bytes as leaked at exit. The seed makes every call the same bytes.
    private static var content: Data { testBytes(200_000) }
    private static let entityTag = "\"v1\""

    /// Leaves `bytes` and their description where an interrupted download of `url` to `destination`
    /// leaves them (the documented `<destination>.partial` and `<destination>.partial.json`).
    private func leavePartial(
        _ bytes: Data, of url: URL, at destination: URL, entityTag: String? = ResumeTests.entityTag,
        lastModified: String? = nil, total: Int? = ResumeTests.content.count
    ) throws {
        try bytes.write(to: URL(fileURLWithPath: destination.path + ".partial"))
        var description: [String: Any] = ["url": url.absoluteString]
        if let entityTag { description["entityTag"] = entityTag }
        if let lastModified { description["lastModified"] = lastModified }
        if let total { description["totalBytes"] = total }
        try JSONSerialization.data(withJSONObject: description).write(
            to: URL(fileURLWithPath: destination.path + ".partial.json"))
    }

    /// A server serving `content` with ranges under `/file`.
    private func rangedServer(_ content: Data = ResumeTests.content, entityTag: String = ResumeTests.entityTag)
        throws -> MockServer
    {
        let server = try MockServer()
        server.stub(method: .get, path: "/file") { request in .ranged(content, for: request, entityTag: entityTag) }
        return server
    }

    @Test("a partial file is continued with Range and If-Range; only the rest is sent")
    func resumesWithRange() async throws {
        // Given 50,000 bytes of the file on disk with its ETag
        let server = try rangedServer()
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let destination = folder.file("f")
        try leavePartial(Self.content.prefix(50_000), of: server.url("file"), at: destination)
        let progress = ProgressLog()

        // When it is downloaded with .resume
        let file = try await HTTPClient().download(
            ServerRoute(server, "file"), to: destination, options: .resume, progress: progress.handler)

        // Then only the rest was asked for, with the validator, and the file is whole
        let request = try #require(server.requests.last)
        #expect(request.headers["Range"] == "bytes=50000-")
        #expect(request.headers["If-Range"] == Self.entityTag)
        #expect(file.response.statusCode == 206)
        #expect(file.resumedFrom == 50_000 && file.restartReason == nil)
        #expect(try Data(contentsOf: destination) == Self.content)
        #expect(folder.contents == ["f"])
        #expect(progress.all.first?.completedBytes == 50_000)
        #expect(progress.isMonotonicAndComplete)
    }

    @Test("a file that changed on the server (If-Range no longer matches) restarts from zero and says so")
    func changedFileRestarts() async throws {
        // Given bytes of the old version on disk and a server now serving a new one
        let changed = testBytes(120_000, seed: 99)
        let server = try rangedServer(changed, entityTag: "\"v2\"")
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let destination = folder.file("f")
        try leavePartial(Self.content.prefix(50_000), of: server.url("file"), at: destination)

        // When it is downloaded with .resume
        let file = try await HTTPClient().download(ServerRoute(server, "file"), to: destination, options: .resume)

        // Then the whole new version came with 200, and nothing old was appended to it
        #expect(file.response.statusCode == 200)
        #expect(file.restartReason == .rangeIgnored && file.resumedFrom == 0)
        #expect(try Data(contentsOf: destination) == changed)
    }

    @Test("a server that ignores Range restarts from zero")
    func ignoredRange() async throws {
        // Given a server answering 200 to everything
        let server = try MockServer()
        defer { server.stop() }
        let content = Self.content
        server.stub(method: .get, path: "/file") { _ in MockResponse(status: 200, body: content) }
        let folder = try TestFolder()
        defer { folder.remove() }
        let destination = folder.file("f")
        try leavePartial(Self.content.prefix(1_000), of: server.url("file"), at: destination)

        // When resumed
        let file = try await HTTPClient().download(ServerRoute(server, "file"), to: destination, options: .resume)

        // Then the file is the whole body, once
        #expect(file.restartReason == .rangeIgnored)
        #expect(try Data(contentsOf: destination) == Self.content)
    }

    @Test("a 206 with the wrong Content-Range fails without touching the bytes on disk")
    func wrongContentRange() async throws {
        // Given a server that answers every range with the first bytes
        let server = try MockServer()
        defer { server.stop() }
        let content = Self.content
        server.stub(method: .get, path: "/file") { _ in
            MockResponse(
                status: 206, headers: ["Content-Range": "bytes 0-99/\(content.count)", "ETag": Self.entityTag],
                body: content.prefix(100))
        }
        let folder = try TestFolder()
        defer { folder.remove() }
        let destination = folder.file("f")
        let onDisk = Self.content.prefix(50_000)
        try leavePartial(onDisk, of: server.url("file"), at: destination)
        let description = try Data(contentsOf: URL(fileURLWithPath: destination.path + ".partial.json"))

        // When resumed
        let error = await #expect(throws: HTTPError.self) {
            try await HTTPClient().download(ServerRoute(server, "file"), to: destination, options: .resume)
        }

        // Then the error names both ranges and the partial file and its description are unchanged
        #expect(
            error?.transferFailure?.reason
                == .unexpectedContentRange(expectedStart: 50_000, received: "bytes 0-99/200000"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination.path + ".partial")) == onDisk)
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination.path + ".partial.json")) == description)
    }

    @Test("416: bytes on disk that already are the whole file finish it; a shorter file restarts")
    func rangeNotSatisfiable() async throws {
        // Given the whole file on disk, not yet moved to its destination
        let server = try rangedServer()
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let whole = folder.file("whole")
        try leavePartial(Self.content, of: server.url("file"), at: whole)

        // When resumed, the server's 416 names the same length: the file is done
        let done = try await HTTPClient().download(ServerRoute(server, "file"), to: whole, options: .resume)
        #expect(done.resumedFrom == Int64(Self.content.count) && done.restartReason == nil)
        #expect(try Data(contentsOf: whole) == Self.content)

        // Given more bytes on disk than the file now has
        let longer = folder.file("longer")
        try leavePartial(Self.content + Data(count: 10), of: server.url("file"), at: longer, total: nil)

        // When resumed, the 416 makes it start again from zero
        let restarted = try await HTTPClient().download(ServerRoute(server, "file"), to: longer, options: .resume)
        #expect(restarted.restartReason == .rangeNotSatisfiable && restarted.resumedFrom == 0)
        #expect(try Data(contentsOf: longer) == Self.content)
        #expect(folder.contents == ["longer", "whole"])
    }

    @Test("a partial file described for another URL, or without .resume, is never continued")
    func unusablePartial() async throws {
        // Given bytes on disk described as coming from another URL
        let server = try rangedServer()
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let destination = folder.file("f")
        try leavePartial(Data(count: 50_000), of: server.url("other"), at: destination)

        // When resumed
        let file = try await HTTPClient().download(ServerRoute(server, "file"), to: destination, options: .resume)

        // Then nothing was appended to them: the download started from zero and says why
        #expect(server.requests.last?.headers["Range"] == nil)
        #expect(file.restartReason == .partialFileUnusable)
        #expect(try Data(contentsOf: destination) == Self.content)

        // And without .resume a valid partial file is discarded
        let second = folder.file("g")
        try leavePartial(Data(count: 50_000), of: server.url("file"), at: second)
        _ = try await HTTPClient().download(ServerRoute(server, "file"), to: second)
        #expect(server.requests.last?.headers["Range"] == nil)
        #expect(try Data(contentsOf: second) == Self.content)
    }

    @Test("Last-Modified is the validator when there is no strong ETag")
    func lastModifiedValidator() async throws {
        // Given a server with only a weak ETag and a Last-Modified date
        let date = "Tue, 15 Nov 1994 12:45:26 GMT"
        let server = try MockServer()
        defer { server.stop() }
        let content = Self.content
        server.stub(method: .get, path: "/file") { request in
            var response = MockResponse.ranged(content, for: request, lastModified: date)
            response.headers["ETag"] = "W/\"weak\""
            return response
        }
        let folder = try TestFolder()
        defer { folder.remove() }
        let destination = folder.file("f")
        try leavePartial(
            Self.content.prefix(70_000), of: server.url("file"), at: destination, entityTag: nil, lastModified: date)

        // When resumed
        let file = try await HTTPClient().download(ServerRoute(server, "file"), to: destination, options: .resume)

        // Then If-Range carried the date and the rest was appended
        #expect(server.requests.last?.headers["If-Range"] == date)
        #expect(file.resumedFrom == 70_000)
        #expect(try Data(contentsOf: destination) == Self.content)
    }

    @Test("RetryPolicy's retry of a cut download continues from the bytes already written")
    func retryResumes() async throws {
        // Given a server that cuts the first response after 80,000 bytes and serves ranges afterwards
        let server = try MockServer()
        defer { server.stop() }
        let content = Self.content
        let first = Locked(true)
        server.stub(method: .get, path: "/file") { request in
            guard
                first.withLock({ state in
                    defer { state = false }
                    return state
                })
            else {
                return .ranged(content, for: request, entityTag: Self.entityTag)
            }
            return .streaming(headers: ["ETag": Self.entityTag], length: content.count) { writer in
                try await writer.write(content.prefix(80_000))
            }
        }
        let folder = try TestFolder()
        defer { folder.remove() }
        let client = HTTPClient {
            $0.retriers = [RetryPolicy()]
            $0.sleep = { _ in }
        }

        // When it is downloaded (without .resume: retries within one call always continue)
        let file = try await client.download(ServerRoute(server, "file"), to: folder.file("f"))

        // Then the second attempt asked for the rest and the file is whole
        #expect(file.response.attempts == 2)
        #expect(server.requests.last?.headers["Range"] == "bytes=80000-")
        #expect(file.resumedFrom == 80_000)
        #expect(try Data(contentsOf: file.fileURL) == content)
    }

    @Test("cancelling a resumed download keeps every byte for the next resume")
    func cancelResumed() async throws {
        // Given a partial file and a server that holds the rest after 10,000 more bytes
        let server = try MockServer()
        defer { server.stop() }
        let content = Self.content
        let rest = Latch()
        defer { rest.open() }
        server.stub(method: .get, path: "/file") { _ in
            let tail = content.dropFirst(50_000)
            return .streaming(
                status: 206,
                headers: [
                    "ETag": Self.entityTag, "Content-Range": "bytes 50000-\(content.count - 1)/\(content.count)",
                ],
                length: tail.count
            ) { writer in
                try await writer.write(tail.prefix(10_000))
                await rest.wait()
                try await writer.write(tail.dropFirst(10_000))
            }
        }
        let folder = try TestFolder()
        defer { folder.remove() }
        let destination = folder.file("f")
        try leavePartial(Self.content.prefix(50_000), of: server.url("file"), at: destination)
        let progress = ProgressLog(threshold: 60_000)
        let client = HTTPClient()

        // When the resume is cancelled after more bytes arrived
        // Then it is .cancelled and the partial file holds the first 60,000 bytes
        let cancelled = await cancelOnceBytesMove(progress) {
            try await client.download(
                ServerRoute(server, "file"), to: destination, options: .resume, progress: progress.handler)
        }
        guard cancelled else { return }
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination.path + ".partial")) == content.prefix(60_000))
        #expect(folder.contents == ["f.partial", "f.partial.json"])
    }
}
