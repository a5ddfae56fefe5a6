import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPClient.Configuration {
    /// The transport this configuration asks for, and why it is not the preferred one when the
    /// preferred one could not be had. The one place where a platform picks its transport.
    func makeTransport() -> (transport: any HTTPTransport, fallbackReason: String?) {
        if let transport { return (transport, nil) }
        func urlSession() -> URLSessionTransport {
            URLSessionTransport(sessionConfiguration: makeSessionConfiguration(), trustAnchors: trustAnchors)
        }
        #if os(Linux)
            // A customised session is honoured by URLSession only; that is a choice, not a fallback.
            guard transferEngine.resolved == .libcurl, configureSession == nil else { return (urlSession(), nil) }
            guard let library = Libcurl.shared else {
                return (urlSession(), "libcurl (libcurl.so.4, 7.68 or later) could not be loaded")
            }
            let settings = CurlTransport.Settings(
                maximumConnectionsPerHost: maximumConnectionsPerHost, trustAnchors: trustAnchors,
                httpVersion: httpVersion)
            return (CurlTransport(library: library, settings: settings), nil)
        #else
            return (urlSession(), nil)
        #endif
    }
}
