import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Uploads: data, files, multipart forms")
struct UploadTests {
    /// A server whose `POST /upload` answers 201 with the body it received.
    private func echoServer(maxBodyBytes: Int = 64 << 20) throws -> MockServer {
        var configuration = MockServer.Configuration()
        configuration.maxBodyBytes = maxBodyBytes
        let server = try MockServer(configuration: configuration)
        server.stub(method: .post, path: "/upload") { request in MockResponse(status: 201, body: request.body) }
        return server
    }

    @Test("Data is sent with its length; progress ends at the total")
    func data() async throws {
        // Given 300 KB and an echoing server
        let server = try echoServer()
        defer { server.stop() }
        let body = testBytes(300_000)
        let progress = ProgressLog()

        // When uploaded
        let response = try await HTTPClient().upload(
            .data(body), to: ServerRoute(server, "upload", method: .post), progress: progress.handler)

        // Then the server got the bytes with a Content-Length and the default type
        #expect(response.statusCode == 201 && response.body == body)
        let request = try #require(server.requests.last)
        #expect(request.headers["Content-Length"] == "300000")
        #expect(request.headers["Content-Type"] == "application/octet-stream")
        #expect(progress.isMonotonicAndComplete && progress.all.last?.completedBytes == 300_000)
    }

    @Test("a file is streamed with Content-Length, or chunked", arguments: [false, true])
    func file(chunked: Bool) async throws {
        // Given a 5 MiB file
        let server = try echoServer()
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let content = testBytes(5 << 20)
        let file = try folder.write(content, to: "video.mp4")
        let progress = ProgressLog()

        // When uploaded with either framing
        let options = UploadOptions(framing: chunked ? .chunked : .contentLength)
        let response = try await HTTPClient().upload(
            .file(file), to: ServerRoute(server, "upload", method: .post), options: options,
            progress: progress.handler)

        // Then the server got the file, framed as asked, typed from the extension
        #expect(response.body == content)
        let request = try #require(server.requests.last)
        #expect(request.headers["Transfer-Encoding"] == (chunked ? "chunked" : nil))
        #expect(request.headers["Content-Length"] == (chunked ? nil : String(content.count)))
        #expect(request.headers["Content-Type"] == "video/mp4")
        #expect(progress.isMonotonicAndComplete && progress.all.last?.completedBytes == Int64(content.count))
        #expect(folder.contents == ["video.mp4"])
    }

    #if canImport(FoundationNetworking)
        @Test(
            "on Linux a file above the memory threshold keeps its Content-Length through libcurl; URLSession sends it chunked",
            arguments: [BuiltInTransport.libcurl, .urlSession])
        func largeFileOnLinux(engine: BuiltInTransport) async throws {
            // Given a 64 KiB file and a 1 KB threshold (FoundationNetworking's own file reader, the
            // only way for URLSession to send a file with its length there, can stop the process: it is
            // never used)
            let server = try echoServer()
            defer { server.stop() }
            let folder = try TestFolder()
            defer { folder.remove() }
            let content = testBytes(64 << 10)
            let file = try folder.write(content, to: "large.bin")

            // When it is uploaded with the default framing
            let response = try await HTTPClient { $0.transport = engine }.upload(
                .file(file), to: ServerRoute(server, "upload", method: .post),
                options: UploadOptions(framing: .contentLength, multipartMemoryThreshold: 1_000))

            // Then it arrived whole, with its length (libcurl) or chunked (URLSession)
            #expect(response.body == content)
            let request = try #require(server.requests.last)
            let viaCurl = engine == .libcurl
            #expect(request.headers["Transfer-Encoding"] == (viaCurl ? nil : "chunked"))
            #expect(request.headers["Content-Length"] == (viaCurl ? String(content.count) : nil))
        }
    #endif

    @Test(
        "a large form goes through a temporary file removed after (on Linux its parts are streamed)",
        arguments: [BuiltInTransport.libcurl, .urlSession])
    func largeMultipart(engine: BuiltInTransport) async throws {
        // Given a form with a field and a streamed 2 MiB file, above a 1 KB threshold
        let temporary = try TestFolder()
        defer { temporary.remove() }
        let seen = Locked<[String]>([])
        let server = try echoServer()
        defer { server.stop() }
        server.stub(method: .post, path: "/form") { request in
            seen.withLock { $0 = temporary.contents }
            return MockResponse(status: 200, body: request.body)
        }
        let folder = try TestFolder()
        defer { folder.remove() }
        let photo = folder.file("photo.png")
        let content = testBytes(2 << 20)
        try content.write(to: photo)
        let form = try avatarForm(photo: photo)
        let client = HTTPClient {
            $0.temporaryDirectory = temporary.url
            $0.transport = engine
        }

        // When it is uploaded
        let response = try await client.upload(
            .multipart(form), to: ServerRoute(server, "form", method: .post),
            options: UploadOptions(multipartMemoryThreshold: 1_000))

        // Then one temporary file existed during the upload and none after (on Linux the parts are
        // streamed from their files, with no temporary file: with their length through libcurl,
        // chunked through URLSession)
        #if canImport(FoundationNetworking)
            #expect(seen.value.isEmpty)
            let sent = try #require(server.requests.last)
            let headers = sent.headers
            if engine == .libcurl {
                #expect(headers["Transfer-Encoding"] == nil)
                #expect(headers["Content-Length"] == String(sent.body.count))
            } else {
                #expect(headers["Transfer-Encoding"] == "chunked")
            }
        #else
            #expect(seen.value.count == 1 && seen.value.first?.hasPrefix("NetworkKit-upload-") == true)
        #endif
        #expect(temporary.contents.isEmpty)
        // And the body is the form, as encoding it in memory gives it
        let request = try #require(server.requests.last)
        let contentType = try #require(request.headers["Content-Type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        let expected = encodedAvatarForm(boundary: boundary, content: content)
        #expect(response.body == expected)
    }

    @Test("a chunked upload of a large form streams its parts with no temporary file")
    func chunkedMultipartFromParts() async throws {
        // Given a form with two streamed files around a field, above the threshold
        let temporary = try TestFolder()
        defer { temporary.remove() }
        let seen = Locked<[String]?>(nil)
        let server = try echoServer()
        defer { server.stop() }
        server.stub(method: .post, path: "/form") { request in
            seen.withLock { $0 = temporary.contents }
            return MockResponse(status: 200, body: request.body)
        }
        let folder = try TestFolder()
        defer { folder.remove() }
        let first = folder.file("a.bin")
        let second = folder.file("b.txt")
        try testBytes(300_000).write(to: first)
        try Data("second file".utf8).write(to: second)
        var form = MultipartFormData()
        try form.append(streamingFileAt: first, name: "one")
        form.append("between", name: "note")
        try form.append(streamingFileAt: second, name: "two")
        let client = HTTPClient { $0.temporaryDirectory = temporary.url }

        // When it is uploaded chunked
        let response = try await client.upload(
            .multipart(form), to: ServerRoute(server, "form", method: .post),
            options: UploadOptions(framing: .chunked, multipartMemoryThreshold: 1_000))

        // Then the server got exactly the form's encoding, and no temporary file was ever made
        let encoded = form
        let boundary = try #require(server.requests.last?.headers["Content-Type"]).components(separatedBy: "boundary=")
            .last
        #expect(boundary == encoded.boundary)
        #expect(response.body == (try encoded.encode()))
        #expect(server.requests.last?.headers["Transfer-Encoding"] == "chunked")
        #expect(seen.value == [])
    }

    @Test("with the default configuration the temporary file goes to the system's folder and is removed")
    func systemTemporaryFolder() async throws {
        // Given the system's temporary folder, and a form above the threshold
        let system = FileManager.default.temporaryDirectory
        @Sendable func uploadFiles() throws -> Set<String> {
            Set(
                try FileManager.default.contentsOfDirectory(atPath: system.path).filter {
                    $0.hasPrefix("NetworkKit-upload-")
                })
        }
        let before = try uploadFiles()
        let during = Locked<Set<String>>([])
        let server = try echoServer()
        defer { server.stop() }
        server.stub(method: .post, path: "/form") { request in
            during.withLock { $0 = (try? uploadFiles()) ?? [] }
            return MockResponse(status: 200, body: request.body)
        }
        var form = MultipartFormData()
        form.append(testBytes(50_000), name: "blob", fileName: "blob.bin")

        // When it is uploaded by a default client
        _ = try await HTTPClient().upload(
            .multipart(form), to: ServerRoute(server, "form", method: .post),
            options: UploadOptions(multipartMemoryThreshold: 1_000))

        // Then one file of its own existed during the upload (none on Linux, where the parts are
        // streamed), and the folder is as it was
        #if canImport(FoundationNetworking)
            #expect(during.value.subtracting(before).isEmpty)
        #else
            #expect(during.value.subtracting(before).count == 1)
        #endif
        #expect(try uploadFiles() == before)
    }

    @Test("httpbin parses a streamed multipart upload into its field and file")
    func multipartOnHTTPBin() async throws {
        // Given a form with a text file streamed from disk
        let folder = try TestFolder()
        defer { folder.remove() }
        let notes = folder.file("notes.txt")
        try Data("line one\nline two\n".utf8).write(to: notes)
        var form = MultipartFormData()
        form.append("Ann", name: "user")
        try form.append(streamingFileAt: notes, name: "notes")
        var request = URLRequest(url: try Fixture.url("SU_HTTPBIN_URL").appendingPathComponent("post"))
        request.httpMethod = "POST"

        // When uploaded in memory and through a temporary file
        for threshold: Int64 in [10_000_000, 10] {
            let temporary = try TestFolder()
            defer { temporary.remove() }
            let client = HTTPClient { $0.temporaryDirectory = temporary.url }
            let response = try await client.upload(
                .multipart(form), with: request, options: UploadOptions(multipartMemoryThreshold: threshold))
            let echo = try response.decode(HTTPBinEcho.self)

            // Then httpbin read the field and the file
            #expect(echo.form == ["user": "Ann"])
            #expect(echo.files == ["notes": "line one\nline two\n"])
            #expect(temporary.contents.isEmpty)
        }
    }

    @Test("a GET cannot upload")
    func bodyNotAllowed() async throws {
        // Then the router's method is refused before anything is sent
        let server = try echoServer()
        defer { server.stop() }
        let error = await #expect(throws: HTTPError.self) {
            try await HTTPClient().upload(.data(Data("x".utf8)), to: ServerRoute(server, "upload"))
        }
        #expect(error == .encodingFailed(.bodyNotAllowed(.get)))
        #expect(server.requests.isEmpty)
    }

    @Test("a retried upload sends the whole body again, a stream included")
    func retryResends() async throws {
        // Given a server that answers 503 to the first upload
        let server = try MockServer()
        defer { server.stop() }
        let count = Locked(0)
        server.stub(method: .put, path: "/upload") { request in
            let number = count.withLock { value -> Int in
                value += 1
                return value
            }
            return number == 1 ? .status(503) : MockResponse(status: 200, body: request.body)
        }
        let folder = try TestFolder()
        defer { folder.remove() }
        let content = testBytes(1 << 20)
        let file = try folder.write(content, to: "data.bin")
        let client = HTTPClient {
            $0.retriers = [RetryPolicy()]
            $0.sleep = { _ in }
        }

        // When a chunked file upload is sent
        let response = try await client.upload(
            .file(file), to: ServerRoute(server, "upload", method: .put), options: UploadOptions(framing: .chunked))

        // Then both attempts carried the whole file
        #expect(response.attempts == 2)
        #expect(server.requests.map(\.body) == [content, content])
    }
}
