import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport conformance suite, requests and bodies: what every ``HTTPTransport`` must carry,
/// through a client and through an exchange of its own, on libcurl, URLSession and a transport
/// written with the public API only.
@Suite("Transport conformance: requests, statuses, headers and bodies", .timeLimit(.minutes(1)))
struct ConformanceRequestTests {
    /// The body kinds of ``HTTPExchange/Body`` that carry bytes.
    enum BodyKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case data, file, streamWithLength, streamWithoutLength

        var testDescription: String { rawValue }

        /// The body for `content`, written to `folder` when it is a file.
        func body(_ content: Data, in folder: TestFolder) throws -> HTTPExchange.Body {
            switch self {
            case .data: return .data(content)
            case .file: return .file(try folder.write(content, to: "body.bin"), length: Int64(content.count))
            case .streamWithLength: return .stream({ InputStream(data: content) }, length: Int64(content.count))
            case .streamWithoutLength: return .stream({ InputStream(data: content) }, length: nil)
            }
        }
    }

    /// 300 KB: several pieces on every transport, on both sides.
    static let content = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })

    /// Whether `data` is ``content``; a Bool, so that a failure does not make Swift Testing diff
    /// 300 KB byte by byte.
    static func isContent(_ data: Data) -> Bool {
        data == content
    }

    @Test(
        "a GET delivers the status, the headers (repeated ones joined) and the body; the server sees the request's fields",
        arguments: ConformanceTransport.all, ConformancePath.allCases)
    func get(transport: ConformanceTransport, path: ConformancePath) async throws {
        // Given a server answering 203 with fields of its own, two of the same name, and a body
        let rig = try ConformanceRig(transport)
        rig.server.stub(method: .get, path: "/resource") { _ in
            var headers: MockHeaders = ["Content-Type": "text/plain", "X-Conformance": "yes"]
            headers.add("X-Repeated", "one")
            headers.add("X-Repeated", "two")
            return MockResponse(status: 203, headers: headers, body: Data("the resource".utf8))
        }
        var request = rig.request("resource?q=a%20b")
        request.setValue("Bearer token", forHTTPHeaderField: "Authorization")

        // When the transport sends it
        let response = try await rig.send(request, via: path)
        await rig.finish()

        // Then the caller got all of it, and the server the request as made
        #expect(response.statusCode == 203)
        #expect(response.headers["X-Conformance"] == "yes")
        #expect(response.headers["x-repeated"] == "one, two")
        #expect(response.mimeType == "text/plain")
        #expect(response.text == "the resource")
        #expect(response.url == rig.server.url("resource?q=a%20b"))
        let seen = try #require(rig.server.requests.last)
        #expect(seen.method == .get && seen.path == "/resource" && seen.queryValue("q") == "a b")
        #expect(seen.headers["Authorization"] == "Bearer token")
    }

    @Test(
        "error and empty statuses are delivered as the answer: 404 and 500 with bodies, 204 and a HEAD without",
        arguments: ConformanceTransport.all)
    func statuses(transport: ConformanceTransport) async throws {
        // Given a server answering each path with its status, and a HEAD with a length but no body
        let rig = try ConformanceRig(transport)
        for status in [404, 500] {
            rig.server.stub(method: .get, path: "/\(status)") { _ in .text("status \(status)", status: status) }
        }
        rig.server.stub(method: .delete, path: "/204") { _ in .status(204) }
        rig.server.stub(method: .head, path: "/head") { _ in .text("unsent body") }
        let client = rig.client()

        // When the client asks for each
        let missing = try await client.send(rig.request("404"))
        let broken = try await client.send(rig.request("500"))
        let empty = try await client.send(rig.request("204", method: "DELETE"))
        let head = try await client.send(rig.request("head", method: "HEAD"))
        await rig.finish()

        // Then each status arrived with its body, or none
        #expect(missing.statusCode == 404 && missing.text == "status 404")
        #expect(broken.statusCode == 500 && broken.text == "status 500")
        #expect(empty.statusCode == 204 && empty.body.isEmpty)
        #expect(head.statusCode == 200 && head.body.isEmpty)
        #expect(head.headers["Content-Length"] == String("unsent body".utf8.count))
    }

    @Test(
        "an exchange's body of each kind reaches the server whole, framed by its length or chunked",
        arguments: ConformanceTransport.all, BodyKind.allCases)
    func exchangeBodies(transport: ConformanceTransport, kind: BodyKind) async throws {
        // Given a server that answers a POST with the length it read, and a body of the kind
        let rig = try ConformanceRig(transport)
        rig.server.stub(method: .post, path: "/upload") { request in .text("\(request.body.count)") }
        let folder = try TestFolder()
        defer { folder.remove() }
        let body = try kind.body(Self.content, in: folder)

        // When an exchange posts it
        let response = try await rig.send(rig.request("upload", method: "POST"), body: body, via: .exchange)
        await rig.finish()

        // Then the server read every byte, framed one way: a known length announced, an unknown one
        // (or any stream, on a transport that sends every stream chunked) chunked
        #expect(response.text == "\(Self.content.count)")
        let seen = try #require(rig.server.requests.last)
        #expect(Self.isContent(seen.body), "the server read \(seen.body.count) bytes")
        if Self.isChunked(kind, on: rig.transport.inner) {
            #expect(seen.headers["Transfer-Encoding"]?.lowercased() == "chunked")
            #expect(seen.headers["Content-Length"] == nil)
        } else {
            #expect(seen.headers["Content-Length"] == "\(Self.content.count)")
            #expect(seen.headers["Transfer-Encoding"] == nil)
        }
    }

    /// Whether `transport` sends a body of `kind` chunked: a stream without a length, and on a
    /// transport that sends every stream chunked (``RequestBodyPreference/chunkedStream``, URLSession
    /// on Linux, whose FoundationNetworking gives libcurl no length for a stream) any stream.
    static func isChunked(_ kind: BodyKind, on transport: any HTTPTransport) -> Bool {
        switch kind {
        case .data, .file: false
        case .streamWithoutLength: true
        case .streamWithLength: transport.requestBodyPreference == .chunkedStream
        }
    }

    @Test(
        "a client's bodies reach the server whole: a request's data, a file upload, a multipart form",
        arguments: ConformanceTransport.all)
    func clientBodies(transport: ConformanceTransport) async throws {
        // Given a server that echoes what it read, and a file
        let rig = try ConformanceRig(transport)
        rig.server.stub(method: .post, path: "/echo") { request in MockResponse(body: request.body) }
        rig.server.stub(method: .put, path: "/echo") { request in MockResponse(body: request.body) }
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = try folder.write(Self.content, to: "upload.bin")
        var form = MultipartFormData()
        form.append("conformance", name: "field")
        try form.append(streamingFileAt: file, name: "file")
        let client = rig.client()

        // When the client posts data, puts the file and posts the form
        let data = try await rig.send(rig.request("echo", method: "POST"), body: .data(Self.content), via: .client)
        let uploaded = try await rig.send(
            rig.request("echo", method: "PUT"), body: .file(file, length: 0), via: .client)
        let multipart = try await client.upload(.multipart(form), with: rig.request("echo", method: "POST"))
        await rig.finish()

        // Then each came back whole
        #expect(Self.isContent(data.body), "\(data.body.count) bytes came back")
        #expect(Self.isContent(uploaded.body), "\(uploaded.body.count) bytes came back")
        #expect(multipart.text.contains("conformance"))
        #expect(multipart.body.count > Self.content.count)
        let formRequest = try #require(rig.server.requests.last)
        #expect(formRequest.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
    }
}
