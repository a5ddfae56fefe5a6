import Foundation
import MockServerKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("MockResponse.ranged: Range and If-Range (RFC 9110 §13.1.5, §14)")
struct RangeResponseTests {
    /// 10,000 bytes, as in RFC 9110's range examples.
    private let content = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0) })
    private let entityTag = "\"v1\""
    private let date = "Sun, 06 Nov 1994 08:49:37 GMT"

    private func answer(_ headers: MockHeaders) -> MockResponse {
        let request = MockRequest(method: .get, target: "/file", headers: headers)
        return .ranged(content, for: request, entityTag: entityTag, lastModified: date)
    }

    @Test(
        "the RFC's byte-range forms select the right bytes",
        arguments: [
            ("bytes=0-499", 0...499), ("bytes=500-999", 500...999), ("bytes=-500", 9_500...9_999),
            ("bytes=9500-", 9_500...9_999), ("bytes=9990-20000", 9_990...9_999), ("bytes=0-0", 0...0),
        ])
    func satisfiable(range: String, bounds: ClosedRange<Int>) {
        // When a single range is asked for
        let response = answer(["Range": range])
        // Then it is a 206 with those bytes and their Content-Range
        #expect(response.status == 206)
        #expect(response.headers["Content-Range"] == "bytes \(bounds.lowerBound)-\(bounds.upperBound)/10000")
        #expect(response.body == content[bounds])
        #expect(response.headers["Accept-Ranges"] == "bytes")
    }

    @Test("a range starting past the end is 416 with the length in Content-Range")
    func unsatisfiable() {
        // When the first byte is beyond the content, or the suffix is empty
        for range in ["bytes=10000-", "bytes=-0"] {
            let response = answer(["Range": range])
            // Then the answer is 416 and names the length
            #expect(response.status == 416)
            #expect(response.headers["Content-Range"] == "bytes */10000")
            #expect(response.body.isEmpty)
        }
    }

    @Test("malformed, multiple or non-byte ranges get the whole content")
    func ignored() {
        for range in ["bytes=5-1", "bytes=a-b", "items=0-1", "bytes=0-1,5-6", "bytes=", "bytes=-"] {
            // When such a Range is sent
            let response = answer(["Range": range])
            // Then the whole content comes back with 200
            #expect(response.status == 200, "\(range)")
            #expect(response.body == content)
        }
    }

    @Test("If-Range with the current strong tag or date allows the range; anything else sends all")
    func ifRange() {
        // When the validator matches
        #expect(answer(["Range": "bytes=10-19", "If-Range": entityTag]).status == 206)
        #expect(answer(["Range": "bytes=10-19", "If-Range": date]).status == 206)
        // Then a changed tag, a weak tag or another date gets the whole content
        for stale in ["\"v0\"", "W/\"v1\"", "Mon, 07 Nov 1994 08:49:37 GMT"] {
            let response = answer(["Range": "bytes=10-19", "If-Range": stale])
            #expect(response.status == 200, "\(stale)")
            #expect(response.body == content)
        }
    }

    @Test("URLSession gets a 206 from a ranged stub on the wire")
    func overTheWire() async throws {
        // Given a server serving the content with ranges
        let server = try MockServer()
        defer { server.stop() }
        let content = self.content
        let entityTag = self.entityTag
        server.stub(method: .get, path: "/file") { request in .ranged(content, for: request, entityTag: entityTag) }

        // When the tail is requested
        let (body, response) = try await HTTP.send(HTTP.request(server, "file", headers: ["Range": "bytes=9000-"]))

        // Then the last 1,000 bytes arrive with 206
        #expect(response.statusCode == 206)
        #expect(response.value(forHTTPHeaderField: "Content-Range") == "bytes 9000-9999/10000")
        #expect(body == content[9_000...])
    }
}
