import Dispatch
import Foundation
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A decoder's failure, mapped between Alamofire's error and NetworkKit's both ways.
@Suite("AFError ↔ HTTPError: a DecodingError keeps its coding path, reason and body excerpt")
struct AFErrorDecodingTests {
    /// A body that decoded when it was meant not to.
    struct DidNotFail: Error {}

    struct Order: Decodable, Sendable {
        let items: [Line]
    }

    struct Line: Decodable, Sendable {
        let name: String
        let price: Double
    }

    /// A body that fails to decode as an ``Order`` with one kind of `DecodingError`, at a path.
    struct Failing: Sendable, CustomTestStringConvertible {
        let kind: String
        let body: String
        let codingPath: String

        var testDescription: String { kind }
    }

    static let failing: [Failing] = [
        // Longer than the excerpt, so the excerpt is the body's start
        Failing(
            kind: "keyNotFound",
            body: #"{"note":""# + String(repeating: "n", count: 300) + #"","items":[{"name":"tea"}]}"#,
            codingPath: "items[0].price"),
        Failing(
            kind: "typeMismatch", body: #"{"items":[{"name":"tea","price":"cheap"}]}"#, codingPath: "items[0].price"),
        Failing(kind: "dataCorrupted", body: #"{"items":[{"name":"tea","price":"#, codingPath: ""),
    ]

    static let url = URL(string: "https://api.example.com/orders/7?token=secret")

    static func request() throws -> URLRequest {
        URLRequest(url: try #require(url))
    }

    static func response() throws -> HTTPURLResponse {
        let url = try #require(url)
        return try #require(
            HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"]))
    }

    /// What `JSONDecoder` throws for `body`.
    static func decodingError(_ body: Data) throws -> DecodingError {
        do {
            _ = try JSONDecoder().decode(Order.self, from: body)
        } catch let error as DecodingError {
            return error
        }
        throw DidNotFail()
    }

    /// NetworkKit's own failure for `body`, as `HTTPResponse.decode` makes it.
    static func ownFailure(_ body: Data) throws -> HTTPError {
        let answer = HTTPResponse(
            request: try request(), statusCode: 200, headers: [:], body: body, url: url, duration: .zero)
        do throws(HTTPError) {
            _ = try answer.decode(Order.self)
        } catch {
            return error
        }
        throw DidNotFail()
    }

    static func kind(of error: DecodingError) -> String {
        switch error {
        case .keyNotFound: "keyNotFound"
        case .typeMismatch: "typeMismatch"
        case .valueNotFound: "valueNotFound"
        case .dataCorrupted: "dataCorrupted"
        @unknown default: "unknown"
        }
    }

    @Test(
        "AFError → HTTPError takes the path, reason and excerpt NetworkKit's decoding gives; back, the same DecodingError",
        arguments: failing)
    func fromAFError(_ failing: Failing) throws {
        // Given the AFError a DecodableResponseSerializer throws for the body
        let body = Data(failing.body.utf8)
        let decodingError = try Self.decodingError(body)
        #expect(Self.kind(of: decodingError) == failing.kind)
        let afError = AFError.responseSerializationFailed(reason: .decodingFailed(error: decodingError))
        // When it is mapped to an HTTPError with the request, response and body it failed with
        let mapped = HTTPError(afError, request: try Self.request(), response: try Self.response(), data: body)
        // Then the failure says what NetworkKit's own decoding says, but for the type no AFError names
        guard case .decodingFailed(let failure) = mapped, case .decodingFailed(let own) = try Self.ownFailure(body)
        else {
            Issue.record("expected decodingFailed, got \(mapped)")
            return
        }
        #expect(failure.codingPath == failing.codingPath)
        #expect(failure.codingPath == own.codingPath)
        #expect(failure.reason == own.reason)
        #expect(failure.excerpt == own.excerpt)
        #expect(failure.excerpt == String(failing.body.prefix(200)))
        #expect(failure.request == own.request)
        #expect(failure.type.isEmpty)
        #expect(mapped.description.contains(failing.codingPath.isEmpty ? "the top level" : failing.codingPath))
        #expect(!mapped.description.contains("secret"))
        // And back to an AFError, it is the one it was made from, with the DecodingError inside
        let back = AFError(mapped)
        guard case .responseSerializationFailed(.decodingFailed(let inner as DecodingError)) = back else {
            Issue.record("expected decodingFailed with a DecodingError, got \(back)")
            return
        }
        #expect(String(reflecting: inner) == String(reflecting: decodingError))
        #expect(back.errorDescription == afError.errorDescription)
    }

    @Test(
        "HTTPError → AFError → HTTPError comes back equal, NetworkKit's own or made from an AFError", arguments: failing
    )
    func fromHTTPError(_ failing: Failing) throws {
        // Given NetworkKit's own failure for the body, and the one made from the serializer's AFError
        let body = Data(failing.body.utf8)
        let (request, response) = (try Self.request(), try Self.response())
        let own = try Self.ownFailure(body)
        let fromAlamofire = HTTPError(
            AFError.responseSerializationFailed(reason: .decodingFailed(error: try Self.decodingError(body))),
            request: request, response: response, data: body)
        // When each goes to an AFError and back, given what the request failed with
        let ownBack = HTTPError(AFError(own), request: request, response: response, data: body)
        let fromAlamofireBack = HTTPError(AFError(fromAlamofire), request: request, response: response, data: body)
        // Then each is equal to what it was; NetworkKit's own keeps its type even without them
        #expect(ownBack == own)
        #expect(HTTPError(AFError(own)) == own)
        #expect(fromAlamofireBack == fromAlamofire)
        guard case .decodingFailed(let failure) = fromAlamofireBack else {
            Issue.record("expected decodingFailed, got \(fromAlamofireBack)")
            return
        }
        #expect(failure.codingPath == failing.codingPath)
        #expect(AFError(fromAlamofireBack).underlyingError is DecodingError)
    }

    @Test("a DataRequest's decoding failure maps to an HTTPError with the path and the body it got")
    func endToEnd() async throws {
        // Given a server whose order lacks a price
        let body = #"{"items":[{"name":"tea"}]}"#
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/order") { _ in .json(data: Data(body.utf8)) }
        // When a DataRequest decodes it (the session kept alive: its requests do not keep it)
        let session = Session()
        let response = await withCheckedContinuation { continuation in
            session.request(server.url("order")).responseDecodable(
                of: Order.self, queue: DispatchQueue(label: "AFErrorDecodingTests")
            ) { continuation.resume(returning: $0) }
        }
        // Then its AFError maps to a decoding failure at the missing key, quoting the body
        let error = try #require(response.error)
        let mapped = HTTPError(error, request: response.request, response: response.response, data: response.data)
        guard case .decodingFailed(let failure) = mapped else {
            Issue.record("expected decodingFailed, got \(mapped)")
            return
        }
        #expect(failure.codingPath == "items[0].price")
        #expect(failure.excerpt == body)
        #expect(failure.request.url == server.url("order"))
        #expect(AFError(mapped).underlyingError is DecodingError)
    }
}
