import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Faults while uploading: each is a typed error, and no temporary file outlives the upload.
@Suite("Upload faults")
struct UploadFaultTests {
    /// A form with one streamed file of `size` bytes, written to `folder`.
    private func form(streaming size: Int, in folder: TestFolder) throws -> (MultipartFormData, URL) {
        let file = folder.file("part.bin")
        // Large files are zeros: making patterned bytes takes seconds in a debug build.
        try (size > 1 << 20 ? Data(count: size) : testBytes(size)).write(to: file)
        var form = MultipartFormData()
        form.append("field", name: "note")
        try form.append(streamingFileAt: file, name: "file")
        return (form, file)
    }

    /// Cuts `file` to 1 MiB once `progress` saw bytes go out and lets `server` read on, then checks
    /// that `upload` failed with `unreadableFile`, naming the file as changed while being sent.
    private func expectUnreadableFile<Success: Sendable>(
        _ upload: Task<Success, any Error>, afterShrinking file: URL, progress: ProgressLog, server: HeldServer
    ) async throws {
        await progress.firstBytes.wait()
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 20)
        try handle.close()
        server.release()
        let outcome = await upload.result
        await server.finished.wait()
        guard case .failure(let error as HTTPError) = outcome,
            case .encodingFailed(.unreadableFile(let path, let reason)) = error
        else {
            Issue.record("expected unreadableFile, got \(outcome)")
            return
        }
        #expect(path == file.path)
        #expect(reason.contains("changed while being sent"))
    }

    @Test("a streamed part's file that disappeared, or changed size, before sending is unreadableFile")
    func fileGoneBeforeSending() async throws {
        // Given forms whose files were removed or rewritten after they were appended
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .post, path: "/form") { _ in .status(200) }
        let folder = try TestFolder()
        defer { folder.remove() }
        let temporary = try TestFolder()
        defer { temporary.remove() }
        let client = HTTPClient { $0.temporaryDirectory = temporary.url }
        let (gone, goneFile) = try form(streaming: 50_000, in: folder)
        try FileManager.default.removeItem(at: goneFile)

        for threshold: Int64 in [10_000_000, 1_000] {
            // When the one whose file is gone is uploaded, in memory or through a temporary file
            let error = await #expect(throws: HTTPError.self) {
                try await client.upload(
                    .multipart(gone), to: ServerRoute(server, "form", method: .post),
                    options: UploadOptions(multipartMemoryThreshold: threshold))
            }
            // Then the file is named and nothing was sent or left behind
            guard case .encodingFailed(.unreadableFile(let path, _))? = error else {
                Issue.record("expected unreadableFile, got \(String(describing: error))")
                continue
            }
            #expect(path == goneFile.path)
        }
        let (changed, changedFile) = try form(streaming: 50_000, in: folder)
        try testBytes(10).write(to: changedFile)
        let error = await #expect(throws: HTTPError.self) {
            try await client.upload(
                .multipart(changed), to: ServerRoute(server, "form", method: .post),
                options: UploadOptions(multipartMemoryThreshold: 1_000))
        }
        guard case .encodingFailed(.unreadableFile(_, let reason))? = error else {
            Issue.record("expected unreadableFile, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("50000 bytes were expected"))
        #expect(server.requests.isEmpty)
        #expect(temporary.contents.isEmpty)
    }

    @Test("a file that shrinks while it is being sent is unreadableFile", arguments: [false, true])
    func fileShrinksWhileSent(chunked: Bool) async throws {
        // Given a 64 MiB file and a server that stops reading after the request head
        let server = try HeldServer()
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("big.bin")
        try Data(count: 64 << 20).write(to: file)
        let progress = ProgressLog(threshold: 64 * 1024)
        // With a Content-Length, FoundationNetworking sends what the file still has and then waits
        // for the server, which waits for the rest: the idle timeout ends it, then the file is checked
        // (so 3 s there). libcurl's reader sees the short file itself, so the timeout is only a guard
        // there, long enough for a sanitizer run whose cooperative pool is busy.
        let viaURLSession = ProcessInfo.processInfo.environment["SERVICE_UTILS_TRANSPORT"] == "urlSession"
        let client = HTTPClient { $0.timeout = !chunked && viaURLSession ? 3 : 30 }
        var request = URLRequest(url: server.url("upload"))
        request.httpMethod = "POST"
        let upload = Task {
            try await client.upload(
                .file(file), with: request, options: UploadOptions(framing: chunked ? .chunked : .contentLength),
                progress: progress.handler)
        }

        // When the file is cut to 1 MiB once some bytes went out, and the server reads on
        // Then the upload failed naming the file
        try await expectUnreadableFile(upload, afterShrinking: file, progress: progress, server: server)
    }

    @Test("a form's file that shrinks while its parts are streamed is unreadableFile")
    func partShrinksWhileStreamed() async throws {
        // Given a 64 MiB part streamed chunked to a server that stops reading after the head
        let server = try HeldServer()
        let folder = try TestFolder()
        defer { folder.remove() }
        let (form, file) = try form(streaming: 64 << 20, in: folder)
        let progress = ProgressLog(threshold: 64 * 1024)
        var request = URLRequest(url: server.url("form"))
        request.httpMethod = "POST"
        let upload = Task {
            try await HTTPClient().upload(
                .multipart(form), with: request, options: UploadOptions(framing: .chunked, multipartMemoryThreshold: 0),
                progress: progress.handler)
        }

        // When the file is cut to 1 MiB once bytes went out
        // Then the part's file is named
        try await expectUnreadableFile(upload, afterShrinking: file, progress: progress, server: server)
    }

    @Test("cancelling mid-upload is .cancelled and removes the temporary file")
    func cancelledMidUpload() async throws {
        // Given a 32 MiB form sent through a temporary file to a server that stops reading
        let server = try HeldServer()
        let folder = try TestFolder()
        defer { folder.remove() }
        let temporary = try TestFolder()
        defer { temporary.remove() }
        let (form, _) = try form(streaming: 32 << 20, in: folder)
        let progress = ProgressLog(threshold: 64 * 1024)
        let client = HTTPClient { $0.temporaryDirectory = temporary.url }
        var request = URLRequest(url: server.url("form"))
        request.httpMethod = "POST"
        let upload = Task {
            try await client.upload(
                .multipart(form), with: request, options: UploadOptions(multipartMemoryThreshold: 1_000),
                progress: progress.handler)
        }

        // When it is cancelled once bytes went out
        await progress.firstBytes.wait()
        let during = temporary.contents
        upload.cancel()
        let outcome = await upload.result
        server.release()
        await server.finished.wait()

        // Then it is .cancelled, and the temporary file that existed is gone
        guard case .failure(let error as HTTPError) = outcome, error.isCancelled else {
            Issue.record("expected .cancelled, got \(outcome)")
            return
        }
        #if canImport(FoundationNetworking)
            #expect(during.isEmpty)  // on Linux the parts are streamed from their files
        #else
            #expect(during.count == 1)
        #endif
        #expect(temporary.contents.isEmpty)
    }

    #if !canImport(FoundationNetworking)
        // On Linux a large form is streamed from its parts and never encoded to a file; the
        // encoder's disk-full error is tested there by MultipartFileEncodingTests.
        @Test("a full disk while encoding the form is diskFull and leaves nothing")
        func diskFullWhileEncoding() async throws {
            // Given a 1 MiB temporary folder and a 3 MiB form
            let mount = try await TemporaryMount(size: "1m")
            let folder = try TestFolder()
            defer { folder.remove() }
            let server = try MockServer()
            defer { server.stop() }
            server.stub(method: .post, path: "/form") { _ in .status(200) }
            let (form, _) = try form(streaming: 3 << 20, in: folder)
            let client = HTTPClient { $0.temporaryDirectory = mount.url }

            // When it is uploaded
            let error = await #expect(throws: HTTPError.self) {
                try await client.upload(
                    .multipart(form), to: ServerRoute(server, "form", method: .post),
                    options: UploadOptions(multipartMemoryThreshold: 1_000))
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: mount.url.path)
            await mount.unmount()

            // Then the disk is named full, nothing was sent and the folder is empty
            guard case .transferFailed(let failure)? = error, case .diskFull = failure.reason else {
                Issue.record("expected diskFull, got \(String(describing: error))")
                return
            }
            #expect(server.requests.isEmpty)
            #expect(left.isEmpty)
        }
    #endif

    @Test("an error status after a large form removes the temporary file too")
    func serverErrorRemovesTemporaryFile() async throws {
        // Given a server refusing the form
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .post, path: "/form") { _ in .text("too big", status: 413) }
        let folder = try TestFolder()
        defer { folder.remove() }
        let temporary = try TestFolder()
        defer { temporary.remove() }
        let (form, _) = try form(streaming: 100_000, in: folder)
        let client = HTTPClient { $0.temporaryDirectory = temporary.url }

        // When it is uploaded
        let error = await #expect(throws: HTTPError.self) {
            try await client.upload(
                .multipart(form), to: ServerRoute(server, "form", method: .post),
                options: UploadOptions(multipartMemoryThreshold: 1_000))
        }

        // Then the status and body are reported and the folder is empty
        #expect(error?.statusCode == 413 && error?.responseBody == Data("too big".utf8))
        #expect(temporary.contents.isEmpty)
    }
}
