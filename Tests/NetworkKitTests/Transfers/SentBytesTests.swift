import Foundation
import InternalServiceUtilities
import MockServerKit
import ServiceUtilsTestSupport
import Testing

@testable import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a transport tells an upload's exchange it has sent, and what reaches the caller's progress
/// handler: body bytes, never more than the body, ending at its length.
@Suite("Bytes sent: body bytes, never framing, never past the total")
struct SentBytesTests {
    #if canImport(FoundationNetworking)
        @Test(
            "a chunked upload is told body bytes sent, not chunk framing: the last count is the body's length",
            arguments: [BuiltInTransport.libcurl, .urlSession])
        func chunkedCounts(engine: BuiltInTransport) async throws {
            // Given an echoing server and a body whose last chunk is short
            let server = try MockServer()
            defer { server.stop() }
            server.stub(method: .post, path: "/upload") { request in MockResponse(status: 201, body: request.body) }
            let content = testBytes((1 << 20) + 123)
            var request = URLRequest(url: server.url("upload"))
            request.httpMethod = "POST"
            let counts = Locked<[Int64]>([])
            let exchange = HTTPExchange(
                request: request, body: .stream({ InputStream(data: content) }, length: nil),
                sink: MemorySink(),
                pins: PublicKeyPins(), sent: { count in counts.withLock { $0.append(count) } })

            // When it is sent chunked through the engine's transport
            let client = HTTPClient { $0.transport = engine }
            let response = try await exchange.run(on: client.transport).get()

            // Then the server got the body chunked, and every count was at most the body's length,
            // the last one exactly that (libcurl's own count includes each chunk's size line)
            #expect(response.statusCode == 201 && response.body == content)
            #expect(server.requests.last?.headers["Transfer-Encoding"] == "chunked")
            let sent = counts.value
            #expect(sent.last == Int64(content.count))
            #expect(sent.allSatisfy { $0 <= Int64(content.count) })
            #expect(zip(sent, sent.dropFirst()).allSatisfy { $0 <= $1 })
        }
    #endif

    @Test("a count past the total is reported as the total, and the last update is still complete")
    func countPastTotal() {
        // Given a reporter of a 1,000-byte upload
        let updates = Locked<[TransferProgress]>([])
        let reporter = ProgressReporter { update in updates.withLock { $0.append(update) } }

        // When a transport counts 1,020 bytes sent, then the upload succeeds
        reporter.update(completed: 0, total: 1_000)
        reporter.update(completed: 1_020, total: 1_000)
        reporter.finish(completed: 1_000)

        // Then the handler never saw more than the total, and ended complete
        #expect(
            updates.value == [
                TransferProgress(completedBytes: 0, totalBytes: 1_000),
                TransferProgress(completedBytes: 1_000, totalBytes: 1_000),
            ])
    }
}
