import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

/// The retry rule the matrix's fail-first cells rest on, from the caller's side: a request whose
/// body the server may have consumed (a POST) is retried only when the caller opts in.
@Suite("Retrying a request whose body the server may have consumed")
struct RetryOptInTests {
    @Test(
        "a POST upload reset after the server read it is retried only when POST is made retryable",
        arguments: FaultMatrix.engines, [false, true])
    func postRetriedOnlyWhenOptedIn(engine: BuiltInTransport, optedIn: Bool) async throws {
        // Given a server that reads a multipart POST, then resets the first connection instead of answering
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .post, path: "/op", conditions: [.failFirst(1, with: .connectionReset)]) { _ in
            MockResponse(headers: ["Content-Type": "text/plain"], body: FaultContent.text)
        }
        let policy = RetryPolicy(maximumRetries: 2, baseDelay: .milliseconds(20), jitter: 0)
        if optedIn { policy.retryableMethods.insert(.post) }
        let client = HTTPClient {
            $0.timeout = FaultScenario.timeout
            $0.transport = engine
            $0.retriers = [policy]
        }
        var form = MultipartFormData()
        form.append(FaultContent.upload, name: "file", fileName: "upload.bin", mimeType: "application/octet-stream")

        // When the form is uploaded
        let result: Result<HTTPResponse, HTTPError>
        do {
            result = .success(
                try await client.upload(.multipart(form), to: FaultRoute(baseURL: server.baseURL, method: .post)))
        } catch {
            result = .failure(error)
        }

        // Then without the opt-in the caller gets the lost connection after one request; with it, the
        // whole answer after a second request that carried the whole form again
        let posts = server.requests.filter { $0.path == "/op" }
        if optedIn {
            #expect((try? result.get().body) == FaultContent.text)
            #expect(posts.count == 2)
            #expect(posts.count == 2 && posts[0].body == posts[1].body)
        } else {
            #expect(result.error?.urlErrorCode == .networkConnectionLost)
            #expect(posts.count == 1)
        }
    }
}
