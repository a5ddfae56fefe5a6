import Foundation

/// The transport a client's downloads, uploads and streams go through (data requests always use
/// URLSession).
///
/// On Linux, FoundationNetworking's URLSession passes every piece of a body through two queues
/// before a delegate sees it, and reads an uploaded file through a reader that can stop the process
/// when a transfer ends early. The automatic choice there drives the system's libcurl (the library
/// FoundationNetworking itself uses, loaded at run time) directly from a thread of the transfer's
/// own: the body goes from libcurl's buffer to its file on one thread, and a file or a large form is
/// streamed with its `Content-Length`. It behaves as the URLSession transport does (redirects,
/// content decoding, timeouts, progress, cancellation, the same errors).
///
/// URLSession is used instead when libcurl cannot be loaded, when the configuration changes the
/// session (``HTTPClient/Configuration/configureSession``, whose settings libcurl would not honour)
/// or pins public keys (whose Linux refusal URLSession's delegate enforces), and always on Apple
/// platforms.
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
