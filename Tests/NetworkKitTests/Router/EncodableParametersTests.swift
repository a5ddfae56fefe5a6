import Foundation
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A router with typed parameters beside every other part a test can set.
private struct TypedRouter: HTTPRouter {
    var baseURL: URL?
    var path = "items"
    var method: HTTPMethod = .get
    var headers: HTTPHeaders? = nil
    var parameterList: [String: String]? = nil
    var bodyData: Data? = nil
    var encodableParameters: EncodableParameters? = nil

    var parameters: Parameters? { parameterList }
    func body() throws -> Data? { bodyData }

    init(_ baseURL: URL? = URL(string: "https://api.example.com/v1?lang=en"), method: HTTPMethod = .get) {
        self.baseURL = baseURL
        self.method = method
    }
}

/// Search filters, sent as a query.
private struct Search: Encodable, Sendable {
    var text = "tea & biscuits"
    var tags = ["black", "green"]
    var page = 2
    var sort: String? = nil
}

/// A sign-up form, sent as a form body.
private struct SignUp: Encodable, Sendable {
    struct Address: Encodable, Sendable { var city = "Saint-Étienne" }

    var user = "ann"
    var password = "p@ss word+1=2&3"
    var address = Address()
    var newsletter = true
}

@Suite("EncodableParameters")
struct EncodableParametersTests {
    @Test("GET: the value goes to the query, after the URL's and the dictionary parameters'")
    func getQuery() throws {
        // Given a GET with a base query, dictionary parameters and an Encodable
        var router = TypedRouter()
        router.parameterList = ["q": "x"]
        router.encodableParameters = .urlEncoded(Search())
        // When the request is built
        let request = try router.asURLRequest()
        // Then the query holds all three in order, and there is no body
        #expect(
            request.url?.absoluteString
                == "https://api.example.com/v1/items?lang=en&q=x&page=2&tags%5B%5D=black&tags%5B%5D=green"
                + "&text=tea%20%26%20biscuits")
        #expect(request.httpBody == nil)
    }

    @Test("POST: the value is a form body with its content type")
    func postForm() throws {
        // Given a POST with an Encodable
        var router = TypedRouter(method: .post)
        router.encodableParameters = .urlEncoded(SignUp())
        // When the request is built
        let request = try router.asURLRequest()
        // Then the body is the form and the URL keeps only its own query
        #expect(request.url?.absoluteString == "https://api.example.com/v1/items?lang=en")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        let body = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
        #expect(
            body == "address%5Bcity%5D=Saint-%C3%89tienne&newsletter=1&password=p%40ss%20word%2B1%3D2%263&user=ann")
    }

    @Test("destinations: the query for a POST, a body for a DELETE, and the router's Content-Type kept")
    func destinations() throws {
        // Given a POST with a query destination, and a DELETE with a body destination and its own type
        var post = TypedRouter(method: .post)
        post.encodableParameters = .urlEncoded(["page": 3], destination: .queryString)
        var delete = TypedRouter(method: .delete)
        delete.headers = [.contentType("application/x-www-form-urlencoded")]
        delete.encodableParameters = .urlEncoded(["id": 7], destination: .httpBody)
        // When the requests are built
        let postRequest = try post.asURLRequest()
        let deleteRequest = try delete.asURLRequest()
        // Then each goes where it was sent
        #expect(postRequest.url?.query == "lang=en&page=3")
        #expect(postRequest.httpBody == nil)
        #expect(deleteRequest.url?.query == "lang=en")
        #expect(deleteRequest.httpBody == Data("id=7".utf8))
        #expect(deleteRequest.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test("a value with no pairs leaves the URL as it was")
    func emptyQuery() throws {
        // Given a GET whose Encodable has only nil members
        var router = TypedRouter(URL(string: "https://api.example.com/v1"))
        router.encodableParameters = .urlEncoded(["sort": String?.none])
        // When the request is built
        let request = try router.asURLRequest()
        // Then no `?` is added
        #expect(request.url?.absoluteString == "https://api.example.com/v1/items")
    }

    @Test("json: the value is a JSON body")
    func json() throws {
        // Given a PUT with a JSON Encodable and a sorting encoder
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var router = TypedRouter(method: .put)
        router.encodableParameters = .json(Search(), encoder: encoder)
        // When the request is built
        let request = try router.asURLRequest()
        // Then the body is the JSON and the content type says so
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(
            request.httpBody == Data(#"{"page":2,"tags":["black","green"],"text":"tea & biscuits"}"#.utf8))
    }

    @Test("bad input is a typed error")
    func badInput() {
        // Given routers whose typed parameters cannot be applied
        struct Refused: Error {}
        var getWithBody = TypedRouter()
        getWithBody.encodableParameters = .json(Search())
        var twoBodies = TypedRouter(method: .post)
        twoBodies.bodyData = Data("raw".utf8)
        twoBodies.encodableParameters = .urlEncoded(SignUp())
        var formAndDictionary = TypedRouter(method: .post)
        formAndDictionary.parameterList = ["a": "1"]
        formAndDictionary.encodableParameters = .urlEncoded(SignUp())
        var arrayRoot = TypedRouter()
        arrayRoot.encodableParameters = .urlEncoded([1, 2])
        var throwing = TypedRouter()
        throwing.encodableParameters = .urlEncoded(
            ["at": Date()], encoder: URLEncodedFormEncoder(dateEncoding: .custom { _ in throw Refused() }))
        // When each request is built
        // Then each throws the error that says why
        #expect(throws: HTTPError.encodingFailed(.bodyNotAllowed(.get))) { try getWithBody.asURLRequest() }
        #expect(throws: HTTPError.encodingFailed(.conflictingBodies)) { try twoBodies.asURLRequest() }
        #expect(throws: HTTPError.encodingFailed(.conflictingBodies)) { try formAndDictionary.asURLRequest() }
        #expect(throws: HTTPError.encodingFailed(.formRootNotKeyed(type: "Array<Int>", found: "an array"))) {
            try arrayRoot.asURLRequest()
        }
        let error = #expect(throws: HTTPError.self) { try throwing.asURLRequest() }
        guard case .encodingFailed(.encodableFailed(let type, let reason)) = error else {
            Issue.record("expected encodableFailed, got \(String(describing: error))")
            return
        }
        #expect(type == "Dictionary<String, Date>")
        #expect(reason.contains("Refused"))
    }

    @Test("a rebased router keeps its typed parameters")
    func rebased() throws {
        // Given a router with typed parameters, rebased onto another host
        var router = TypedRouter()
        router.encodableParameters = .urlEncoded(["page": 3])
        let target = try #require(URL(string: "http://127.0.0.1:9/api"))
        // When the request is built
        let request = try router.rebased(onto: target).asURLRequest()
        // Then the query is there
        #expect(request.url?.absoluteString == "http://127.0.0.1:9/api/items?page=3")
    }
}

@Suite("EncodableParameters against httpbin")
struct EncodableParametersIntegrationTests {
    let client = HTTPClient()

    @Test("an Encodable query reaches the server key by key")
    func query() async throws {
        // Given a GET to httpbin's echo with an Encodable query
        var router = TypedRouter(try Fixture.url("SU_HTTPBIN_URL"))
        router.path = "anything/search"
        router.encodableParameters = .urlEncoded(Search())
        // When sent
        let echo = try await client.send(router, as: HTTPBinEcho.self)
        // Then httpbin parsed every member back
        #expect(echo.args?["text"] == .one("tea & biscuits"))
        #expect(echo.args?["tags[]"] == .many(["black", "green"]))
        #expect(echo.args?["page"] == .one("2"))
        #expect(echo.args?["sort"] == nil)
        #expect(echo.form?.isEmpty != false)
    }

    @Test(
        "an Encodable form body is decoded field by field, with spaces as %20 or +",
        arguments: [URLEncodedFormEncoder.SpaceEncoding.percentEscaped, .plusReplaced])
    func form(spaces: URLEncodedFormEncoder.SpaceEncoding) async throws {
        // Given a POST to httpbin's echo with an Encodable form
        var router = TypedRouter(try Fixture.url("SU_HTTPBIN_URL"), method: .post)
        router.path = "anything/sign-up"
        router.encodableParameters = .urlEncoded(SignUp(), encoder: URLEncodedFormEncoder(spaceEncoding: spaces))
        // When sent
        let echo = try await client.send(router, as: HTTPBinEcho.self)
        // Then httpbin decoded each field, nested keys included, and saw the form's content type
        #expect(
            echo.form == [
                "user": "ann", "password": "p@ss word+1=2&3", "address[city]": "Saint-Étienne", "newsletter": "1",
            ])
        #expect(echo.headers?["Content-Type"] == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(echo.args?.isEmpty != false)
    }

    @Test("an Encodable query beside a JSON body")
    func queryAndJSON() async throws {
        // Given a POST whose typed parameters go to the query and whose body is JSON
        var router = TypedRouter(try Fixture.url("SU_HTTPBIN_URL"), method: .post)
        router.path = "anything"
        router.bodyData = try HTTPBody.json(["name": "Ann"])
        router.encodableParameters = .urlEncoded(["page": 4], destination: .queryString)
        // When sent
        let echo = try await client.send(router, as: HTTPBinEcho.self)
        // Then both arrived
        #expect(echo.args?["page"] == .one("4"))
        #expect(echo.json?["name"] == .string("Ann"))
    }
}
