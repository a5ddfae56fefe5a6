import Foundation
import InternalServiceUtilities
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The example of ``HTTPTransport``'s documentation, in its shape: one canned JSON answer, told to
/// the exchange on the caller's thread. (The documented example has no `name`, which the protocol
/// requires without a default, so it does not compile as printed; `name` is the one addition.)
struct CannedTransport: HTTPTransport {
    var name: String { "canned" }
    let body: Data
    func send(_ exchange: HTTPExchange) {
        guard let url = exchange.request.url,
            let head = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/json"]),
            exchange.receive(head)
        else { return exchange.complete(URLError(.cancelled)) }
        _ = exchange.receive(body)
        exchange.complete(nil)
    }
}

/// A transport answering from memory, by path, on another thread as the protocol asks; it counts
/// what the client calls.
final class MemoryTransport: HTTPTransport {
    struct Answer: Sendable {
        var status = 200
        var headers: [String: String] = [:]
        /// The body, told to the exchange piece by piece.
        var pieces: [Data] = []
    }

    var name: String { "memory" }
    let answers: [String: Answer]
    /// The requests given to ``send(_:)``, in order.
    let sent = Locked<[URLRequest]>([])
    /// How many times ``shutdown()`` was called.
    let shutdowns = Locked(0)

    init(_ answers: [String: Answer]) {
        self.answers = answers
    }

    func send(_ exchange: HTTPExchange) {
        sent.withLock { $0.append(exchange.request) }
        let answer = answers[exchange.request.url?.path ?? ""] ?? Answer(status: 404)
        DispatchQueue.global().async {
            guard let url = exchange.request.url,
                let head = HTTPURLResponse(
                    url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers),
                exchange.receive(head)
            else { return exchange.complete(URLError(.cancelled)) }
            for piece in answer.pieces where !exchange.receive(piece) {
                return exchange.complete(URLError(.cancelled))
            }
            exchange.complete(nil)
        }
    }

    func shutdown() {
        shutdowns.withLock { $0 += 1 }
    }
}

/// A transport that never answers: it completes an exchange only when the exchange is cancelled.
final class SilentTransport: HTTPTransport {
    var name: String { "silent" }
    /// Opened once an exchange has been handed over.
    let started = Latch()
    /// How many cancellation handlers ran.
    let cancellations = Locked(0)
    /// What the transport reports once cancelled: URLSession's `.cancelled`, or whatever it ran into
    /// meanwhile (a connection refused as the cancellation arrived).
    let errorWhenCancelled: URLError

    init(errorWhenCancelled: URLError = URLError(.cancelled)) {
        self.errorWhenCancelled = errorWhenCancelled
    }

    func send(_ exchange: HTTPExchange) {
        exchange.onCancel { [cancellations, errorWhenCancelled] in
            cancellations.withLock { $0 += 1 }
            exchange.complete(errorWhenCancelled)
        }
        started.open()
    }
}

/// A transport whose every exchange fails with `error` at once.
struct FailingTransport: HTTPTransport {
    var name: String { "failing" }
    let error: URLError

    func send(_ exchange: HTTPExchange) {
        exchange.complete(error)
    }
}

/// Keeps the events a client reports.
final class TransportEventRecorder: EventMonitor {
    let fallbacks = Locked<[String]>([])
    let starts = Locked(0)

    func transportDidFallBack(to transport: String, reason: String) {
        fallbacks.withLock { $0.append("\(transport): \(reason)") }
    }

    func requestWillStart(_ request: URLRequest, attempt: Int) {
        starts.withLock { $0 += 1 }
    }
}

@Suite("A custom HTTPTransport: the client's one seam, from data requests to downloads")
struct CustomTransportTests {
    static let base = URL(string: "https://fake.example") ?? URL(fileURLWithPath: "/")

    static func request(_ path: String) -> URLRequest {
        URLRequest(url: base.appendingPathComponent(path))
    }

    struct Item: Decodable, Equatable {
        let id: Int
    }

    @Test("the documented example answers send and send(_:as:)")
    func documentedExample() async throws {
        // Given a client over the documentation's canned transport
        let client = HTTPClient { $0.transport = CannedTransport(body: Data(#"{"id":1}"#.utf8)) }

        // When it sends a request, and decodes another
        let response = try await client.send(Self.request("item"))
        let item = try await client.send(FakeRoute(Self.base, "item"), as: Item.self)

        // Then both got the canned JSON, through the transport the client names, which checks no pins
        #expect(response.statusCode == 200)
        #expect(response.text == #"{"id":1}"#)
        #expect(response.mimeType == "application/json")
        #expect(response.url == Self.base.appendingPathComponent("item"))
        #expect(item == Item(id: 1))
        #expect(client.transportName == "canned")
        #expect(!client.checksServerTrust)
    }

    @Test("downloads, streams and lines take their bodies from the transport")
    func transfers() async throws {
        // Given a transport with a file and a text in pieces that split lines, and a folder
        let file = testBytes(300_000)
        let transport = MemoryTransport([
            "/file": .init(pieces: [file.prefix(100_000), file.dropFirst(100_000)]),
            "/text": .init(
                headers: ["Content-Type": "text/plain"], pieces: [Data("one\ntw".utf8), Data("o\r\nthree".utf8)]),
        ])
        let client = HTTPClient { $0.transport = transport }
        let folder = try TestFolder()
        defer { folder.remove() }

        // When the file is downloaded, and the text is streamed and read as lines
        let download = try await client.download(Self.request("file"), to: folder.file("file.bin"))
        let stream = try await client.stream(Self.request("text"))
        var streamed = Data()
        for try await chunk in stream.chunks { streamed.append(chunk) }
        var lines: [String] = []
        for try await line in client.lines(Self.request("text")) { lines.append(line) }

        // Then the file holds the bytes, the stream the text, and the lines split where they should
        #expect(download.byteCount == Int64(file.count))
        #expect(try Data(contentsOf: folder.file("file.bin")) == file)
        #expect(folder.contents == ["file.bin"])
        #expect(stream.response.statusCode == 200 && stream.response.mimeType == "text/plain")
        #expect(streamed == Data("one\ntwo\r\nthree".utf8))
        #expect(lines == ["one", "two", "three"])
        #expect(transport.sent.value.map { $0.url?.path } == ["/file", "/text", "/text"])
    }

    @Test("a 500 from the transport is unacceptableStatus with its body")
    func unacceptableStatus() async throws {
        // Given a transport answering 500 with a body
        let transport = MemoryTransport([
            "/broken": .init(status: 500, headers: ["X-Reason": "db"], pieces: [Data("boom".utf8)])
        ])
        let client = HTTPClient { $0.transport = transport }
        let request = Self.request("broken")

        // When it is asked
        let error = await #expect(throws: HTTPError.self) { try await client.send(request) }

        // Then the status failure carries the status, the headers and the body
        guard case .unacceptableStatus(let failure)? = error else {
            Issue.record("expected unacceptableStatus, got \(String(describing: error))")
            return
        }
        #expect(failure.request == HTTPError.RequestSummary(request))
        #expect(failure.statusCode == 500)
        #expect(failure.headers["X-Reason"] == "db")
        #expect(failure.body == Data("boom".utf8))
    }

    @Test(
        "cancelling the caller's task cancels the exchange: cancelled, and the transport's handler ran once",
        arguments: [URLError.Code.cancelled, .cannotConnectToHost])
    func cancellation(reported: URLError.Code) async throws {
        // Given a transport that answers only when cancelled, with URLSession's code or with an error
        // it ran into meanwhile
        let transport = SilentTransport(errorWhenCancelled: URLError(reported))
        let client = HTTPClient { $0.transport = transport }
        let request = Self.request("never")

        // When a task sends a request, and is cancelled once the transport has it
        let task = Task { () async -> HTTPError? in
            do throws(HTTPError) {
                _ = try await client.send(request)
                return nil
            } catch {
                return error
            }
        }
        await transport.started.wait()
        task.cancel()
        let error = await task.value

        // Then the request ended cancelled either way, through the transport's cancellation handler
        #expect(error == .cancelled(HTTPError.RequestSummary(request)), "\(String(describing: error))")
        #expect(transport.cancellations.value == 1)
    }

    @Test(
        "a transport's URLError becomes the client's error: timedOut, or a transport error with its code",
        arguments: [URLError.Code.timedOut, .cannotConnectToHost, .networkConnectionLost])
    func transportErrors(code: URLError.Code) async throws {
        // Given a transport failing every request with the code
        let client = HTTPClient { $0.transport = FailingTransport(error: URLError(code)) }
        let request = Self.request("any")

        // When it is asked
        let error = await #expect(throws: HTTPError.self) { try await client.send(request) }

        // Then a timeout is .timedOut, any other code a transport error carrying it
        if code == .timedOut {
            #expect(error == .timedOut(HTTPError.RequestSummary(request)))
        } else {
            #expect(error?.urlErrorCode == code, "\(String(describing: error))")
        }
    }

    @Test(
        "a transport's report of a head over its bound is responseHeadTooLarge with that bound, for data and downloads")
    func headOverBound() async throws {
        // Given a transport reporting a head over 8192 bytes, as HTTPTransport's rules describe
        let reported = URLError(
            .dataLengthExceedsMaximum, userInfo: [HTTPError.responseHeadLimitKey: 8192])
        let client = HTTPClient { $0.transport = FailingTransport(error: reported) }
        let folder = try TestFolder()
        defer { folder.remove() }
        let request = Self.request("big-head")

        // When data is asked for and a download is made
        let sent = await #expect(throws: HTTPError.self) { try await client.send(request) }
        let downloaded = await #expect(throws: HTTPError.self) {
            try await client.download(request, to: folder.file("big-head"))
        }

        // Then both name the head and its bound, and the download left no file
        let expected = HTTPError.transferFailed(
            HTTPError.TransferFailure(
                request: HTTPError.RequestSummary(request), reason: .responseHeadTooLarge(limit: 8192)))
        #expect(sent == expected, "\(String(describing: sent))")
        #expect(downloaded == expected, "\(String(describing: downloaded))")
        #expect(!FileManager.default.fileExists(atPath: folder.file("big-head").path))
    }

    @Test(
        "a custom transport's unsupportedURL for an https URL stays unsupportedURL: only the built-in ones know it is the answer's"
    )
    func unsupportedURLKept() async throws {
        // Given a transport that cannot send https (say, one for plain http only)
        let client = HTTPClient { $0.transport = FailingTransport(error: URLError(.unsupportedURL)) }

        // When it is asked for an https URL
        let error = await #expect(throws: HTTPError.self) { try await client.send(Self.request("any")) }

        // Then the caller reads that the URL is not supported, not that a server answered badly
        #expect(error?.urlErrorCode == .unsupportedURL, "\(String(describing: error))")
    }

    @Test("a transport that checks no server trust is never given a request to a pinned host")
    func pinnedHostNeverSent() async throws {
        // Given a transport answering everything, and a client pinning fake.example
        let transport = MemoryTransport(["/data": .init(pieces: [Data("data".utf8)])])
        var configuration = HTTPClient.Configuration()
        configuration.transport = transport
        try configuration.publicKeyPins.pin("fake.example", to: ["i7WTqTvh0OioIruIfFR4kMPnBqrS2rdiVPl/s2uC/CY="])
        let client = HTTPClient(configuration: configuration)
        let folder = try TestFolder()
        defer { folder.remove() }
        let request = Self.request("data")

        // When it sends to the pinned host, downloads from it, and sends to another host
        let sent = await #expect(throws: HTTPError.self) { try await client.send(request) }
        let downloaded = await #expect(throws: HTTPError.self) {
            try await client.download(request, to: folder.file("data"))
        }
        let sentBefore = transport.sent.value.count
        let other = try await client.send(URLRequest(url: try #require(URL(string: "https://other.example/data"))))

        // Then both pinned calls were refused as unsupported without reaching the transport, and
        // the other host was reached
        let expected = HTTPError.pinningFailed(
            HTTPError.PinningFailure(
                request: HTTPError.RequestSummary(request), host: "fake.example", reason: .unsupportedPlatform))
        #expect(sent == expected)
        #expect(downloaded == expected)
        #expect(sentBefore == 0)
        #expect(folder.contents.isEmpty)
        #expect(other.text == "data")
        #expect(transport.sent.value.map { $0.url?.host } == ["other.example"])
    }

    @Test("a client never shuts down a transport it was given, and reports no fallback")
    func givenTransportKept() async throws {
        // Given a transport, and a monitor
        let transport = MemoryTransport(["/data": .init(pieces: [Data("data".utf8)])])
        let recorder = TransportEventRecorder()
        weak var released: HTTPClient?

        // When a client over it sends a request and goes away
        do {
            let client = HTTPClient {
                $0.transport = transport
                $0.eventMonitors = [recorder]
            }
            released = client
            #expect(try await client.send(Self.request("data")).text == "data")
        }

        // Then the client is gone, the transport was not shut down, no fallback was reported (though
        // the monitor saw the request), and another client can use the transport still
        #expect(released == nil)
        #expect(transport.shutdowns.value == 0)
        #expect(recorder.fallbacks.value.isEmpty)
        #expect(recorder.starts.value == 1)
        let next = HTTPClient { $0.transport = transport }
        #expect(try await next.send(Self.request("data")).text == "data")
        #expect(transport.sent.value.count == 2)
    }
}
