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

/// Alamofire's `DataStreamRequest` over `HTTPClient.stream`, end to end against MockServer.
@Suite("DataStreamRequest: Alamofire's streams over HTTPClient")
struct DataStreamRequestTests {
    struct Refused: Error {}

    let queue = DispatchQueue(label: "DataStreamRequestTests")

    /// Every event a handler saw, and a latch opened by the completion.
    final class Events<Success: Sendable, Failure: Error & Sendable>: Sendable {
        private let events = Locked<[DataStreamRequest.Stream<Success, Failure>]>([])
        let completed = Latch()

        var all: [DataStreamRequest.Stream<Success, Failure>] { events.value }
        var values: [Success] { all.compactMap(\.value) }
        var errors: [Failure] { all.compactMap(\.error) }
        var completion: DataStreamRequest.Completion? { all.last?.completion }

        func record(_ stream: DataStreamRequest.Stream<Success, Failure>) {
            events.withLock { $0.append(stream) }
            if stream.completion != nil { completed.open() }
        }
    }

    /// A server whose `/feed` writes three lines with pauses, `/denied` answers 401 with a body, and
    /// `/held` writes one line and holds the rest until `release` opens.
    static func server(release: Latch = Latch()) throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .get, path: "/feed") { _ in
            .streaming(headers: ["Content-Type": "text/plain"]) { writer in
                for line in ["one\n", "two\n", "three\n"] {
                    try await writer.write(line)
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
        }
        server.stub(method: .get, path: "/denied") { _ in
            MockResponse(status: 401, headers: ["Content-Type": "text/plain"], body: Data("denied".utf8))
        }
        server.stub(method: .get, path: "/held") { _ in
            .streaming(headers: ["Content-Type": "text/plain"]) { writer in
                try await writer.write("first\n")
                await release.wait()
                try await writer.write("rest\n")
            }
        }
        return server
    }

    @Test("a stream delivers its pieces in order, then one completion")
    func deliversPiecesAndCompletion() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let session = Session()
        let events = Events<Data, Never>()
        let request = session.streamRequest(server.url("feed")).validate().responseStream(on: queue) {
            events.record($0)
        }
        await events.completed.wait()
        #expect(String(decoding: events.values.reduce(Data(), +), as: UTF8.self) == "one\ntwo\nthree\n")
        #expect(events.all.filter { $0.completion != nil }.count == 1)
        let completion = try #require(events.completion)
        #expect(completion.error == nil)
        #expect(completion.response?.statusCode == 200)
        #expect(completion.request?.url == server.url("feed"))
        #expect(request.isFinished)
    }

    @Test("responseStreamString and responseStreamDecodable read each piece; two handlers share one exchange")
    func serializers() async throws {
        struct Tick: Decodable, Sendable { let price: Double }
        let server = try Self.server()
        defer { server.stop() }
        server.stub(method: .get, path: "/tick") { _ in .json(data: Data(#"{"price":12.5}"#.utf8)) }
        let session = Session()
        let texts = Events<String, Never>()
        let ticks = Events<Tick, AFError>()
        let request = session.streamRequest(URLRequest(url: server.url("tick")))
        request.responseStreamString(on: queue) { texts.record($0) }
        request.responseStreamDecodable(of: Tick.self, on: queue) { ticks.record($0) }
        await texts.completed.wait()
        await ticks.completed.wait()
        #expect(texts.values.joined() == #"{"price":12.5}"#)
        #expect(ticks.values.map(\.price) == [12.5])
        #expect(server.requests.count == 1)
    }

    @Test("a failed validation ends the stream with its error before any piece is delivered")
    func failedValidation() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let session = Session()
        let events = Events<Data, Never>()
        session.streamRequest(server.url("denied")).validate().responseStream(on: queue) { events.record($0) }
        await events.completed.wait()
        #expect(events.values.isEmpty)
        #expect(events.completion?.error?.isResponseValidationError == true)
        #expect(events.completion?.error?.responseCode == 401)
    }

    @Test("a validation failure is retried; only the accepted attempt's pieces are delivered")
    func retried() async throws {
        let server = try Self.server()
        defer { server.stop() }
        // Given an adapter that sends the second attempt to /feed, and a retrier that retries once
        let attempts = Locked(0)
        let session = Session(
            interceptor: Interceptor(
                adapter: Adapter { request, _, completion in
                    var request = request
                    let attempt = attempts.withLock { count -> Int in
                        count += 1
                        return count
                    }
                    if attempt > 1 { request.url = server.url("feed") }
                    completion(.success(request))
                },
                retrier: Retrier { request, _, _, completion in
                    completion(request.retryCount == 0 ? .retry : .doNotRetry)
                }))
        let events = Events<Data, Never>()
        // When a validated stream of /denied is sent
        let request = session.streamRequest(server.url("denied")).validate(statusCode: [200])
        request.responseStream(on: queue) { events.record($0) }
        await events.completed.wait()
        #expect(events.completion?.error == nil)
        #expect(String(decoding: events.values.reduce(Data(), +), as: UTF8.self) == "one\ntwo\nthree\n")
        #expect(request.retryCount == 1)
        #expect(server.requests.map(\.path) == ["/denied", "/feed"])
    }

    @Test("cancelling from the handler ends the stream as explicitlyCancelled; a thrown error ends it with that error")
    func cancelAndThrow() async throws {
        let release = Latch()
        defer { release.open() }
        let server = try Self.server(release: release)
        defer { server.stop() }
        let session = Session()
        // The token cancels
        let cancelled = Events<Data, Never>()
        session.streamRequest(server.url("held")).responseStream(on: queue) { stream in
            cancelled.record(stream)
            if stream.value != nil { stream.cancel() }
        }
        await cancelled.completed.wait()
        #expect(cancelled.completion?.error?.isExplicitlyCancelledError == true)
        // A handler that throws
        let thrown = Events<String, Never>()
        session.streamRequest(server.url("held")).responseStreamString(on: queue) { stream in
            thrown.record(stream)
            if stream.value != nil { throw Refused() }
        }
        await thrown.completed.wait()
        guard case .responseSerializationFailed(.customSerializationFailed(let error))? = thrown.completion?.error
        else {
            Issue.record("expected customSerializationFailed, got \(String(describing: thrown.completion?.error))")
            return
        }
        #expect(error is Refused)
    }

    @Test("onHTTPResponse sees the head before any piece; .cancel cancels the request before its body")
    func onHTTPResponse() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let session = Session()
        // Allowed: the head comes first, then the pieces
        let order = Locked([String]())
        let allowed = Events<Data, Never>()
        session.streamRequest(server.url("feed"))
            .onHTTPResponse(on: queue) { response in order.withLock { $0.append("head \(response.statusCode)") } }
            .responseStream(on: queue) { stream in
                if stream.value != nil { order.withLock { $0.append("piece") } }
                allowed.record(stream)
            }
        await allowed.completed.wait()
        #expect(order.value.first == "head 200")
        #expect(order.value.dropFirst().allSatisfy { $0 == "piece" } && order.value.count > 1)
        // Cancelled: no piece, ends as explicitlyCancelled
        let cancelled = Events<Data, Never>()
        session.streamRequest(server.url("feed"))
            .onHTTPResponse(on: queue) { _, completion in completion(.cancel) }
            .responseStream(on: queue) { cancelled.record($0) }
        await cancelled.completed.wait()
        #expect(cancelled.values.isEmpty)
        #expect(cancelled.completion?.error?.isExplicitlyCancelledError == true)
    }

    @Test("automaticallyCancelOnStreamError cancels on a piece the serializer cannot read")
    func cancelsOnStreamError() async throws {
        struct Tick: Decodable, Sendable { let price: Double }
        let release = Latch()
        defer { release.open() }
        let server = try Self.server(release: release)
        defer { server.stop() }
        let session = Session()
        let events = Events<Tick, AFError>()
        session.streamRequest(server.url("held"), automaticallyCancelOnStreamError: true)
            .responseStreamDecodable(of: Tick.self, on: queue) { events.record($0) }
        await events.completed.wait()
        #expect(events.errors.first?.isResponseSerializationError == true)
        #expect(events.completion?.error?.isExplicitlyCancelledError == true)
    }

    @Test("bad input: an unbuildable request or a refused connection end the stream with their AFError")
    func badInput() async throws {
        let session = Session()
        let unbuildable = Events<Data, Never>()
        session.streamRequest("").responseStream(on: queue) { unbuildable.record($0) }
        await unbuildable.completed.wait()
        #expect(unbuildable.completion?.error?.isInvalidURLError == true)
        // A port nobody listens on
        let server = try MockServer()
        let closed = server.url("feed")
        server.stop()
        let refused = Events<Data, Never>()
        session.streamRequest(closed).responseStream(on: queue) { refused.record($0) }
        await refused.completed.wait()
        #expect(refused.completion?.error?.isSessionTaskError == true)
    }
}
