import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("RequestLogger and cURLDescription")
struct RequestLoggerTests {
    private static func secretRequest() -> URLRequest {
        var request = URLRequest(url: URL(string: "https://user:hunter2@api.example.com/items?token=s3cret&page=2")!)
        request.httpMethod = "POST"
        request.setValue("Bearer s3cret", forHTTPHeaderField: "Authorization")
        request.setValue("session=s3cret", forHTTPHeaderField: "Cookie")
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("it's".utf8)
        return request
    }

    @Test("cURL command hides credentials and quotes for the shell")
    func curl() {
        // Given a request carrying secrets in headers, user info and query
        let command = Self.secretRequest().cURLDescription()
        // Then no secret appears and quoting survives an apostrophe
        #expect(!command.contains("s3cret") && !command.contains("hunter2"))
        #expect(command.contains("-H 'Authorization: ***'"))
        #expect(command.contains(#"--data-binary 'it'\''s'"#))
        #expect(command.hasSuffix("'https://user:***@api.example.com/items?token=***&page=2'"))
        // And with no redaction everything is shown
        #expect(Self.secretRequest().cURLDescription(redaction: .none).contains("Bearer s3cret"))
    }

    @Test("log lines carry method, URL, status and bytes, never secrets")
    func lines() {
        // Given a logger writing into a buffer
        let lines = LockedBox<[String]>([])
        let logger = RequestLogger(detail: .headers) { line in lines.update { $0.append(line) } }
        let request = Self.secretRequest()
        let response = HTTPResponse(
            request: request, statusCode: 201, headers: ["Set-Cookie": "s3cret"], body: Data(count: 12),
            url: request.url, duration: .milliseconds(41))
        // When an attempt starts, finishes and another fails
        logger.requestWillStart(request, attempt: 1)
        logger.requestDidFinish(request, result: .success(response), attempt: 1)
        logger.requestDidFinish(request, result: .failure(.timedOut(.init(request))), attempt: 2)
        // Then each line says what happened without secrets
        let written = lines.read()
        #expect(written.count == 3)
        #expect(written.allSatisfy { !$0.contains("s3cret") && !$0.contains("hunter2") })
        #expect(written[1].hasSuffix("→ 201 in 41 ms, 12 bytes"))
        #expect(written[2].hasSuffix("→ failed: timed out"))
        #expect(written[0].contains("Authorization: ***"))
    }

    @Test("error descriptions are one line with method and redacted URL")
    func errorDescription() {
        // Given a status failure on a URL with a token
        let request = Self.secretRequest()
        let error = HTTPError.unacceptableStatus(
            .init(request: .init(request), statusCode: 404, headers: [], body: Data("nope".utf8)))
        // Then the description names the request without the secret
        #expect(
            error.description
                == "POST https://user:***@api.example.com/items?token=***&page=2: unacceptable status 404 (4 bytes of body)"
        )
        #expect(!error.description.contains("\n"))
    }
}
