import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request an exchange sends, with the `Cookie` header its client's store chose kept beside it
/// rather than set in it: a transport that writes its own header lines (libcurl) adds the field
/// itself, and the two become one `URLRequest` only when something reads the whole request.
///
/// Setting a field copies a `URLRequest`'s whole storage on Linux (FoundationNetworking copies its
/// `NSURLRequest` and normalises every field), which cost about as much as the rest of a small
/// request's work in NetworkKit; most requests are never read whole after they were sent.
struct OutgoingRequest: Sendable {
    /// The request without the added `Cookie` field: its method, URL and other fields are the
    /// request's.
    let base: URLRequest
    /// The `Cookie` field's value to send instead of the base's, if any.
    let cookieHeader: String?

    /// `request` with `cookieHeader` as its `Cookie` field, or as it is when that is nil.
    init(_ request: URLRequest, cookieHeader: String?) {
        base = request
        self.cookieHeader = cookieHeader
    }

    /// A request sent as it is.
    static func plain(_ request: URLRequest) -> OutgoingRequest {
        OutgoingRequest(request, cookieHeader: nil)
    }

    /// The whole request, `Cookie` field included, made each time it is read.
    var request: URLRequest {
        guard let cookieHeader else { return base }
        var request = base
        request.setValue(cookieHeader, forHTTPHeaderField: "Cookie")
        return request
    }
}
