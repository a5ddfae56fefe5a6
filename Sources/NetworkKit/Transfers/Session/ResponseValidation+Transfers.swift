import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ResponseValidation {
    /// Checks a transfer's response head as ``validate(_:)`` checks a whole response: the status,
    /// then the content type against the request's `Accept` unless the head announces no body.
    func decision(for response: ResponseHead, request: URLRequest) -> HeadDecision {
        guard acceptableStatusCodes.contains(response.statusCode) else { return .rejectStatus }
        guard validatesContentType, response.expectedContentLength != 0, let accept = Self.accept(of: request) else {
            return .accept
        }
        let ranges = MediaType.ranges(inAccept: accept)
        guard !ranges.isEmpty, !ranges.contains("*/*") else { return .accept }
        let received = response.value(forHTTPHeaderField: "Content-Type").map { MediaType.essence(of: $0) }
        if let received, MediaType.matches(received, accepted: ranges) { return .accept }
        let failure = HTTPError.ContentTypeFailure(
            request: HTTPError.RequestSummary(request), received: received, acceptable: ranges)
        return .fail(.unacceptableContentType(failure))
    }
}
