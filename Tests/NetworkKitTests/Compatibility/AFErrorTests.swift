import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("AFError: Alamofire's error, mapped from HTTPError and back")
struct AFErrorTests {
    static let url = URL(string: "https://api.example.com/items?page=2")
    static let request: URLRequest = {
        var request = URLRequest(url: url ?? URL(fileURLWithPath: "/"))
        request.httpMethod = "POST"
        return request
    }()
    static let summary = HTTPError.RequestSummary(request)

    /// One HTTPError of every case and reason whose AFError holds it whole.
    static let heldWhole: [HTTPError] = [
        .invalidURL(.malformedBaseURL("ht!tp://x")),
        .invalidURL(.invalidPath("a b")),
        .invalidURL(.missingURL),
        .encodingFailed(.invalidJSONValue(keyPath: "a.b")),
        .encodingFailed(.nonFiniteNumber(keyPath: "n")),
        .encodingFailed(.bodyNotAllowed(.get)),
        .encodingFailed(.encodableFailed(type: "Item", reason: "boom")),
        .encodingFailed(.unreadableFile(path: "/nope", reason: "missing")),
        .encodingFailed(.formRootNotKeyed(type: "Int", found: "number")),
        .encodingFailed(.conflictingBodies),
        .adaptationFailed(summary, reason: "no token"),
        .transport(.init(request: summary, code: .cannotConnectToHost, reason: "refused")),
        .timedOut(summary),
        .decodingFailed(.init(request: summary, type: "Item", codingPath: "id", reason: "missing", excerpt: "{}")),
        .authenticationFailed(summary, reason: .missingCredential),
        .authenticationFailed(summary, reason: .refreshFailed("401")),
        .authenticationFailed(summary, reason: .refreshedCredentialRejected),
        .transferFailed(.init(request: summary, reason: .diskFull(path: "/tmp/x"))),
        .pinningFailed(.init(request: summary, host: "api.example.com", reason: .noMatchingPin(presented: []))),
        .invalidPinning(.noPins(host: "api.example.com")),
        .archiveFailed(.init(entry: 3, field: "content.text", reason: .invalidBase64)),
    ]

    @Test("every HTTPError that an AFError can hold comes back whole", arguments: heldWhole)
    func roundTrip(_ error: HTTPError) {
        #expect(HTTPError(AFError(error)) == error)
        #expect(HTTPError(AFError(error), request: Self.request) == error)
    }

    @Test("a status failure keeps its code, and comes back whole given the response it came with")
    func status() throws {
        let url = try #require(Self.url)
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: 401, httpVersion: "HTTP/1.1", headerFields: ["X-Reason": "expired"]))
        let body = Data("denied".utf8)
        let error = HTTPError.unacceptableStatus(
            .init(request: Self.summary, statusCode: 401, headers: response.headers, body: body))
        let converted = AFError(error)
        #expect(converted.responseCode == 401)
        #expect(converted.isResponseValidationError)
        #expect(HTTPError(converted, request: Self.request, response: response, data: body) == error)
    }

    @Test("content-type failures keep the acceptable and received types")
    func contentType() {
        let received = HTTPError.unacceptableContentType(
            .init(request: Self.summary, received: "text/html", acceptable: ["application/json"]))
        let converted = AFError(received)
        #expect(converted.acceptableContentTypes == ["application/json"])
        #expect(converted.responseContentType == "text/html")
        #expect(HTTPError(converted, request: Self.request) == received)

        let missing = HTTPError.unacceptableContentType(
            .init(request: Self.summary, received: nil, acceptable: ["application/json"]))
        guard case .responseValidationFailed(.missingContentType(let types)) = AFError(missing) else {
            Issue.record("expected missingContentType, got \(AFError(missing))")
            return
        }
        #expect(types == ["application/json"])
        #expect(HTTPError(AFError(missing), request: Self.request) == missing)
    }

    @Test("a cancellation is explicitlyCancelled, and comes back with its request")
    func cancelled() {
        let converted = AFError(.cancelled(Self.summary))
        #expect(converted.isExplicitlyCancelledError)
        #expect(HTTPError(converted, request: Self.request) == .cancelled(Self.summary))
    }

    @Test("transport failures are sessionTaskFailed with the URLError Alamofire users look for")
    func transport() throws {
        let converted = AFError(
            .transport(.init(request: Self.summary, code: .notConnectedToInternet, reason: "offline")))
        #expect(converted.isSessionTaskError)
        let underlying = try #require(converted.underlyingError as? URLError)
        #expect(underlying.code == .notConnectedToInternet)
        let timedOut = try #require(AFError(.timedOut(Self.summary)).underlyingError as? URLError)
        #expect(timedOut.code == .timedOut)
    }

    @Test("an AFError no HTTPError made maps to the nearest HTTPError")
    func nearest() throws {
        let url = try #require(Self.url)
        #expect(HTTPError(AFError.explicitlyCancelled, request: Self.request) == .cancelled(Self.summary))
        #expect(HTTPError(.parameterEncoderFailed(reason: .missingRequiredComponent(.url))) == .invalidURL(.missingURL))
        #expect(HTTPError(.parameterEncodingFailed(reason: .missingURL)) == .invalidURL(.missingURL))
        #expect(HTTPError(.invalidURL(url: "not a url")) == .invalidURL(.invalidPath("not a url")))
        #expect(
            HTTPError(.sessionTaskFailed(error: URLError(.timedOut)), request: Self.request) == .timedOut(Self.summary))
        guard
            case .transport(let failure) = HTTPError(
                .sessionTaskFailed(error: URLError(.networkConnectionLost)), request: Self.request)
        else {
            Issue.record("expected a transport failure")
            return
        }
        #expect(failure.code == .networkConnectionLost)
        #expect(failure.request == Self.summary)
        guard
            case .transferFailed(let transfer) = HTTPError(
                .downloadedFileMoveFailed(
                    error: URLError(.cannotMoveFile), source: url, destination: URL(fileURLWithPath: "/tmp/dest")))
        else {
            Issue.record("expected a transfer failure")
            return
        }
        guard case .cannotWrite(let path, _) = transfer.reason else {
            Issue.record("expected cannotWrite, got \(transfer.reason)")
            return
        }
        #expect(path == "/tmp/dest")
        // A retry failure maps to the error that was being retried
        let retried = AFError.requestRetryFailed(
            retryError: URLError(.unknown),
            originalError: AFError.responseValidationFailed(reason: .unacceptableStatusCode(code: 503)))
        #expect(HTTPError(retried, request: Self.request).statusCode == 503)
    }

    @Test("asAFError finds AFErrors only; orFailWith wraps anything else")
    func asAFError() {
        let error: any Error = AFError.explicitlyCancelled
        #expect(error.asAFError?.isExplicitlyCancelledError == true)
        let other: any Error = URLError(.badURL)
        #expect(other.asAFError == nil)
        // NetworkKit's own errors read as the AFError they map to
        let status: any Error = HTTPError.cancelled(Self.summary)
        #expect(status.asAFError?.isExplicitlyCancelledError == true)
    }

    @Test("the properties read the right cases")
    func properties() throws {
        let url = try #require(Self.url)
        let file = URL(fileURLWithPath: "/tmp/part.bin")
        #expect(AFError.invalidURL(url: "x y").urlConvertible as? String == "x y")
        #expect(AFError.multipartEncodingFailed(reason: .bodyPartFileIsDirectory(at: file)).url == file)
        #expect(
            AFError.responseSerializationFailed(reason: .stringSerializationFailed(encoding: .utf8))
                .failedStringEncoding == .utf8)
        let move = AFError.downloadedFileMoveFailed(error: URLError(.cannotMoveFile), source: url, destination: file)
        #expect(move.sourceURL == url)
        #expect(move.destinationURL == file)
        #expect(move.isDownloadedFileMoveError)
        let resume = Data([1, 2, 3])
        let failed = AFError.sessionTaskFailed(
            error: URLError(.networkConnectionLost, userInfo: ["NSURLSessionDownloadTaskResumeData": resume]))
        #expect(failed.downloadResumeData == resume)
        #expect(AFError.explicitlyCancelled.underlyingError == nil)
        #expect(AFError.requestAdaptationFailed(error: URLError(.badURL)).underlyingError is URLError)
    }

    @Test("descriptions say what went wrong and never show a secret query value")
    func descriptions() throws {
        let text = try #require(
            AFError.invalidURL(url: "https://x.example/?access_token=s3cret value").errorDescription)
        #expect(text.contains("not valid"))
        #expect(!text.contains("s3cret"))
        let status = try #require(
            AFError.responseValidationFailed(reason: .unacceptableStatusCode(code: 404)).errorDescription)
        #expect(status.contains("404"))
        let secretURL = try #require(URL(string: "https://x.example/?access_token=s3cret"))
        let redacted = try #require(AFError.invalidURL(url: secretURL).errorDescription)
        #expect(!redacted.contains("s3cret"))
    }
}
