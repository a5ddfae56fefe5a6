import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPClient.Configuration {
    /// The transport this configuration asks for, and why it is not the preferred one when the
    /// preferred one could not be had. The one place where a platform picks its transport.
    func makeTransport() -> (transport: any HTTPTransport, fallbackReason: String?) {
        let choice: BuiltInTransport
        if let transport {
            guard let builtIn = transport as? BuiltInTransport else { return (transport, nil) }
            choice = builtIn
        } else {
            choice = .automatic
        }
        func urlSession() -> URLSessionTransport {
            URLSessionTransport(sessionConfiguration: makeSessionConfiguration(), trustAnchors: trustAnchors)
        }
        #if os(Linux)
            // A customised session is honoured by URLSession only; that is a choice, not a fallback.
            guard choice.resolved == .libcurl, configureSession == nil else { return (urlSession(), nil) }
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

extension HTTPClient {
    /// Waits until the threads of the built-in transports have ended, or `timeout` has passed: a
    /// program calls it once its clients are gone, before it exits, so no transport thread is cut
    /// off mid-teardown (which LeakSanitizer may report as a leak). Returns at once where the
    /// built-in transports run no threads of their own (URLSession).
    ///
    /// ```swift
    /// HTTPClient.waitForBuiltInTransportsToEnd(timeout: .seconds(3))
    /// exit(status)
    /// ```
    ///
    /// - Parameter timeout: The longest wait.
    /// - Returns: True when no transport thread runs any more.
    @discardableResult
    package static func waitForBuiltInTransportsToEnd(timeout: Duration = .seconds(5)) -> Bool {
        #if os(Linux)
            CurlLoopThreads.waitUntilEnded(timeout: timeout)
        #else
            true
        #endif
    }
}
