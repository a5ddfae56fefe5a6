import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `HTTPURLResponse` of a NetworkKit response, made the first time it is read.
///
/// FoundationNetworking's `HTTPURLResponse` initializer re-cases and copies every header, which costs
/// about as much as a whole request on loopback; a request whose handler reads only its value
/// never pays it. The façade's own validations and serializers read ``statusCode`` and
/// ``mimeType`` from the NetworkKit response instead.
final class LazyURLResponse: Sendable {
    private let answer: HTTPResponse?
    private let made: RequestLock<HTTPURLResponse??>

    /// A response made from `answer` when first read.
    ///
    /// - Parameter answer: The NetworkKit response.
    init(_ answer: HTTPResponse) {
        self.answer = answer
        made = RequestLock.make(nil)
    }

    /// A response that exists already.
    ///
    /// - Parameter response: The response.
    init(made response: HTTPURLResponse) {
        answer = nil
        made = RequestLock.make(.some(response))
    }

    /// The `HTTPURLResponse`; nil when the answer has no URL to give it.
    var value: HTTPURLResponse? {
        made.withLock { made in
            if let made { return made }
            let response = answer.flatMap { answer in
                (answer.url ?? answer.request.url).flatMap {
                    HTTPURLResponse(
                        url: $0, statusCode: answer.statusCode, httpVersion: "HTTP/1.1",
                        headerFields: answer.headers.dictionary)
                }
            }
            made = .some(response)
            return response
        }
    }

    /// Whether there is an `HTTPURLResponse` to give (the answer has a URL), without making it.
    var exists: Bool {
        guard let answer else { return made.withLock { $0 ?? nil } != nil }
        return answer.url != nil || answer.request.url != nil
    }

    /// The status code, without making the `HTTPURLResponse`.
    var statusCode: Int {
        answer?.statusCode ?? value?.statusCode ?? 0
    }

    /// The `Content-Type` without parameters, lowercased, without making the `HTTPURLResponse`.
    var mimeType: String? {
        guard let answer else { return value?.mimeType }
        return answer.mimeType
    }
}
