import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request an exchange sends, with the `Cookie` header its client's store chose kept beside it
/// rather than set in it: a transport that writes its own header lines (libcurl) adds the field
/// itself, and the two become one `URLRequest` only when something reads the whole request.
///
/// Setting a field copies a `URLRequest`'s whole storage on Linux (FoundationNetworking copies its
/// `NSURLRequest` and normalises every field), which cost about as much as the rest of a small
/// request's work in NetworkKit.
struct OutgoingRequest: Sendable {
    /// The request without the added `Cookie` field: its method and URL are the request's.
    let base: URLRequest
    /// The request with the added field, when there is one.
    private let added: CookieAddedRequest?

    /// `request` with `cookieHeader` as its `Cookie` field, or as it is when that is nil.
    init(_ request: URLRequest, cookieHeader: String?) {
        base = request
        added = cookieHeader.map { CookieAddedRequest(base: request, cookieHeader: $0) }
    }

    /// A request sent as it is.
    static func plain(_ request: URLRequest) -> OutgoingRequest {
        OutgoingRequest(request, cookieHeader: nil)
    }

    /// The whole request, `Cookie` field included; made once, when first read.
    var request: URLRequest { added?.request ?? base }

    /// The `Cookie` field's value to send instead of the base's, if any.
    var cookieHeader: String? { added?.cookieHeader }
}

/// A request and the `Cookie` field to send with it, merged when first read.
final class CookieAddedRequest: Sendable {
    let base: URLRequest
    let cookieHeader: String
    private let merged = Locked<URLRequest?>(nil)

    init(base: URLRequest, cookieHeader: String) {
        self.base = base
        self.cookieHeader = cookieHeader
    }

    var request: URLRequest {
        merged.withLock { merged in
            if let merged { return merged }
            var request = base
            request.setValue(cookieHeader, forHTTPHeaderField: "Cookie")
            merged = request
            return request
        }
    }
}
