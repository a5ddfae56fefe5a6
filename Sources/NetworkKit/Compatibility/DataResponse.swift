public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// What a ``DataRequest`` handler receives, in Alamofire's `DataResponse` shape: the request, the
/// server's response and body when there was one, and the serialised value or the error.
///
/// ```swift
/// request.responseJSON { response in
///     let status = response.response?.statusCode      // nil when the server was never reached
///     let body = response.data
///     if case .failure(let error) = response.result { print(error) }
/// }
/// ```
public struct DataResponse<Success, Failure: Error> {
    /// The request as sent, or nil when it could not be built.
    public let request: URLRequest?
    /// The server's response, or nil when none arrived.
    public let response: HTTPURLResponse?
    /// The body, or nil when no response arrived.
    public let data: Data?
    /// The serialised value, or why there is none (validation, transport or serialisation).
    public let result: Result<Success, Failure>

    /// Creates a response; ``DataRequest`` makes these, tests may too.
    ///
    /// - Parameters:
    ///   - request:  The request as sent.
    ///   - response: The server's response.
    ///   - data:     The body.
    ///   - result:   The value or the error.
    public init(request: URLRequest?, response: HTTPURLResponse?, data: Data?, result: Result<Success, Failure>) {
        self.request = request
        self.response = response
        self.data = data
        self.result = result
    }

    /// The value, or nil on failure.
    public var value: Success? {
        try? result.get()
    }

    /// The error, or nil on success.
    public var error: Failure? {
        guard case .failure(let error) = result else { return nil }
        return error
    }
}

// MARK: - Making responses

extension DataResponse where Failure == HTTPError {
    /// The response for a request's outcome: validated in order, then serialised.
    init(
        request: Result<URLRequest, HTTPError>, outcome: Result<HTTPResponse, HTTPError>,
        validations: [DataRequest.Validation],
        serialize: (HTTPResponse, URLRequest) -> Result<Success, HTTPError>
    ) {
        let sent = try? request.get()
        switch outcome {
        case .failure(let error):
            self.init(request: sent, response: nil, data: nil, result: .failure(error))
        case .success(let answer):
            let checked = validations.lazy.compactMap { Self.failure(of: answer, under: $0) }.first
            let result = checked.map { Result.failure($0) } ?? serialize(answer, answer.request)
            self.init(
                request: answer.request, response: Self.platformResponse(answer), data: answer.body, result: result)
        }
    }

    /// The error a validation finds in `answer`, or nil when it passes.
    private static func failure(of answer: HTTPResponse, under validation: DataRequest.Validation) -> HTTPError? {
        switch validation {
        case .statusCodes(let codes):
            guard !codes.contains(answer.statusCode) else { return nil }
            return .unacceptableStatus(HTTPError.StatusFailure(answer))
        case .acceptable:
            let check = ResponseValidation(acceptableStatusCodes: 200..<300, validatesContentType: true)
            guard case .failure(let error) = check.validate(answer) else { return nil }
            return error
        }
    }

    /// The answer as the `HTTPURLResponse` Alamofire hands out.
    private static func platformResponse(_ answer: HTTPResponse) -> HTTPURLResponse? {
        guard let url = answer.url ?? answer.request.url else { return nil }
        return HTTPURLResponse(
            url: url, statusCode: answer.statusCode, httpVersion: "HTTP/1.1", headerFields: answer.headers.dictionary)
    }
}

extension DataResponse where Success == Any, Failure == HTTPError {
    /// The body parsed by `JSONSerialization`; `NSNull` for an empty 204 or 205 body.
    static func json(_ answer: HTTPResponse, options: JSONSerialization.ReadingOptions) -> Result<Any, HTTPError> {
        if answer.body.isEmpty, [204, 205].contains(answer.statusCode) { return .success(NSNull()) }
        do {
            return .success(try JSONSerialization.jsonObject(with: answer.body, options: options))
        } catch {
            let failure = HTTPError.DecodingFailure(
                request: HTTPError.RequestSummary(answer.request), type: "JSON", codingPath: "",
                reason: answer.body.isEmpty ? "the body is empty" : "\(error)",
                excerpt: String(decoding: answer.body.prefix(HTTPResponse.excerptLength), as: UTF8.self))
            return .failure(.decodingFailed(failure))
        }
    }
}
