import Dispatch
import Foundation
import MockServerKit
import Testing

@testable import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the façade's fast path skips must still be there when read: the `HTTPURLResponse` made on
/// demand, built-in validations read from NetworkKit's response, serialization in place only on the
/// session's own queue, and request identifiers laid out as version 4 UUIDs, never repeated.
@Suite("The façade's request path: lazily made responses, built-in validations, serialization queues")
struct RequestHotPathTests {
    let queue = DispatchQueue(label: "RequestHotPathTests")

    static func server() throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .get, path: "/item") { _ in
            MockResponse(
                status: 200, headers: ["Content-Type": "Application/JSON; charset=utf-8", "X-Kind": "item"],
                body: Data(#"{"id":7}"#.utf8))
        }
        server.stub(method: .get, path: "/empty") { _ in MockResponse(status: 204) }
        return server
    }

    struct Item: Decodable, Sendable, Equatable { let id: Int }

    /// The Sendable facts of a response, read inside its handler.
    struct Facts: Sendable {
        var value: Item?
        var status: Int?
        var kind: String?
        var mimeType: String?
        var error: AFError?
    }

    func decoded(_ request: DataRequest) async -> Facts {
        await withCheckedContinuation { continuation in
            request.responseDecodable(of: Item.self, queue: queue) { response in
                continuation.resume(
                    returning: Facts(
                        value: response.value, status: response.response?.statusCode,
                        kind: response.response?.value(forHTTPHeaderField: "X-Kind"),
                        mimeType: response.response?.mimeType, error: response.error))
            }
        }
    }

    @Test("a decoded response still gives its HTTPURLResponse, status and headers, when read")
    func responseIsMadeWhenRead() async throws {
        // Given a JSON item and a session
        let server = try Self.server()
        defer { server.stop() }
        let session = Session()
        let request = session.request(server.url("item")).validate()
        // When it is decoded
        let facts = await decoded(request)
        // Then the value came, and the response read afterwards is the server's
        #expect(facts.value == Item(id: 7))
        #expect(facts.status == 200)
        #expect(facts.kind == "item")
        #expect(facts.mimeType?.lowercased() == "application/json")
        #expect(request.response?.statusCode == 200)
        #expect(request.response?.value(forHTTPHeaderField: "X-Kind") == "item")
    }

    @Test("validate(statusCode:) accepts ranges, closed ranges and lists alike")
    func statusCodeForms() async throws {
        // Given the same 204 validated four ways
        let server = try Self.server()
        defer { server.stop() }
        let session = Session()
        let url = server.url("empty")
        func error(_ request: DataRequest) async -> AFError? {
            await withCheckedContinuation { continuation in
                request.response(queue: queue) { continuation.resume(returning: $0.error) }
            }
        }
        // When each is answered
        let range = await error(session.request(url).validate(statusCode: 200..<300))
        let closed = await error(session.request(url).validate(statusCode: 200...204))
        let list = await error(session.request(url).validate(statusCode: [200, 204]))
        let excluded = await error(session.request(url).validate(statusCode: 200..<204))
        // Then only the range that ends before 204 refuses it, with its status
        #expect(range == nil)
        #expect(closed == nil)
        #expect(list == nil)
        #expect(excluded?.responseCode == 204)
    }

    @Test("StatusCodes holds exactly the codes it was given")
    func statusCodes() {
        #expect(StatusCodes(200..<300).contains(200))
        #expect(!StatusCodes(200..<300).contains(300))
        #expect(!StatusCodes(200..<200).contains(200))
        #expect(StatusCodes(400...404).contains(404))
        #expect(!StatusCodes(400...404).contains(405))
        #expect(StatusCodes([301, 302]).contains(302))
        #expect(!StatusCodes([301, 302]).contains(303))
        #expect(StatusCodes.success.contains(204))
    }

    @Test("a wildcard range passes any type, or none, without reading it; other ranges read and match it")
    func contentTypeCheck() {
        // Given a count of the times the response's type is read
        var reads = 0
        func type(_ value: String?) -> String? {
            reads += 1
            return value
        }
        func passes(_ value: String?, _ acceptable: [String]) -> Bool {
            if case .success = DataRequest.check(contentType: type(value), isEmpty: false, against: acceptable) {
                return true
            }
            return false
        }
        // When `*/*` (validate()'s range without an Accept field) is checked, with or without parameters
        #expect(passes("text/html", ["*/*"]))
        #expect(passes(nil, ["application/json", "*/*;q=0.8"]))
        // Then the type was never read
        #expect(reads == 0)
        // And other ranges read it, match it ignoring case and parameters, and refuse a missing one
        #expect(passes("Application/JSON; charset=utf-8", ["application/json"]))
        #expect(passes("application/json", ["application/*"]))
        #expect(!passes("text/html", ["application/json"]))
        #expect(!passes(nil, ["application/json"]))
        // As before, a wildcard after a space matches a type but not a missing one
        #expect(passes("text/html", [" */*"]))
        #expect(!passes(nil, [" */*"]))
        #expect(reads == 6)
        // An empty body passes without a look at the type
        #expect((try? DataRequest.check(contentType: type(nil), isEmpty: true, against: ["a/b"]).get()) != nil)
        #expect(reads == 6)
    }

    @Test("built-in serializers are known to skip the response for a body; any other serializer reads it")
    func responseReading() {
        #expect(!ResponseReading.readsResponseForBody(DataResponseSerializer()))
        #expect(!ResponseReading.readsResponseForBody(DecodableResponseSerializer<Item>()))
        #expect(!ResponseReading.readsResponseForBody(StringResponseSerializer(encoding: .utf8)))
        #expect(ResponseReading.readsResponseForBody(StringResponseSerializer()))
        #expect(ResponseReading.readsResponseForBody(ProbeSerializer { nil }))
    }

    @Test("a serialization queue the app gives runs the serializers; the session's own may be skipped")
    func serializationQueue() async throws {
        // Given a session with its own serialization queue, marked so a serializer can tell
        let server = try Self.server()
        defer { server.stop() }
        let key = DispatchSpecificKey<String>()
        let serializing = DispatchQueue(label: "serializing")
        serializing.setSpecific(key: key, value: "app")
        let given = Session(serializationQueue: serializing)
        let url = server.url("item")
        func place(_ session: Session) async -> String? {
            await withCheckedContinuation { continuation in
                session.request(url).response(
                    queue: queue,
                    responseSerializer: ProbeSerializer { DispatchQueue.getSpecific(key: key) }
                ) { continuation.resume(returning: $0.value ?? nil) }
            }
        }
        // When a request of each session is serialized
        let onGiven = await place(given)
        let own = Session()
        let onOwn = await place(own)
        // Then the app's queue ran the first serializer, and the other ran elsewhere
        #expect(onGiven == "app")
        #expect(onOwn == nil)
    }

    @Test("request identifiers are version 4, RFC 9562 variant, and differ")
    func identifiers() async {
        let ids = (0..<1000).map { _ in UUID.unique() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.uuid.6 >> 4 == 4)
            #expect(id.uuid.8 >> 6 == 0b10)
        }
        #expect(Session().request("http://127.0.0.1/").id != Session().request("http://127.0.0.1/").id)
        // Made from several threads at once, none repeats either
        let concurrent = await withTaskGroup(of: [UUID].self) { group in
            for _ in 0..<4 { group.addTask { (0..<500).map { _ in UUID.unique() } } }
            return await group.reduce(into: [UUID]()) { $0 += $1 }
        }
        #expect(Set(concurrent + ids).count == concurrent.count + ids.count)
    }

    @Test("RequestLock serialises its users, and its state goes with it")
    func requestLock() async {
        // Given a box shared by eight tasks
        let box = RequestLock.make(0)
        // When each adds 1 a thousand times
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { for _ in 0..<1000 { box.withLock { $0 += 1 } } } }
        }
        // Then no addition was lost
        #expect(box.withLock { $0 } == 8000)
        // And a box's state is released with the box
        final class Token {}
        weak var released: Token?
        do {
            let token = Token()
            released = token
            let held = RequestLock.make(token)
            #expect(held.withLock { $0 } === token)
        }
        #expect(released == nil)
    }

    @Test("ThreadRole tells the main thread from the others, asked again and again")
    func threadRole() async {
        let onMain = await MainActor.run { (ThreadRole.isMain, ThreadRole.isMain, Thread.isMainThread) }
        #expect(onMain.0 == onMain.2 && onMain.1 == onMain.2)
        let elsewhere = await Task.detached { (ThreadRole.isMain, ThreadRole.isMain, Thread.isMainThread) }.value
        #expect(elsewhere.0 == elsewhere.2 && elsewhere.1 == elsewhere.2)
        let onQueue = DispatchQueue(label: "ThreadRole").sync { (ThreadRole.isMain, Thread.isMainThread) }
        #expect(onQueue.0 == onQueue.1)
    }
}

/// A serializer that reports where it ran.
private struct ProbeSerializer: DataResponseSerializerProtocol {
    let probe: @Sendable () -> String?

    func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: (any Error)?) throws
        -> String?
    {
        probe()
    }
}
