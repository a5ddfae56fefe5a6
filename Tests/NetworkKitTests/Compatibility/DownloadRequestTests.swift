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

/// Alamofire's `DownloadRequest` over `HTTPClient.download`, end to end against MockServer.
@Suite("DownloadRequest: Alamofire's downloads to a file over HTTPClient")
struct DownloadRequestTests {
    private static let entityTag = "\"v1\""
    private static var content: Data { testBytes(300_000) }

    let queue = DispatchQueue(label: "DownloadRequestTests")

    /// A session whose temporary files go to `folder`.
    static func session(temporaryFiles folder: TestFolder, interceptor: (any RequestInterceptor)? = nil) -> Session {
        let client = HTTPClient {
            $0.temporaryDirectory = folder.url
            $0.validatesContentType = false
        }
        return Session(client: client, interceptor: interceptor)
    }

    /// A server with `/file` (the content, ranges honoured) and `/missing` (404 with a text body).
    static func server() throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .get, path: "/file") { request in
            .ranged(Self.content, for: request, entityTag: Self.entityTag, contentType: "application/octet-stream")
        }
        server.stub(method: .get, path: "/missing") { _ in
            MockResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("not here".utf8))
        }
        return server
    }

    func response(_ request: DownloadRequest) async -> AFDownloadResponse<URL?> {
        await withCheckedContinuation { continuation in
            request.response(queue: queue) { continuation.resume(returning: $0) }
        }
    }

    @Test("a download lands at its destination, creating its folders, and replaces a file only when told")
    func landsAtDestination() async throws {
        // Given a destination in folders that do not exist yet
        let server = try Self.server()
        defer { server.stop() }
        let temporary = try TestFolder()
        defer { temporary.remove() }
        let target = try TestFolder()
        defer { target.remove() }
        let destinationURL = target.file("a/b/report.bin")
        let seen = Locked<(temporary: URL?, status: Int?)>((nil, nil))
        let destination: DownloadRequest.Destination = { temporaryURL, response in
            seen.withLock { $0 = (temporaryURL, response.statusCode) }
            return (destinationURL, [.createIntermediateDirectories, .removePreviousFile])
        }
        let progressed = Locked(false)
        let session = Self.session(temporaryFiles: temporary)

        // When it is downloaded
        let request = session.download(server.url("file"), to: destination)
            .downloadProgress(queue: queue) { progress in
                if progress.fractionCompleted >= 1 { progressed.withLock { $0 = true } }
            }
        let response = await response(request)

        // Then the file is at the destination, whole, and nothing is left in the temporary folder
        #expect(response.error == nil)
        #expect(response.fileURL == destinationURL)
        #expect(response.value == destinationURL)
        #expect(try Data(contentsOf: destinationURL) == Self.content)
        #expect(seen.value.status == 200)
        let folder = seen.value.temporary?.deletingLastPathComponent().standardizedFileURL
        #expect(folder == temporary.url.standardizedFileURL)
        #expect(temporary.contents.isEmpty)
        #expect(request.downloadProgress.completedUnitCount == Int64(Self.content.count))
        #expect(response.response?.statusCode == 200)
        #expect(request.isFinished)
        // And the progress handler saw it complete (its queue runs in order, after the last update)
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
        #expect(progressed.value)

        // And a second download replaces the file with .removePreviousFile, while one without it fails
        let again = await self.response(session.download(server.url("file"), to: destination))
        #expect(again.error == nil)
        let refused = await self.response(session.download(server.url("file"), to: { _, _ in (destinationURL, []) }))
        #expect(refused.error?.isDownloadedFileMoveError == true)
        #expect(try Data(contentsOf: destinationURL) == Self.content)
        #expect(temporary.contents.isEmpty)
    }

    @Test("without a destination the file stays beside the temporary file, named Alamofire_…")
    func defaultDestination() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let temporary = try TestFolder()
        defer { temporary.remove() }
        let session = Self.session(temporaryFiles: temporary)
        let response = await response(session.download(server.url("file")))
        let fileURL = try #require(response.fileURL)
        #expect(fileURL.lastPathComponent.hasPrefix("Alamofire_"))
        #expect(temporary.contents == [fileURL.lastPathComponent])
        #expect(try Data(contentsOf: fileURL) == Self.content)
    }

    @Test("a failed validation fails the download with the status, after the file was moved")
    func failedValidation() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let temporary = try TestFolder()
        defer { temporary.remove() }
        let destinationURL = temporary.file("answer.txt")
        let session = Self.session(temporaryFiles: temporary)
        let request = session.download(
            server.url("missing"),
            to: { _, _ in
                (destinationURL, [])
            })
        let text = await withCheckedContinuation { continuation in
            request.validate().responseString(queue: queue) { continuation.resume(returning: $0) }
        }
        #expect(text.error?.isResponseValidationError == true)
        #expect(text.error?.responseCode == 404)
        #expect(text.fileURL == destinationURL)
        #expect(try Data(contentsOf: destinationURL) == Data("not here".utf8))
        #expect(text.resumeData == nil)
    }

    @Test("a validation failure is retried by the session's retrier; the last file wins")
    func retriesValidationFailures() async throws {
        // Given a server that answers 503 once, then the file
        let server = try MockServer()
        defer { server.stop() }
        let count = Locked(0)
        server.stub(method: .get, path: "/flaky") { _ in
            let number = count.withLock { count -> Int in
                count += 1
                return count
            }
            return number == 1 ? MockResponse(status: 503, body: Data("busy".utf8)) : .text("done")
        }
        let temporary = try TestFolder()
        defer { temporary.remove() }
        let retrier = Retrier { request, _, error, completion in
            completion(request.retryCount < 2 && error.asAFError?.responseCode == 503 ? .retry : .doNotRetry)
        }
        let destinationURL = temporary.file("flaky.txt")
        // When a validated download is sent
        let session = Self.session(temporaryFiles: temporary, interceptor: retrier)
        let request = session.download(server.url("flaky"), to: { _, _ in (destinationURL, .removePreviousFile) })
            .validate(statusCode: 200..<300)
        let data = await withCheckedContinuation { continuation in
            request.responseData(queue: queue) { continuation.resume(returning: $0) }
        }
        // Then the second attempt's file is the answer
        #expect(data.value == Data("done".utf8))
        #expect(request.retryCount == 1)
        #expect(server.requests.count == 2)
    }

    @Test("cancelling with resume data keeps the bytes; download(resumingWith:) asks only for the rest")
    func cancelAndResume() async throws {
        // Given a server that sends the first 64 KiB, then holds the rest until released
        let server = try MockServer()
        defer { server.stop() }
        let rest = Latch()
        defer { rest.open() }
        server.stub(method: .get, path: "/file") { request in
            if request.headers["Range"] != nil { return .ranged(Self.content, for: request, entityTag: Self.entityTag) }
            return .streaming(headers: ["ETag": Self.entityTag], length: Self.content.count) { writer in
                try await writer.write(Self.content.prefix(64 * 1024))
                await rest.wait()
                try await writer.write(Self.content.dropFirst(64 * 1024))
            }
        }
        let temporary = try TestFolder()
        defer { temporary.remove() }
        let session = Self.session(temporaryFiles: temporary)
        let firstBytes = Latch()
        let request = session.download(server.url("file"))
            .downloadProgress(queue: queue) { progress in
                if progress.completedUnitCount > 0 { firstBytes.open() }
            }
        let cancelled = Task { await response(request) }
        await firstBytes.wait()

        // When it is cancelled producing resume data
        let resumeData = await withCheckedContinuation { continuation in
            request.cancel { continuation.resume(returning: $0) }
        }
        let first = await cancelled.value

        // Then it ended as cancelled, with resume data
        #expect(first.error?.isExplicitlyCancelledError == true)
        let data = try #require(resumeData)
        #expect(first.resumeData == data)
        #expect(request.resumeData == data)

        // And a resume asks for the missing bytes only and completes the file
        let destinationURL = temporary.file("whole.bin")
        let resumed = await response(session.download(resumingWith: data) { _, _ in (destinationURL, []) })
        #expect(resumed.error == nil)
        #expect(try Data(contentsOf: destinationURL) == Self.content)
        let range = try #require(server.requests.last?.headers["Range"])
        #expect(range.hasPrefix("bytes=") && range != "bytes=0-")
        #expect(temporary.contents == ["whole.bin"])
    }

    @Test("a plain cancel leaves nothing behind and no resume data")
    func plainCancel() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let temporary = try TestFolder()
        defer { temporary.remove() }
        let session = Self.session(temporaryFiles: temporary)
        let request = session.download(server.url("file"))
        request.cancel()
        let response = await response(request)
        #expect(response.error?.isExplicitlyCancelledError == true)
        #expect(response.resumeData == nil)
        #expect(temporary.contents.isEmpty)
    }

    @Test("a destination that cannot be written fails with downloadedFileMoveFailed, and the temporary file goes")
    func unwritableDestination() async throws {
        // Given a destination whose parent is a file, not a folder (refused even to root)
        let server = try Self.server()
        defer { server.stop() }
        let temporary = try TestFolder()
        defer { temporary.remove() }
        let blocker = try temporary.write(Data("a file".utf8), to: "blocker")
        let destinationURL = blocker.appendingPathComponent("report.bin")
        // When it is downloaded there
        let session = Self.session(temporaryFiles: temporary)
        let response = await response(
            session.download(
                server.url("file"), to: { _, _ in (destinationURL, .createIntermediateDirectories) }))
        // Then the move failed, saying from where to where, and only the blocker is left
        guard case .downloadedFileMoveFailed(_, let source, let destination)? = response.error else {
            Issue.record("expected downloadedFileMoveFailed, got \(String(describing: response.error))")
            return
        }
        #expect(destination == destinationURL)
        #expect(source.deletingLastPathComponent().standardizedFileURL == temporary.url.standardizedFileURL)
        #expect(response.fileURL == nil)
        #expect(temporary.contents == ["blocker"])
    }

    @Test("resume data that is not a DownloadRequest's fails with sessionTaskFailed, nothing sent")
    func invalidResumeData() async throws {
        let temporary = try TestFolder()
        defer { temporary.remove() }
        let session = Self.session(temporaryFiles: temporary)
        let response = await response(session.download(resumingWith: Data("nonsense".utf8)))
        #expect(response.error?.isSessionTaskError == true)
        #expect((response.error?.underlyingError as? URLError)?.code == .cannotDecodeRawData)
    }

    @Test("responseDecodable reads the file; DownloadResponse maps keep the file and resume data")
    func decodable() async throws {
        struct Item: Decodable, Sendable { let id: Int }
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/item") { _ in .json(data: Data(#"{"id":9}"#.utf8)) }
        let temporary = try TestFolder()
        defer { temporary.remove() }
        let session = Self.session(temporaryFiles: temporary)
        let decoded = await withCheckedContinuation { continuation in
            session.download(server.url("item"))
                .responseDecodable(of: Item.self, queue: queue) { continuation.resume(returning: $0) }
        }
        #expect(decoded.value?.id == 9)
        let mapped = decoded.map { $0.id * 2 }
        #expect(mapped.value == 18)
        #expect(mapped.fileURL == decoded.fileURL)
        #expect(decoded.tryMap { _ in throw CocoaError(.fileReadUnknown) }.error is CocoaError)
        let failed = AFDownloadResponse<Int>(
            request: nil, response: nil, fileURL: nil, resumeData: Data([1]), metrics: nil, serializationDuration: 0,
            result: .failure(.explicitlyCancelled))
        #expect(failed.tryMapError { _ in CocoaError(.fileReadUnknown) }.error is CocoaError)
        #expect(failed.mapError { _ in CocoaError(.fileNoSuchFile) }.resumeData == Data([1]))
    }
}
