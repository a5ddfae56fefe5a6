import Foundation
import MockServerKit
import Testing

/// Conditional answers (RFC 9110 §13.1) from ``MockResponse/validated(for:)``.
@Suite("Conditional answers: 304 for a client that holds the response")
struct ValidatorResponseTests {
    static let modified = Date(timeIntervalSince1970: 1_700_000_000)
    static let response = MockResponse.text("[1,2]").caching(
        "max-age=60", entityTag: "\"v1\"", lastModified: modified)

    /// A GET carrying `fields`.
    static func request(_ fields: MockHeaders, method: MockRequest.Method = .get) -> MockRequest {
        MockRequest(method: method, target: "/items", headers: fields, body: Data())
    }

    @Test("caching sets Cache-Control, ETag and Last-Modified as an HTTP date")
    func cachingFields() {
        #expect(Self.response.headers["Cache-Control"] == "max-age=60")
        #expect(Self.response.headers["ETag"] == "\"v1\"")
        #expect(Self.response.headers["Last-Modified"] == "Tue, 14 Nov 2023 22:13:20 GMT")
    }

    @Test(
        "If-None-Match with the tag (weakly compared), among others, or *, gives 304 with the cache fields and no body",
        arguments: ["\"v1\"", "W/\"v1\"", "\"v0\", \"v1\"", "*"])
    func ifNoneMatchHit(value: String) {
        let answer = Self.response.validated(for: Self.request(["If-None-Match": value]))
        #expect(answer.status == 304)
        #expect(answer.body.isEmpty)
        #expect(answer.headers["ETag"] == "\"v1\"")
        #expect(answer.headers["Cache-Control"] == "max-age=60")
        #expect(answer.headers["Content-Type"] == nil)
    }

    @Test("another tag gives the whole response, and If-Modified-Since is then not consulted")
    func ifNoneMatchMiss() {
        let answer = Self.response.validated(
            for: Self.request(["If-None-Match": "\"v2\"", "If-Modified-Since": "Wed, 15 Nov 2023 00:00:00 GMT"]))
        #expect(answer.status == 200)
        #expect(String(decoding: answer.body, as: UTF8.self) == "[1,2]")
    }

    @Test("If-Modified-Since at or after Last-Modified gives 304; before it, or unparsable, the whole response")
    func ifModifiedSince() {
        let at = Self.response.validated(for: Self.request(["If-Modified-Since": "Tue, 14 Nov 2023 22:13:20 GMT"]))
        let after = Self.response.validated(for: Self.request(["If-Modified-Since": "Wed, 15 Nov 2023 00:00:00 GMT"]))
        let before = Self.response.validated(for: Self.request(["If-Modified-Since": "Mon, 13 Nov 2023 00:00:00 GMT"]))
        let broken = Self.response.validated(for: Self.request(["If-Modified-Since": "yesterday"]))
        let statuses: [Int] = [at.status, after.status, before.status, broken.status]
        #expect(statuses == [304, 304, 200, 200])
    }

    @Test("a POST, or a response other than 200, is never turned into a 304")
    func onlyGetAndOK() {
        let post = Self.response.validated(for: Self.request(["If-None-Match": "*"], method: .post))
        let created = MockResponse.text("x", status: 201).caching(entityTag: "\"v1\"")
            .validated(for: Self.request(["If-None-Match": "\"v1\""]))
        #expect(post.status == 200)
        #expect(created.status == 201)
    }
}
