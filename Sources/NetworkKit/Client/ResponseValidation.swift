import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Checks a response's status code and content type: the one rule every kind of request follows.
///
/// The status must be acceptable; then, when the response has body content and the request's
/// `Accept` names media ranges other than `*/*`, the body's media type must match one of them. Only
/// the moment differs: a request whose body stays in memory (data, decoding, uploads) is checked once
/// the whole body has arrived (``validate(_:)``); one whose body goes elsewhere (a file, a stream)
/// at its head (``decision(for:request:)``), before any byte reaches its destination. An
/// unacceptable status keeps at most ``HTTPError/StatusFailure/maximumBodyLength`` bytes of the
/// error body either way.
struct ResponseValidation: Sendable {
    let acceptableStatusCodes: Range<Int>
    let validatesContentType: Bool

    /// What the rule says of a response.
    enum Verdict {
        case acceptable
        case unacceptableStatus
        case unacceptableContentType(HTTPError.ContentTypeFailure)
    }

    /// The rule itself.
    ///
    /// - Parameters:
    ///   - statusCode: The response's status.
    ///   - mimeType:   The essence of its `Content-Type` (`type/subtype`, lowercased), if any.
    ///   - hasBody:    Whether it has body content, as far as is known when the rule runs.
    ///   - request:    The request it answers, whose `Accept` lists the acceptable media types.
    func verdict(statusCode: Int, mimeType: () -> String?, hasBody: Bool, request: URLRequest) -> Verdict {
        guard acceptableStatusCodes.contains(statusCode) else { return .unacceptableStatus }
        guard validatesContentType, hasBody, let accept = Self.accept(of: request) else { return .acceptable }
        let ranges = MediaType.ranges(inAccept: accept)
        guard !ranges.isEmpty, !ranges.contains("*/*") else { return .acceptable }
        let received = mimeType()
        if let received, MediaType.matches(received, accepted: ranges) { return .acceptable }
        return .unacceptableContentType(
            HTTPError.ContentTypeFailure(
                request: HTTPError.RequestSummary(request), received: received, acceptable: ranges))
    }

    /// Applies the rule to a whole response: the response if it is acceptable, otherwise the error
    /// saying why not.
    func validate(_ response: HTTPResponse) -> Result<HTTPResponse, HTTPError> {
        let verdict = verdict(
            statusCode: response.statusCode, mimeType: { response.mimeType }, hasBody: !response.body.isEmpty,
            request: response.baseRequest)
        switch verdict {
        case .acceptable: return .success(response)
        case .unacceptableStatus: return .failure(.unacceptableStatus(HTTPError.StatusFailure(response)))
        case .unacceptableContentType(let failure): return .failure(.unacceptableContentType(failure))
        }
    }

    /// Applies the rule to a response head, for a request whose body goes elsewhere: a head that
    /// announces no body (`Content-Length: 0`) is not checked for its content type.
    func decision(for response: ResponseHead, request: URLRequest) -> HeadDecision {
        let verdict = verdict(
            statusCode: response.statusCode,
            mimeType: { response.value(forHTTPHeaderField: "Content-Type").map { MediaType.essence(of: $0) } },
            hasBody: response.expectedContentLength != 0, request: request)
        switch verdict {
        case .acceptable: return .accept
        case .unacceptableStatus: return .rejectStatus
        case .unacceptableContentType(let failure): return .fail(.unacceptableContentType(failure))
        }
    }

    /// The request's `Accept` value, its name matched in any case: the same answer as
    /// `value(forHTTPHeaderField:)`, whose Linux lookup compares every name through `NSString`.
    static func accept(of request: URLRequest) -> String? {
        URLRequest.value(of: "Accept", in: request.allHTTPHeaderFields)
    }
}
