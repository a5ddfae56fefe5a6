import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Request`'s `StreamOf` forms: `uploadProgress(bufferingPolicy:)`, `downloadProgress(bufferingPolicy:)`,
/// `urlRequests` and `cURLDescriptions`, each ending when its request finishes.
@Suite("Request's StreamOf forms: progress, requests and cURL descriptions")
struct RequestStreamsTests {
    /// The session of most requests (a request does not keep its session alive).
    let session = Session()

    static func server() throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .get, path: "/file") { _ in
            MockResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: testBytes(200_000))
        }
        server.stub(method: .post, path: "/upload") { request in .text("\(request.body.count)") }
        return server
    }

    @Test("downloadProgress yields the download's progress up to the whole file, then ends")
    func downloadProgress() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let downloads = Session(client: HTTPClient { $0.temporaryDirectory = folder.url })
        let request = downloads.download(server.url("file"))
        let progress = request.downloadProgress()
        request.resume()

        var last: (Int64, Int64) = (0, 0)
        var count = 0
        for await value in progress {
            last = (value.completedUnitCount, value.totalUnitCount)
            count += 1
        }
        #expect(count >= 1)
        #expect(last == (200_000, 200_000))
        #expect(request.isFinished)
    }

    @Test("uploadProgress yields the body's progress up to its length, then ends")
    func uploadProgress() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let request = session.upload(testBytes(100_000), to: server.url("upload"))
        let progress = request.uploadProgress()
        let answer = request.serializingString()

        var completed: Int64 = 0
        for await value in progress { completed = value.completedUnitCount }
        #expect(completed == 100_000)
        #expect(try await answer.value == "100000")
    }

    @Test("urlRequests and cURLDescriptions tell the request made, then end")
    func requestsAndDescriptions() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let request = session.request(server.url("file"))
        let requests = request.urlRequests()
        let descriptions = request.cURLDescriptions()
        _ = try await request.serializingData().value

        var urls: [URL?] = []
        for await made in requests { urls.append(made.url) }
        var lines: [String] = []
        for await line in descriptions { lines.append(line) }
        #expect(urls == [server.url("file")])
        #expect(lines.count == 1)
        #expect(lines.first?.contains(server.url("file").absoluteString) == true)
    }
}
