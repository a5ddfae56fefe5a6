import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A URLProtocol stub (placed first in `protocolClasses`) that answers 200 to
/// `Authorization: Bearer fresh-<n>` and 401 to anything else, without a `WWW-Authenticate` header;
/// requests to a path ending in `always-401` always get 401.
final class TokenCheckingProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let url = request.url ?? URL(fileURLWithPath: "/")
        let authorization = request.value(forHTTPHeaderField: "Authorization") ?? ""
        let accepted = authorization.hasPrefix("Bearer fresh-") && !url.path.hasSuffix("always-401")
        let status = accepted ? 200 : 401
        let response = HTTPURLResponse(
            url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "text/plain"])
        if let response { client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed) }
        client?.urlProtocol(self, didLoad: Data(authorization.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
