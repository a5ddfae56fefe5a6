import Dispatch
import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Sendable facts of a `DataResponse`, taken inside its handler.
private struct Outcome: Sendable {
    var status: Int?
    var body: String?
    var error: AFError?
    var sentURL: URL?
    var value: String

    init<Value>(_ response: AFDataResponse<Value>) {
        status = response.response?.statusCode
        body = response.data.map { String(decoding: $0, as: UTF8.self) }
        error = response.error
        sentURL = response.request?.url
        value = response.value.map { "\(type(of: $0 as Any))" } ?? "none"
    }
}

@Suite("Session and DataRequest (the Router-pattern article's Alamofire shapes)")
struct DataRequestTests {
    let queue = DispatchQueue(label: "DataRequestTests")

    private func json(_ request: DataRequest) async -> Outcome {
        await withCheckedContinuation { continuation in
            request.responseJSON(queue: queue) { continuation.resume(returning: Outcome($0)) }
        }
    }

    @Test("validate(statusCode:) takes any sequence; a failed response keeps its status and body")
    func statusValidation() async throws {
        // Given a teapot and a created response, validated against [200, 201]
        let teapot = Session.default.request(try HTTPBinRouter("status/418")).validate(statusCode: [200, 201])
        let created = Session.default.request(try HTTPBinRouter("status/201")).validate(statusCode: [200, 201])
        // When both are answered
        let refused = await json(teapot)
        // (httpbin's 201 has no body, which responseData, as Alamofire's, refuses outside 204/205;
        // response(queue:) hands it over unserialized)
        let accepted = await withCheckedContinuation { continuation in
            created.response(queue: queue) { continuation.resume(returning: Outcome($0)) }
        }
        // Then 418 is an unacceptable status with the status still reported, and 201 succeeds
        #expect(refused.status == 418)
        #expect(refused.error?.responseCode == 418)
        #expect(accepted.status == 201)
        #expect(accepted.error == nil)
    }

    @Test("without validation every status succeeds; validate() wants 2xx and the Accept header's type")
    func acceptValidation() async throws {
        // Given an HTML page requested with Accept: application/json
        var route = try HTTPBinRouter("html")
        route.headers = [.accept("application/json")]
        // When it is sent unvalidated and validated
        let plain = await withCheckedContinuation { continuation in
            Session.default.request(route).responseData(queue: queue) { continuation.resume(returning: Outcome($0)) }
        }
        let checked = await json(Session.default.request(route).validate())
        let missing = await json(Session.default.request(try HTTPBinRouter("status/404")).validate())
        // Then only the validated ones fail, each for its own reason
        #expect(plain.error == nil && plain.status == 200)
        #expect(checked.error?.responseContentType == "text/html")
        #expect(checked.error?.acceptableContentTypes == ["application/json"])
        #expect(missing.error?.responseCode == 404)
    }

    @Test("responseJSON: objects parse, other bodies are decoding errors with their data, an empty 204 is NSNull")
    func jsonSerialization() async throws {
        let object = await json(Session.default.request(try HTTPBinRouter("json")))
        let html = await json(Session.default.request(try HTTPBinRouter("html")))
        let empty = await json(Session.default.request(try HTTPBinRouter("status/204")))
        #expect(object.value.contains("Dictionary"))
        guard case .responseSerializationFailed(.jsonSerializationFailed)? = html.error else {
            Issue.record("expected a JSON serialization failure, got \(String(describing: html.error))")
            return
        }
        #expect(html.body?.contains("<html") == true)
        #expect(empty.status == 204 && empty.value == "NSNull")
    }

    @Test("a request that cannot be built fails its handlers without sending anything")
    func unbuildable() async throws {
        // Given a router whose method forbids its body
        var route = try HTTPBinRouter("anything")
        route.makeBody = { Data("x".utf8) }
        // When it is answered
        let outcome = await json(Session.default.request(route))
        // Then the build error arrives with no request, response or data
        #expect(outcome.error.map { HTTPError($0) } == .encodingFailed(.bodyNotAllowed(.get)))
        #expect(outcome.status == nil && outcome.body == nil && outcome.sentURL == nil)
    }

    @Test("several handlers share one exchange with the server")
    func sentOnce() async throws {
        // Given httpbin's endpoint that answers a fresh UUID each time
        let request = Session.default.request(try HTTPBinRouter("uuid"))
        // When two handlers are added
        async let first = withCheckedContinuation { continuation in
            request.responseData(queue: queue) { continuation.resume(returning: Outcome($0)) }
        }
        async let second = json(request)
        let bodies = await [first.body, second.body]
        // Then both saw the same body
        #expect(bodies[0] != nil && bodies[0] == bodies[1])
    }
}
