import Foundation

extension HTTPError.StatusFailure {
    /// The most bytes of an error response's body that ``body`` keeps (1 MiB): enough for any
    /// problem document or error page, bounded for a server that answers a download with a large
    /// error body.
    public static let maximumBodyLength = 1 << 20

    /// The failure for a whole response whose status was not acceptable, its body cut to
    /// ``maximumBodyLength``.
    init(_ response: HTTPResponse) {
        // A copy of the prefix, so the failure does not hold the rest of a long body.
        let body =
            response.body.count > Self.maximumBodyLength
            ? Data(response.body.prefix(Self.maximumBodyLength)) : response.body
        self.init(
            request: HTTPError.RequestSummary(response.baseRequest), statusCode: response.statusCode,
            headers: response.headers, body: body)
    }
}
