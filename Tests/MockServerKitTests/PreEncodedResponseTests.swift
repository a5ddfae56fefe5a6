import Foundation
import MockServerKit
import ServiceUtilsTestSupport
import Testing

@Suite("A fixed stub's response is encoded once and sent as the general writer would")
struct PreEncodedResponseTests {
    private static let date = "Sun, 06 Nov 1994 08:49:37 GMT"

    @Test(
        "the kept bytes equal the formatted ones for every way the connection carries on",
        arguments: [
            MockResponse.json(data: Data(#"{"id":1}"#.utf8)),
            MockResponse.text("gone", status: 410),
            MockResponse(status: 204, headers: ["X-Trace": "a"], body: Data("dropped".utf8)),
            MockResponse(status: 304, headers: ["ETag": "\"v1\""]),
            MockResponse(status: 200, headers: ["Connection": "close"], body: Data("bye".utf8)),
            MockResponse(
                status: 42, headers: ["Content-Length": "999", "Date": "yesterday", "X-Line": "a\r\nb"],
                body: Data("odd".utf8)),
            MockResponse(status: 200, headers: ["Transfer-Encoding": "chunked", "Bad Name": "x"]),
        ])
    func byteIdentical(response: MockResponse) throws {
        // Given a response a fixed stub answers with
        // When it is encoded once and also formatted the general way
        let encodings = try #require(response.encodingsForTesting(date: Self.date))

        // Then both give the same bytes, whether the connection closes, stays open or announces it
        #expect(encodings.count == 3)
        for encoding in encodings {
            #expect(encoding.preEncoded == encoding.formatted, "reuse \(encoding.reuse)")
        }
    }

    @Test("a response with its own conditions is not kept as bytes")
    func conditionedResponseIsNotKept() {
        // Given a response that carries a fault
        let response = MockResponse.text("later").with(.closeAfter(bodyBytes: 1))

        // When it is offered for encoding
        let encodings = response.encodingsForTesting(date: Self.date)

        // Then it takes the general path
        #expect(encodings == nil)
    }

    @Test("the kept bytes change with the stub")
    func changesWithStub() throws {
        // Given two fixed responses for the same route
        let first = try #require(MockResponse.text("one").encodingsForTesting(date: Self.date))
        let second = try #require(MockResponse.text("two").encodingsForTesting(date: Self.date))

        // Then their bytes differ
        #expect(first.map(\.preEncoded) != second.map(\.preEncoded))
    }

    @Test("a server answers from the latest fixed stub, on a kept-alive connection, HEAD without a body")
    func servedFromLatestStub() async throws {
        // Given a server with a fixed stub, later replaced
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/item", response: .text("first"))
        let port = server.port

        // When the stub is requested, replaced and requested again on the same connection, then with HEAD
        let (before, after, head) = try await onThread {
            let client = try RawClient(port: port)
            try client.write("GET /item HTTP/1.1\r\nHost: t\r\n\r\n")
            let before = try client.readResponse()
            server.stub(method: .get, path: "/item", response: .text("second, longer"))
            try client.write("GET /item HTTP/1.1\r\nHost: t\r\n\r\n")
            let after = try client.readResponse()
            try client.write("HEAD /item HTTP/1.1\r\nHost: t\r\n\r\n")
            return (before, after, try client.readResponse(bodyExpected: false))
        }

        // Then each answer has the current body and its length, and HEAD states the length only
        #expect(before.text == "first")
        #expect(after.text == "second, longer")
        #expect(after.headers["content-length"] == "14")
        #expect(after.headers["date"] != nil)
        #expect(after.headers["connection"] == nil)
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == "14")
        #expect(Set(server.requests.map(\.connectionID)).count == 1)
    }

    @Test("an HTTP/1.0 keep-alive request gets the announcement, and Connection: close ends the connection")
    func connectionFields() async throws {
        // Given a server with a fixed stub
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/item", response: .text("x"))
        let port = server.port

        // When an HTTP/1.0 client asks to keep the connection, then a client asks to close it
        let (announced, closing) = try await onThread {
            let keeping = try RawClient(port: port)
            try keeping.write("GET /item HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let announced = try keeping.readResponse()
            let closing = try RawExchange.get("/item", port: port, fields: "Connection: close\r\n")
            return (announced, closing)
        }

        // Then the first is told keep-alive, and the second is told close and the stream ends
        #expect(announced.headers["connection"] == "keep-alive")
        #expect(closing.head.contains("\r\nConnection: close"))
        #expect(closing.end == .closed)
    }
}
