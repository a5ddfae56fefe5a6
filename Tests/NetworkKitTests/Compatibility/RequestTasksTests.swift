import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Request.tasks`: one stand-in task per attempt, as Alamofire's list has one per URLSession task.
@Suite("Request.tasks: one stand-in task per attempt")
struct RequestTasksTests {
    let session = Session()

    @Test("a request retried once lists two tasks, for its request, the same on every read")
    func oneTaskPerAttempt() async throws {
        // Given a server that fails the first attempt, and a retrier that retries once
        let server = try MockServer()
        defer { server.stop() }
        let count = Locked(0)
        server.stub(method: .get, path: "/flaky") { _ in
            let attempt = count.withLock { count -> Int in
                count += 1
                return count
            }
            return attempt == 1 ? .status(503) : .text("ok")
        }
        let retrier = Retrier { request, _, _, completion in
            completion(request.retryCount == 0 ? .retry : .doNotRetry)
        }
        let request = session.request(server.url("flaky"), interceptor: retrier).validate()
        #expect(request.tasks.isEmpty)

        // When it is answered after one retry
        #expect(try await request.serializingString().value == "ok")

        // Then it lists two tasks for its URL, the same objects on every read
        let tasks = request.tasks
        #expect(tasks.count == 2)
        #expect(tasks.allSatisfy { $0.originalRequest?.url == server.url("flaky") })
        #expect(request.tasks.map(ObjectIdentifier.init) == tasks.map(ObjectIdentifier.init))
        #expect(request.task === tasks.last)
        #expect(request.firstTask === tasks.first)
    }
}
