import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Transfer progress: AsyncSequence, Foundation.Progress, cancellation")
struct TransferProgressTests {
    @Test("startDownload's progress sequence is monotonic, ends at the total and finishes with the transfer")
    func progressSequence() async throws {
        // Given a 2 MiB file on a server
        let server = try MockServer()
        defer { server.stop() }
        let content = testBytes(2 << 20)
        server.stub(method: .get, path: "/file") { _ in .drip(content, pieces: 32, interval: .zero) }
        let folder = try TestFolder()
        defer { folder.remove() }

        // When the download is followed through two readers of its progress
        let download = HTTPClient().startDownload(ServerRoute(server, "file"), to: folder.file("f"))
        async let second = collect(download.progress)
        var first: [TransferProgress] = []
        for await update in download.progress { first.append(update) }
        let file = try await download.value()

        // Then both sequences ended at the total, never going back
        for updates in [first, await second] {
            #expect(updates.last == TransferProgress(completedBytes: 2 << 20, totalBytes: 2 << 20))
            #expect(zip(updates, updates.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
        }
        #expect(try Data(contentsOf: file.fileURL) == content)
        // And a reader arriving afterwards gets the last update and the end at once
        #expect(await collect(download.progress) == [TransferProgress(completedBytes: 2 << 20, totalBytes: 2 << 20)])
    }

    @Test("cancel() ends the transfer with .cancelled and finishes its progress")
    func cancel() async throws {
        // Given an upload to a server that stops reading after the head
        let server = try HeldServer()
        var request = URLRequest(url: server.url("upload"))
        request.httpMethod = "POST"
        let upload = HTTPClient().startUpload(.data(Data(count: 32 << 20)), with: request)
        var updates = upload.progress.makeAsyncIterator()

        // When it is cancelled after its first update
        _ = await updates.next()
        upload.cancel()
        while await updates.next() != nil {}
        server.release()

        // Then the value is .cancelled
        let error = await #expect(throws: HTTPError.self) { try await upload.value() }
        #expect(error?.isCancelled == true)
        await server.finished.wait()
    }

    @Test("cancel() at once, before the upload reached the server, is .cancelled too")
    func cancelAtOnce() async throws {
        // Given an upload to a server that may never see it
        let server = try HeldServer()
        var request = URLRequest(url: server.url("upload"))
        request.httpMethod = "POST"
        let upload = HTTPClient().startUpload(.data(Data(count: 1 << 20)), with: request)

        // When it is cancelled before anything was sent
        upload.cancel()
        server.release()

        // Then the value is .cancelled, its progress finishes, and the server finishes whether or
        // not the client connected
        let error = await #expect(throws: HTTPError.self) { try await upload.value() }
        #expect(error?.isCancelled == true)
        for await _ in upload.progress {}
        await server.finished.wait()
    }

    @Test("Foundation.Progress follows a transfer, and cancelling it cancels the transfer")
    func foundationProgress() async throws {
        // Given a transfer's Foundation progress, and a plain one fed by the closure form
        let server = try MockServer()
        defer { server.stop() }
        let content = testBytes(500_000)
        server.stub(method: .get, path: "/file") { _ in .drip(content, pieces: 8, interval: .zero) }
        let folder = try TestFolder()
        defer { folder.remove() }
        let client = HTTPClient()
        let plain = Progress(totalUnitCount: -1)
        #expect(plain.isIndeterminate)

        // When both downloads finish
        _ = try await client.download(ServerRoute(server, "file"), to: folder.file("a")) { plain.update(with: $0) }
        let download = client.startDownload(ServerRoute(server, "file"), to: folder.file("b"))
        let followed = download.makeFoundationProgress()
        _ = try await download.value()
        for await _ in download.progress {}

        // Then both progress objects are complete
        #expect(plain.totalUnitCount == 500_000 && plain.completedUnitCount == 500_000)
        #expect(plain.fractionCompleted == 1)
        #expect(!followed.isCancelled)

        // And cancelling a Foundation progress cancels its transfer
        let held = try HeldServer()
        var request = URLRequest(url: held.url("upload"))
        request.httpMethod = "POST"
        let upload = client.startUpload(.data(Data(count: 32 << 20)), with: request)
        let progress = upload.makeFoundationProgress()
        var updates = upload.progress.makeAsyncIterator()
        _ = await updates.next()
        progress.cancel()
        let error = await #expect(throws: HTTPError.self) { try await upload.value() }
        #expect(error?.isCancelled == true)
        held.release()
        await held.finished.wait()
    }
}

/// Every element of a finite sequence.
private func collect(_ stream: AsyncStream<TransferProgress>) async -> [TransferProgress] {
    var all: [TransferProgress] = []
    for await element in stream { all.append(element) }
    return all
}
