import Foundation

/// The built-in transport a client's requests go through when its configuration names none of its
/// own (``HTTPClient/Configuration/transport``).
///
/// On Linux the automatic choice drives the system's libcurl (the library FoundationNetworking
/// itself uses, loaded at run time) from one event-loop thread per client: every request, data,
/// download, upload or stream, with connections reused and HTTP/2 over TLS. URLSession is used
/// instead when libcurl cannot be loaded (the client's event monitors are told once), when the
/// configuration changes the session (``HTTPClient/Configuration/configureSession``, whose settings
/// libcurl would not honour), and always on Apple platforms.
///
/// ```swift
/// var configuration = HTTPClient.Configuration()
/// configuration.transferEngine = .urlSession  // always URLSession, as on Apple platforms
/// ```
public enum TransferEngine: Sendable, Hashable {
    /// ``libcurl``, unless the environment variable `SERVICE_UTILS_TRANSFER_ENGINE` is `urlSession`
    /// (to compare the two, or to step around the libcurl transport without a rebuild).
    case automatic
    /// libcurl on Linux where it can be used (see above), URLSession everywhere else.
    case libcurl
    /// URLSession on every platform.
    case urlSession

    /// The engine this one stands for in the current environment: ``automatic`` resolved.
    var resolved: TransferEngine {
        guard self == .automatic else { return self }
        let chosen = ProcessInfo.processInfo.environment["SERVICE_UTILS_TRANSFER_ENGINE"]
        return chosen == "urlSession" ? .urlSession : .libcurl
    }
}
