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

/// Alamofire's `UploadRequest` over `HTTPClient.upload`, end to end against MockServer.
@Suite("UploadRequest: Alamofire's uploads over HTTPClient")
struct UploadRequestTests {
    let queue = DispatchQueue(label: "UploadRequestTests")

    /// A server whose `/upload` answers with the size of the body it received, and whose `/busy`
    /// answers 503 `failures` times before doing the same.
    static func server(failures: Int = 0) throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .post, path: "/upload") { request in .text("\(request.body.count)") }
        let count = Locked(0)
        server.stub(method: .put, path: "/busy") { request in
            let number = count.withLock { count -> Int in
                count += 1
                return count
            }
            return number <= failures ? .status(503) : .text("\(request.body.count)")
        }
        return server
    }

    func text(_ request: UploadRequest) async -> AFDataResponse<String> {
        await withCheckedContinuation { continuation in
            request.responseString(queue: queue) { continuation.resume(returning: $0) }
        }
    }

    @Test("bytes reach the server, and upload progress ends complete")
    func data() async throws {
        // Given 200 KB to send
        let server = try Self.server()
        defer { server.stop() }
        let body = testBytes(200_000)
        let session = Session()
        let completed = Locked(false)
        // When they are uploaded
        let request = session.upload(body, to: server.url("upload"), headers: ["X-Kind": "bytes"])
            .uploadProgress(queue: queue) { progress in
                if progress.fractionCompleted >= 1 { completed.withLock { $0 = true } }
            }
        let response = await text(request)
        // Then the server got them all, with the headers, and the progress is complete
        #expect(response.value == "200000")
        let received = try #require(server.requests.last)
        #expect(received.body == body)
        #expect(received.method == .post)
        #expect(received.headers["X-Kind"] == "bytes")
        #expect(request.uploadProgress.fractionCompleted == 1)
        #expect(completed.value)
        if case .data(let sent)? = request.uploadable { #expect(sent == body) } else { Issue.record("no uploadable") }
    }

    @Test("a file is streamed from disk with the request's method")
    func file() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let body = testBytes(150_000, seed: 3)
        let fileURL = try folder.write(body, to: "payload.bin")
        var urlRequest = URLRequest(url: server.url("busy"))
        urlRequest.httpMethod = "PUT"
        let session = Session()
        let response = await text(session.upload(fileURL, with: urlRequest))
        #expect(response.value == "150000")
        #expect(server.requests.last?.body == body)
        #expect(FileManager.default.fileExists(atPath: fileURL.path))
    }

    @Test("a stream is read once and sent again on a retry")
    func streamRetried() async throws {
        // Given a server that is busy once, and a retrier
        let server = try Self.server(failures: 1)
        defer { server.stop() }
        let body = testBytes(70_000, seed: 5)
        let session = Session(
            interceptor: Retrier { request, _, error, completion in
                completion(request.retryCount < 2 && error.asAFError?.responseCode == 503 ? .retry : .doNotRetry)
            })
        // When a stream is uploaded with validation
        var urlRequest = URLRequest(url: server.url("busy"))
        urlRequest.httpMethod = "PUT"
        let request = session.upload(InputStream(data: body), with: urlRequest).validate()
        let response = await text(request)
        // Then both attempts carried the whole body
        #expect(response.value == "70000")
        #expect(request.retryCount == 1)
        #expect(server.requests.map(\.body) == [body, body])
    }

    @Test("a multipart form reaches the server with its boundary; a form over the threshold goes through a file")
    func multipart() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let photo = try folder.write(testBytes(20_000, seed: 9), to: "photo.png")
        let session = Session()
        for threshold: UInt64 in [MultipartFormData.encodingMemoryThreshold, 0] {
            // When a form is uploaded
            let request = session.upload(
                multipartFormData: { form in
                    form.append(Data("Ann".utf8), withName: "user")
                    form.append(photo, withName: "photo")
                }, to: server.url("upload"), usingThreshold: threshold)
            let response = await text(request)
            // Then the server got a multipart body naming both parts
            #expect(response.error == nil)
            let received = try #require(server.requests.last)
            let type = try #require(received.headers["Content-Type"])
            #expect(type.hasPrefix("multipart/form-data; boundary="))
            let boundary = String(type.dropFirst("multipart/form-data; boundary=".count))
            #expect(received.body.range(of: Data("--\(boundary)--".utf8)) != nil)
            #expect(received.body.range(of: Data("name=\"photo\"; filename=\"photo.png\"".utf8)) != nil)
            // And a form written to a file is sent from it, and the file removed
            switch request.uploadable {
            case .data?: #expect(threshold > 0)
            case .file(let url, let shouldRemove)?:
                #expect(threshold == 0 && shouldRemove)
                #expect(!FileManager.default.fileExists(atPath: url.path))
            default: Issue.record("unexpected uploadable \(String(describing: request.uploadable))")
            }
        }
    }

    @Test("bad input: a missing file fails with sessionTaskFailed, a bad form with its AFError, nothing sent")
    func badInput() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let missing = folder.file("missing.bin")
        let session = Session()
        // A file that does not exist
        let file = await text(session.upload(missing, to: server.url("upload")))
        #expect(file.error?.isSessionTaskError == true)
        #expect((file.error?.underlyingError as? URLError)?.code == .fileDoesNotExist)
        // A form with a part whose file does not exist
        let form = await text(
            session.upload(multipartFormData: { $0.append(missing, withName: "file") }, to: server.url("upload")))
        guard case .multipartEncodingFailed(.bodyPartFileNotReachableWithError(let url, _))? = form.error else {
            Issue.record("expected bodyPartFileNotReachableWithError, got \(String(describing: form.error))")
            return
        }
        #expect(url == missing)
        // A convertible whose body cannot be made
        struct Unmakeable: UploadConvertible {
            struct Failure: Error {}
            let url: URL
            func asURLRequest() throws -> URLRequest {
                var request = URLRequest(url: url)
                request.httpMethod = "POST"
                return request
            }
            func createUploadable() throws -> UploadRequest.Uploadable { throw Failure() }
        }
        let unmade = await text(session.upload(Unmakeable(url: server.url("upload"))))
        #expect(unmade.error?.isCreateUploadableError == true)
        #expect(server.requests.isEmpty)
    }
}
