import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A URLProtocol stub (placed first in `protocolClasses`) answering every request with a 500 and a
/// 10 MiB body.
final class LargeErrorProtocol: URLProtocol {
    static let bodySize = 10 * 1024 * 1024

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let url = request.url ?? URL(fileURLWithPath: "/")
        let headers = ["Content-Type": "text/plain", "Content-Length": String(Self.bodySize)]
        if let response = HTTPURLResponse(url: url, statusCode: 500, httpVersion: "HTTP/1.1", headerFields: headers) {
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        }
        client?.urlProtocol(self, didLoad: Data(repeating: UInt8(ascii: "x"), count: Self.bodySize))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
