#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// The transport over `URLSession`: the one on Apple platforms, and on Linux where libcurl cannot be
/// loaded or the client changes the session (``HTTPClient/Configuration/configureSession``).
///
/// Every exchange is a data or upload task of one session with a delegate that hands the head and
/// the body to the exchange as they arrive, asks it about each redirect (one that keeps the body is
/// sent with a new task, the body again from its start), and, on Apple platforms, applies the
/// client's ``TrustAnchors`` and public-key pins in the server-trust challenge. On Linux,
/// FoundationNetworking's URLSession shows no server certificates, so a client on this transport
/// refuses requests to pinned hosts, and trust anchors are not applied.
///
/// ```swift
/// let client = HTTPClient { $0.transport = URLSessionTransport() }
/// ```
public final class URLSessionTransport: HTTPTransport {
    /// `"URLSession"`.
    public var name: String { "URLSession" }
    let session: URLSession
    private let delegate: URLSessionTransportDelegate

    /// Makes a transport with a session of its own.
    ///
    /// - Parameters:
    ///   - configuration: The session's configuration; an ephemeral one without cookies or cache
    ///                    by default.
    ///   - trustAnchors:  Roots trusted for servers' chains (Apple platforms); the system's by default.
    public convenience init(
        configuration: URLSessionConfiguration = URLSessionTransport.defaultSessionConfiguration(),
        trustAnchors: TrustAnchors? = nil
    ) {
        self.init(sessionConfiguration: configuration, trustAnchors: trustAnchors)
    }

    init(sessionConfiguration: URLSessionConfiguration, trustAnchors: TrustAnchors?) {
        delegate = URLSessionTransportDelegate(trustAnchors: trustAnchors)
        #if canImport(FoundationNetworking)
            let queue: OperationQueue? = InlineDelegateQueue()
        #else
            let queue: OperationQueue? = nil
        #endif
        session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: queue)
    }

    /// An ephemeral configuration with no cookie store and no cache, so nothing is written to disk.
    ///
    /// - Returns: A new configuration.
    public static func defaultSessionConfiguration() -> URLSessionConfiguration {
        let session = URLSessionConfiguration.ephemeral
        session.httpCookieStorage = nil
        session.httpShouldSetCookies = false
        session.urlCache = nil
        session.requestCachePolicy = .reloadIgnoringLocalCacheData
        return session
    }

    /// True on Apple platforms, whose server-trust challenge shows the chain; false on Linux.
    public var checksServerTrust: Bool {
        #if canImport(FoundationNetworking)
            false
        #else
            true
        #endif
    }

    /// ``RequestBodyPreference/file`` on Apple platforms, where an upload task sends a file from disk
    /// with its length; ``RequestBodyPreference/chunkedStream`` on Linux, where FoundationNetworking
    /// sends every stream chunked (a `.stream` body's length is not announced: the request goes
    /// without `Content-Length`) and sends a file with a `Content-Length` through a reader that can
    /// stop the process: it pauses the transfer while it waits for the disk and resumes it without
    /// checking that the transfer still runs, and libcurl's refusal then meets a `try!`
    /// (`EasyHandle.swift`, `curl_easy_pause`, error 43; seen in this project's tests).
    public var requestBodyPreference: RequestBodyPreference {
        #if canImport(FoundationNetworking)
            .chunkedStream
        #else
            .file
        #endif
    }

    /// Starts a task for the exchange, made on a Dispatch thread (see
    /// `URLSessionTransportDelegate.start(_:sending:in:)`).
    ///
    /// - Parameter exchange: The request and where its outcome goes.
    public func send(_ exchange: HTTPExchange) {
        delegate.start(exchange, sending: exchange.request, in: session)
    }

    /// Lets running tasks finish, then releases the session and its delegate; an exchange sent
    /// afterwards, or a redirect's next hop not yet started, ends cancelled.
    public func shutdown() {
        delegate.invalidate(session)
    }
}
