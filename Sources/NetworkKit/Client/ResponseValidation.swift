import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Checks a response's status code and content type.
struct ResponseValidation: Sendable {
    let acceptableStatusCodes: Range<Int>
    let validatesContentType: Bool

    /// The response if it is acceptable, otherwise the error saying why not.
    func validate(_ response: HTTPResponse) -> Result<HTTPResponse, HTTPError> {
        guard acceptableStatusCodes.contains(response.statusCode) else {
            let failure = HTTPError.StatusFailure(
                request: HTTPError.RequestSummary(response.request), statusCode: response.statusCode,
                headers: response.headers, body: response.body)
            return .failure(.unacceptableStatus(failure))
        }
        guard validatesContentType, !response.body.isEmpty, let accept = Self.accept(of: response.request) else {
            return .success(response)
        }
        let ranges = MediaType.ranges(inAccept: accept)
        guard !ranges.isEmpty, !ranges.contains("*/*") else { return .success(response) }
        if let received = response.mimeType, MediaType.matches(received, accepted: ranges) {
            return .success(response)
        }
        let failure = HTTPError.ContentTypeFailure(
            request: HTTPError.RequestSummary(response.request), received: response.mimeType, acceptable: ranges)
        return .failure(.unacceptableContentType(failure))
    }

    /// The request's `Accept` value, its name matched in any case: the same answer as
    /// `value(forHTTPHeaderField:)`, whose Linux lookup compares every name through `NSString`.
    static func accept(of request: URLRequest) -> String? {
        guard let fields = request.allHTTPHeaderFields, !fields.isEmpty else { return nil }
        if let value = fields["Accept"] { return value }
        return fields.first { FieldName.same($0.key, "Accept") }?.value
    }
}
