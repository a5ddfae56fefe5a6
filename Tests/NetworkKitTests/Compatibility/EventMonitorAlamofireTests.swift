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

/// Alamofire's request events, told to monitors written in Alamofire's shape.
@Suite("EventMonitor: Alamofire's request events, ClosureEventMonitor and CompositeEventMonitor")
struct EventMonitorAlamofireTests {
    let queue = DispatchQueue(label: "EventMonitorAlamofireTests")

    /// A server whose `/item` answers JSON, whose `/flaky` answers 503 once, then 200, whose
    /// `/upload` (POST) answers the size of the body it got and `/busy` (PUT) does so after one 503,
    /// and whose `/ticks` streams `{"price":1}`, then `oops` once `next` is opened.
    static func server(next: Latch = Latch()) throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .get, path: "/item") { _ in
            MockResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"id":7}"#.utf8))
        }
        let count = Locked(0)
        server.stub(method: .get, path: "/flaky") { _ in
            let number = count.withLock { count -> Int in
                count += 1
                return count
            }
            return number == 1
                ? MockResponse(status: 503)
                : MockResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
        }
        server.stub(method: .post, path: "/upload") { request in .text("\(request.body.count)") }
        let busy = Locked(0)
        server.stub(method: .put, path: "/busy") { request in
            let number = busy.withLock { count -> Int in
                count += 1
                return count
            }
            return number == 1 ? .status(503) : .text("\(request.body.count)")
        }
        server.stub(method: .get, path: "/ticks") { _ in
            .streaming(headers: ["Content-Type": "application/json"]) { writer in
                try await writer.write(#"{"price":1}"#)
                await next.wait()
                try await writer.write("oops")
            }
        }
        return server
    }

    /// A ClosureEventMonitor that writes each event's name down, in order.
    static func recorder(on queue: DispatchQueue) -> (ClosureEventMonitor, Locked<[String]>) {
        let events = Locked<[String]>([])
        let monitor = ClosureEventMonitor(queue: queue)
        func note(_ name: String) { events.withLock { $0.append(name) } }
        monitor.requestDidResume = { _ in note("resume") }
        monitor.requestDidSuspend = { _ in note("suspend") }
        monitor.requestDidCancel = { _ in note("cancel") }
        monitor.requestDidCreateInitialURLRequest = { _, _ in note("initial") }
        monitor.requestDidFailToCreateURLRequestWithError = { _, _ in note("creationFailed") }
        monitor.requestDidAdaptInitialRequestToAdaptedRequest = { _, _, adapted in
            note("adapted:" + (adapted.value(forHTTPHeaderField: "X-Adapted") ?? "none"))
        }
        monitor.requestDidCreateURLRequest = { _, _ in note("urlRequest") }
        monitor.requestIsRetrying = { _ in note("retrying") }
        monitor.requestDidValidateRequestResponseDataWithResult = { _, _, response, _, result in
            note("validated:\(response.statusCode):" + ((try? result.get()) == nil ? "failure" : "success"))
        }
        monitor.requestDidFinish = { _ in note("finish") }
        monitor.requestDidParseResponse = { _, _ in note("parsed") }
        monitor.requestDidValidateRequestResponseWithResult = { _, _, response, result in
            note("validated:\(response.statusCode):" + ((try? result.get()) == nil ? "failure" : "success"))
        }
        monitor.requestDidParseStream = { _, result in
            note("parsedStream:" + ((try? result.get()).map { "\($0)" } ?? "failure"))
        }
        monitor.requestDidCreateUploadable = { _, uploadable in
            switch uploadable {
            case .data(let data): note("uploadable:data:\(data.count)")
            case .file: note("uploadable:file")
            case .stream: note("uploadable:stream")
            }
        }
        monitor.requestDidFailToCreateUploadableWithError = { _, error in
            note("uploadableFailed:" + (error.isCreateUploadableError ? "createUploadable" : "\(error)"))
        }
        return (monitor, events)
    }

    /// A monitor written as for Alamofire: a struct overriding one generic event.
    struct ParsedValues: EventMonitor {
        let queue: DispatchQueue
        let values: Locked<[String]>

        func request<Value: Sendable>(_ request: DataRequest, didParseResponse response: DataResponse<Value, AFError>) {
            values.withLock { $0.append("\(response.value.map { "\($0)" } ?? "nil")") }
        }
    }

    /// A monitor written as Alamofire's own tests write one: the generic stream event only, its
    /// `Value` unconstrained.
    struct ParsedStreams: EventMonitor {
        let queue: DispatchQueue
        let types: Locked<[String]>

        func request<Value>(_ request: DataStreamRequest, didParseStream result: Result<Value, AFError>) {
            types.withLock { $0.append("\(Value.self)") }
        }
    }

    struct Item: Decodable, Sendable { let id: Int }
    struct Tick: Decodable, Sendable { let price: Double }

    /// An upload whose body can never be made.
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

    /// A convertible that cannot make its request.
    struct Unbuildable: URLRequestConvertible {
        func asURLRequest() throws -> URLRequest { throw AFError.invalidURL(url: "no host") }
    }

    @Test("a request tells resume, creation, adaptation, validation, finish and its serializer's response, in order")
    func lifecycle() async throws {
        // Given a session with an adapter, a closure monitor and a generic monitor on one serial queue
        let server = try Self.server()
        defer { server.stop() }
        let monitorQueue = DispatchQueue(label: "monitors")
        let (monitor, events) = Self.recorder(on: monitorQueue)
        let values = Locked<[String]>([])
        let session = Session(
            interceptor: Adapter { request in
                var request = request
                request.setValue("yes", forHTTPHeaderField: "X-Adapted")
                return request
            },
            eventMonitors: [monitor, ParsedValues(queue: monitorQueue, values: values)])
        // When a validated request is decoded, and the monitors' queue has drained
        let id = await withCheckedContinuation { continuation in
            session.request(URLRequest(url: server.url("item"))).validate().responseDecodable(
                of: Item.self, queue: queue
            ) { continuation.resume(returning: $0.value?.id) }
        }
        monitorQueue.sync {}
        // Then each event came once, in the request's order, and the generic monitor saw the value
        #expect(id == 7)
        #expect(
            events.value == [
                "resume", "initial", "urlRequest", "adapted:yes", "urlRequest", "validated:200:success", "finish",
            ])
        #expect(values.value == ["Item(id: 7)"])
    }

    @Test("a retried request tells requestIsRetrying; a failed validation is told as a failure")
    func retry() async throws {
        // Given a session retrying once, and a closure monitor
        let server = try Self.server()
        defer { server.stop() }
        let monitorQueue = DispatchQueue(label: "monitors")
        let (monitor, events) = Self.recorder(on: monitorQueue)
        let session = Session(interceptor: RetryPolicy(retryLimit: 1), eventMonitors: [monitor])
        // When the flaky endpoint is asked, unserialized
        let status = await withCheckedContinuation { continuation in
            session.request(URLRequest(url: server.url("flaky"))).validate().response(queue: queue) {
                continuation.resume(returning: $0.response?.statusCode)
            }
        }
        monitorQueue.sync {}
        // Then the 503 was validated as a failure, the retry told, the 200 validated, then finish and
        // parse; each attempt was adapted (by the retry policy, which changes nothing)
        #expect(status == 200)
        #expect(
            events.value == [
                "resume", "initial", "urlRequest", "adapted:none", "urlRequest", "validated:503:failure", "retrying",
                "adapted:none", "urlRequest", "validated:200:success", "finish", "parsed",
            ])
    }

    @Test("cancel, suspend and a convertible that fails are told; a composite tells every monitor")
    func controlAndComposite() async throws {
        // Given two closure monitors on their own queues
        let first = DispatchQueue(label: "first")
        let second = DispatchQueue(label: "second")
        let (one, oneEvents) = Self.recorder(on: first)
        let (two, twoEvents) = Self.recorder(on: second)
        let session = Session(startRequestsImmediately: false, eventMonitors: [one, two])
        // When one request is suspended and cancelled before it starts, and another cannot make its URLRequest
        session.request("http://127.0.0.1:9/never").suspend().cancel()
        let failed = await withCheckedContinuation { continuation in
            session.request(Unbuildable()).response(queue: queue) {
                continuation.resume(returning: $0.error?.isInvalidURLError ?? false)
            }
            .resume()
        }
        first.sync {}
        second.sync {}
        // Then both monitors were told the same, in order
        #expect(session.eventMonitor is CompositeEventMonitor)
        #expect(failed)
        #expect(
            oneEvents.value.filter { ["resume", "suspend", "cancel"].contains($0) } == ["suspend", "cancel", "resume"])
        #expect(oneEvents.value.contains("creationFailed"))
        #expect(oneEvents.value == twoEvents.value)
    }

    @Test("a download tells its destination, its validation and its parsed response")
    func download() async throws {
        // Given a closure monitor that also watches downloads
        let server = try Self.server()
        defer { server.stop() }
        let monitorQueue = DispatchQueue(label: "monitors")
        let (monitor, events) = Self.recorder(on: monitorQueue)
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("EventMonitorAlamofireTests-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: destination) }
        monitor.requestDidCreateDestinationURL = { _, url in
            events.withLock { $0.append("destination:" + url.lastPathComponent) }
        }
        monitor.requestDidValidateRequestResponseFileURLWithResult = { _, _, response, fileURL, result in
            let outcome = (try? result.get()) == nil ? "failure" : "success"
            events.withLock { $0.append("validated:\(response.statusCode):\(fileURL == destination):\(outcome)") }
        }
        monitor.requestDidParseDownloadResponse = { _, response in
            events.withLock { $0.append("parsed:\(response.fileURL == destination)") }
        }
        let session = Session(eventMonitors: [monitor])
        // When the item is downloaded to the destination, validated
        let fileURL = await withCheckedContinuation { continuation in
            session.download(URLRequest(url: server.url("item")), to: { _, _ in (destination, []) }).validate()
                .response(queue: queue) { continuation.resume(returning: $0.fileURL) }
        }
        monitorQueue.sync {}
        // Then the destination, the validation and the parse were told, after the request's own events
        #expect(fileURL == destination)
        #expect(
            events.value.filter { $0.hasPrefix("destination") || $0.hasPrefix("validated") || $0.hasPrefix("parsed") }
                == [
                    "destination:" + destination.lastPathComponent, "validated:200:true:success", "parsed:true",
                ])
        #expect(events.value.first == "resume")
        #expect(events.value.contains("finish"))
    }

    /// Sends `request` unserialized, validated, and waits for its status code.
    func status(of request: UploadRequest) async -> Int? {
        await withCheckedContinuation { continuation in
            request.validate().response(queue: queue) { continuation.resume(returning: $0.response?.statusCode) }
        }
    }

    @Test("an upload tells its body after its URLRequest is made and before its response, once per attempt")
    func upload() async throws {
        // Given a session without interceptors and one retrying once, each with a closure monitor
        let server = try Self.server()
        defer { server.stop() }
        let monitorQueue = DispatchQueue(label: "monitors")
        let (monitor, events) = Self.recorder(on: monitorQueue)
        let (retryMonitor, retryEvents) = Self.recorder(on: monitorQueue)
        let session = Session(eventMonitors: [monitor])
        let retrying = Session(interceptor: RetryPolicy(retryLimit: 1), eventMonitors: [retryMonitor])
        // When bytes are uploaded with each, the second to an endpoint that first answers 503
        let once = await status(of: session.upload(Data("abc".utf8), to: server.url("upload")))
        let twice = await status(of: retrying.upload(Data("abcd".utf8), to: server.url("busy"), method: .put))
        monitorQueue.sync {}
        // Then the body was told before each attempt's response was validated
        #expect(once == 200)
        #expect(twice == 200)
        #expect(
            events.value == [
                "resume", "initial", "urlRequest", "uploadable:data:3", "validated:200:success", "finish", "parsed",
            ])
        #expect(
            retryEvents.value == [
                "resume", "initial", "urlRequest", "adapted:none", "urlRequest", "uploadable:data:4",
                "validated:503:failure", "retrying", "adapted:none", "urlRequest", "uploadable:data:4",
                "validated:200:success", "finish", "parsed",
            ])
    }

    @Test("a body that cannot be made is told on each attempt the retrier allows, and nothing is sent")
    func uploadableFailure() async throws {
        // Given a session whose retrier allows one retry, and a closure monitor
        let server = try Self.server()
        defer { server.stop() }
        let monitorQueue = DispatchQueue(label: "monitors")
        let (monitor, events) = Self.recorder(on: monitorQueue)
        let retrier = Retrier { request, _, _, completion in completion(request.retryCount < 1 ? .retry : .doNotRetry) }
        let session = Session(interceptor: retrier, eventMonitors: [monitor])
        // When an upload whose body cannot be made is sent
        let error = await withCheckedContinuation { continuation in
            session.upload(Unmakeable(url: server.url("upload"))).validate().response(queue: queue) {
                continuation.resume(returning: $0.error)
            }
        }
        monitorQueue.sync {}
        // Then each attempt told the failure instead of a body, no validation ran and nothing was sent
        #expect(error?.isCreateUploadableError == true)
        #expect(
            events.value == [
                "resume", "initial", "urlRequest", "adapted:none", "urlRequest", "uploadableFailed:createUploadable",
                "retrying", "adapted:none", "urlRequest", "uploadableFailed:createUploadable", "finish", "parsed",
            ])
        #expect(server.requests.isEmpty)
    }

    @Test("a stream tells what each serializing handler made of each piece, before that handler gets it")
    func streamParse() async throws {
        // Given a stream whose second piece is sent once the first was handled, two monitors (a
        // closure one and a generic one) and the handlers on the monitors' queue
        let next = Latch()
        defer { next.open() }
        let server = try Self.server(next: next)
        defer { server.stop() }
        let monitorQueue = DispatchQueue(label: "monitors")
        let (monitor, events) = Self.recorder(on: monitorQueue)
        let types = Locked<[String]>([])
        let session = Session(
            startRequestsImmediately: false,
            eventMonitors: [monitor, ParsedStreams(queue: monitorQueue, types: types)])
        let (decoded, texts, raw) = (Latch(), Latch(), Latch())
        let rawBytes = Locked(0)
        let note: @Sendable (String) -> Void = { name in events.withLock { $0.append(name) } }
        // When a decodable, a string and a raw handler read the stream
        let request = session.streamRequest(server.url("ticks")).validate()
        request.responseStreamDecodable(of: Tick.self, on: monitorQueue) { stream in
            switch stream.event {
            case .stream(.success(let tick)):
                note("handler:\(tick.price)")
                next.open()
            case .stream(.failure): note("handler:failure")
            case .complete: decoded.open()
            }
        }
        request.responseStreamString(on: monitorQueue) { stream in
            if let text = stream.value { note("text:" + text) }
            if stream.completion != nil { texts.open() }
        }
        request.responseStream(on: queue) { stream in
            if let data = stream.value { rawBytes.withLock { $0 += data.count } }
            if stream.completion != nil { raw.open() }
        }
        request.resume()
        await decoded.wait()
        await texts.wait()
        await raw.wait()
        monitorQueue.sync {}
        // Then each piece was told per serializing handler, typed, after the validation and before
        // that handler got it; the raw handler's pieces were not told (the finish may come before the
        // last piece is serialized, as in Alamofire)
        #expect(
            events.value.filter { $0 != "finish" } == [
                "resume", "initial", "urlRequest", "validated:200:success",
                "parsedStream:Tick(price: 1.0)", "handler:1.0", #"parsedStream:{"price":1}"#, #"text:{"price":1}"#,
                "parsedStream:failure", "handler:failure", "parsedStream:oops", "text:oops",
            ])
        #expect(events.value.contains("finish"))
        #expect(types.value == ["Tick", "String", "Tick", "String"])
        #expect(rawBytes.value == 15)
    }
}
