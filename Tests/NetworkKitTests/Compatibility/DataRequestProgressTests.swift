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

/// A `DataRequest`'s download progress, as Alamofire reports it, against MockServer.
@Suite("DataRequest: download progress follows the body as it arrives")
struct DataRequestProgressTests {
    let queue = DispatchQueue(label: "DataRequestProgressTests")

    /// A server whose `/big` answers `body`, and whose `/busy` answers 503 once, then `body`.
    static func server(body: Data) throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .get, path: "/big") { _ in
            MockResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: body)
        }
        let count = Locked(0)
        server.stub(method: .get, path: "/busy") { _ in
            let number = count.withLock { count -> Int in
                count += 1
                return count
            }
            return number == 1
                ? .status(503)
                : MockResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: body)
        }
        return server
    }

    @Test("downloadProgress(queue:closure:) is told the bytes in order, of the announced length, to the end")
    func progress() async throws {
        // Given 300 KB to download, and a handler noting each progress it is told
        let body = testBytes(300_000)
        let server = try Self.server(body: body)
        defer { server.stop() }
        let session = Session()
        let seen = Locked<[(completed: Int64, total: Int64)]>([])
        // When they are requested
        let request = session.request(server.url("big")).downloadProgress(queue: queue) { progress in
            seen.withLock { $0.append((progress.completedUnitCount, progress.totalUnitCount)) }
        }
        let data = await withCheckedContinuation { continuation in
            request.responseData(queue: queue) { continuation.resume(returning: $0.data) }
        }
        // Then the handler ran before the response handler, never backwards, and ended complete
        #expect(data == body)
        let reports = seen.value
        #expect(!reports.isEmpty)
        #expect(reports.allSatisfy { $0.total == 300_000 })
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.completed <= $1.completed })
        #expect(reports.last?.completed == 300_000)
        #expect(request.downloadProgress.fractionCompleted == 1)
    }

    @Test("a retried request's progress follows the attempt that answered; the async stream ends complete")
    func retried() async throws {
        // Given an endpoint that answers 503 first, and a session that retries it
        let body = testBytes(50_000)
        let server = try Self.server(body: body)
        defer { server.stop() }
        let session = Session(interceptor: RetryPolicy(retryLimit: 1))
        // When it is requested, its progress read from the async stream
        let request = session.request(server.url("busy")).validate()
        let stream = request.downloadProgress()
        let status = await withCheckedContinuation { continuation in
            request.responseData(queue: queue) { continuation.resume(returning: $0.response?.statusCode) }
        }
        var last: Double?
        for await progress in stream {
            last = progress.fractionCompleted
            if progress.fractionCompleted >= 1 { break }
        }
        // Then the answer came on the retry, and the progress ended at its whole body
        #expect(status == 200)
        #expect(last == 1)
        #expect(request.downloadProgress.completedUnitCount == 50_000)
        #expect(request.downloadProgress.totalUnitCount == 50_000)
    }
}
