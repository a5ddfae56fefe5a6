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

/// Alamofire's `RedirectHandler` and `Redirector`, per session and per request, end to end against
/// MockServer.
@Suite("RedirectHandler and Redirector: a session's and a request's redirects")
struct RedirectHandlerTests {
    /// What the server saw: each request's method, path, body and `X-Redirected` field.
    final class Seen: Sendable {
        struct Entry: Sendable, Equatable {
            var method: String
            var path: String
            var body: String
            var marked: Bool
        }
        private let entries = Locked<[Entry]>([])
        var all: [Entry] { entries.value }
        var paths: [String] { all.map(\.path) }
        func record(_ request: MockRequest) {
            let entry = Entry(
                method: request.method.rawValue, path: request.path, body: request.bodyText ?? "",
                marked: request.headers.contains("X-Redirected"))
            entries.withLock { $0.append(entry) }
        }
    }

    /// `/from` redirects (302) to `/to`; `/see-other` (303) to `/to`; `/keep` (307) to `/to`;
    /// `/loop` to itself; `/elsewhere` and `/to` answer with text.
    static func server(seen: Seen) throws -> MockServer {
        let server = try MockServer()
        func redirect(_ method: MockRequest.Method, _ path: String, _ status: Int, to location: String) {
            server.stub(method: method, path: path) { request in
                seen.record(request)
                return MockResponse(
                    status: status, headers: ["Location": location, "Content-Type": "text/plain"],
                    body: Data("moved".utf8))
            }
        }
        for method in [MockRequest.Method.get, .post] {
            redirect(method, "/from", 302, to: "/to")
            redirect(method, "/see-other", 303, to: "/to")
            redirect(method, "/keep", 307, to: "/to")
            for path in ["/to", "/elsewhere"] {
                server.stub(method: method, path: path) { request in
                    seen.record(request)
                    return .text("arrived at \(request.path)")
                }
            }
        }
        redirect(.get, "/loop", 302, to: "/loop")
        return server
    }

    let queue = DispatchQueue(label: "RedirectHandlerTests")
    /// Sessions without a handler, with `.doNotFollow` and with `.follow` (a request does not keep its
    /// session alive).
    let session = Session()
    let stopping = Session(redirectHandler: Redirector.doNotFollow)
    let following = Session(redirectHandler: Redirector.follow)

    private func string(_ request: DataRequest) async -> AFDataResponse<String> {
        await withCheckedContinuation { continuation in
            request.responseString(queue: queue) { continuation.resume(returning: $0) }
        }
    }

    @Test("without a handler the client follows; .doNotFollow on the session answers with the redirect")
    func sessionHandler() async throws {
        let seen = Seen()
        let server = try Self.server(seen: seen)
        defer { server.stop() }

        // Given a session that follows and one that does not
        let followed = await string(session.request(server.url("from")))
        let stopped = await string(stopping.request(server.url("from")))

        // Then the first ends at /to and the second is the 302 itself, its Location and body kept
        #expect(followed.value == "arrived at /to")
        #expect(followed.response?.statusCode == 200)
        #expect(stopped.response?.statusCode == 302)
        #expect(stopped.response?.value(forHTTPHeaderField: "Location") == "/to")
        #expect(stopped.value == "moved")
        #expect(seen.paths == ["/from", "/to", "/from"])
    }

    @Test("a request's handler wins over the session's, both ways")
    func requestHandler() async throws {
        let seen = Seen()
        let server = try Self.server(seen: seen)
        defer { server.stop() }

        let stopped = await string(session.request(server.url("from")).redirect(using: .doNotFollow))
        let followed = await string(
            stopping.request(server.url("from")).redirect(using: .follow))

        #expect(stopped.response?.statusCode == 302)
        #expect(followed.value == "arrived at /to")
        #expect(followed.response?.url == server.url("to"))
    }

    @Test(".modify sees the redirect and a stand-in task, and may change the next hop or stop")
    func modify() async throws {
        let seen = Seen()
        let server = try Self.server(seen: seen)
        defer { server.stop() }
        let told = Locked<(task: URL?, proposed: URL?, status: Int?)?>(nil)

        // Given a redirector that marks the next hop and sends it to /elsewhere
        let redirector = Redirector.modify { task, request, response in
            told.withLock { $0 = (task.originalRequest?.url, request.url, response.statusCode) }
            var request = request
            request.url = server.url("elsewhere")
            request.setValue("yes", forHTTPHeaderField: "X-Redirected")
            return request
        }
        let moved = await string(session.request(server.url("from")).redirect(using: redirector))

        // Then the handler was told the proposed hop, and the changed one was sent
        #expect(told.value?.task == server.url("from"))
        #expect(told.value?.proposed == server.url("to"))
        #expect(told.value?.status == 302)
        #expect(moved.value == "arrived at /elsewhere")
        #expect(seen.all.last == .init(method: "GET", path: "/elsewhere", body: "", marked: true))

        // And a closure that returns nil stops at the redirect
        let stopped = await string(session.request(server.url("from")).redirect(using: .modify { _, _, _ in nil }))
        #expect(stopped.response?.statusCode == 302)
    }

    @Test("a handler that completes later, from another queue, is waited for")
    func asynchronousHandler() async throws {
        struct Later: RedirectHandler {
            func task(
                _ task: URLSessionTask, willBeRedirectedTo request: URLRequest, for response: HTTPURLResponse,
                completion: @escaping (URLRequest?) -> Void
            ) {
                let handoff = Locked<((URLRequest?) -> Void)?>(completion)
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
                    handoff.withLock { $0 }?(request)
                }
            }
        }
        let seen = Seen()
        let server = try Self.server(seen: seen)
        defer { server.stop() }
        let later = Session(redirectHandler: Later())
        let followed = try await later.request(server.url("from")).serializingString().value
        #expect(followed == "arrived at /to")
    }

    @Test("the hop follows NetworkKit's rules: 303 becomes a GET, 307 keeps the method and the body")
    func methodRules() async throws {
        let seen = Seen()
        let server = try Self.server(seen: seen)
        defer { server.stop() }

        let seeOther = try await following.request(
            server.url("see-other"), method: .post, parameters: ["a": "1"]
        ).serializingString().value
        let keep = try await following.request(server.url("keep"), method: .post, parameters: ["a": "1"])
            .serializingString().value
        let upload = try await following.upload(Data("payload".utf8), to: server.url("keep")).serializingString().value
        let uploadSeeOther = try await following.upload(Data("payload".utf8), to: server.url("see-other"))
            .serializingString().value

        #expect([seeOther, keep, upload, uploadSeeOther] == Array(repeating: "arrived at /to", count: 4))
        let hops = seen.all.filter { $0.path == "/to" }.map { "\($0.method) \($0.body)" }
        #expect(hops == ["GET ", "POST a=1", "POST payload", "GET "])
    }

    @Test("more than 16 redirects fail with httpTooManyRedirects, as the client's own rules do")
    func tooMany() async throws {
        let seen = Seen()
        let server = try Self.server(seen: seen)
        defer { server.stop() }
        let result = await following.request(server.url("loop")).serializingData()
            .result
        let error = try #require(result.error)
        #expect((error.underlyingError as? URLError)?.code == .httpTooManyRedirects)
        #expect(seen.paths.count == 17)
    }

    @Test("a download and a stream take the handler too")
    func downloadsAndStreams() async throws {
        let seen = Seen()
        let server = try Self.server(seen: seen)
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let session = Session(
            client: HTTPClient { $0.temporaryDirectory = folder.url }, redirectHandler: Redirector.doNotFollow)

        let download = await session.download(server.url("from")).serializingString().response
        #expect(download.response?.statusCode == 302)
        #expect(download.value == "moved")

        var text = ""
        for await event in session.streamRequest(server.url("from")).redirect(using: .follow).streamTask()
            .streamingStrings()
        {
            text += event.value ?? ""
        }
        #expect(text == "arrived at /to")
    }
}
