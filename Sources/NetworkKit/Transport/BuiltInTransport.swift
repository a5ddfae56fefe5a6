import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport NetworkKit builds for each client from its configuration, chosen through
/// ``HTTPClient/Configuration/transport``, where `nil` is ``automatic``.
///
/// On Linux the automatic choice drives the system's libcurl (the library FoundationNetworking
/// itself uses, loaded at run time) from one event-loop thread per client: every request, data,
/// download, upload or stream, with connections reused and HTTP/2 over TLS. URLSession is used
/// instead when libcurl cannot be loaded (the client's event monitors are told once), when the
/// configuration changes the session (``HTTPClient/Configuration/configureSession``, whose settings
/// libcurl would not honour), and always on Apple platforms.
///
/// ```swift
/// let plain = HTTPClient { $0.transport = .urlSession }  // always URLSession, as on Apple platforms
/// ```
///
/// A value of this type only names the choice: the client makes the transport (with its timeout,
/// connection limit, trust anchors and HTTP versions), and shuts it down when it goes away. Sent an
/// exchange directly, outside a client, it completes it with `URLError(.resourceUnavailable)`.
public enum BuiltInTransport: HTTPTransport, Hashable {
    /// ``libcurl``, unless the environment variable `SERVICE_UTILS_TRANSPORT` is `urlSession`
    /// (to compare the two, or to step around the libcurl transport without a rebuild). Its former
    /// name, `SERVICE_UTILS_TRANSFER_ENGINE`, is still read when the new one is not set.
    case automatic
    /// libcurl on Linux where it can be used (see above), URLSession everywhere else.
    case libcurl
    /// URLSession on every platform.
    case urlSession

    /// `"automatic"`, `"libcurl"` or `"URLSession"`.
    public var name: String {
        switch self {
        case .automatic: "automatic"
        case .libcurl: "libcurl"
        case .urlSession: "URLSession"
        }
    }

    /// Completes the exchange with `URLError(.resourceUnavailable)`: the client makes the transport this
    /// value names; send requests through an ``HTTPClient``.
    ///
    /// - Parameter exchange: The exchange, completed at once.
    public func send(_ exchange: HTTPExchange) {
        let reason = "\(name) names a built-in transport, which an HTTPClient makes from its configuration"
        exchange.complete(URLError(.resourceUnavailable, userInfo: [NSLocalizedDescriptionKey: reason]))
    }

    /// The choice this one stands for in the current environment: ``automatic`` resolved.
    var resolved: BuiltInTransport { resolved(in: ProcessInfo.processInfo.environment) }

    /// The choice this one stands for in `environment`: ``automatic`` resolved.
    func resolved(in environment: [String: String]) -> BuiltInTransport {
        guard self == .automatic else { return self }
        let chosen = environment["SERVICE_UTILS_TRANSPORT"] ?? environment["SERVICE_UTILS_TRANSFER_ENGINE"]
        return chosen == "urlSession" ? .urlSession : .libcurl
    }
}

extension Optional where Wrapped == any HTTPTransport {
    /// The built-in transport of the platform (``BuiltInTransport/automatic``): the same as `nil`.
    public static var automatic: Self { nil }
    /// libcurl on Linux where it can be used, URLSession elsewhere (``BuiltInTransport/libcurl``).
    public static var libcurl: Self { BuiltInTransport.libcurl }
    /// URLSession on every platform (``BuiltInTransport/urlSession``).
    public static var urlSession: Self { BuiltInTransport.urlSession }
}

/// The former name of ``BuiltInTransport``.
@available(*, deprecated, renamed: "BuiltInTransport")
public typealias TransferEngine = BuiltInTransport
