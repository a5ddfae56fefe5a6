import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession of one client's downloads, uploads and streams, made on first use.
///
/// It is separate from the data session so the data path keeps its own tuned set-up (no delegate
/// on Apple platforms, completion-based tasks): transfers need a delegate that sees the body as it
/// arrives. Both sessions share the client's configuration (timeouts, connection limit, protocol
/// classes). On Linux the delegate queue is a ``TransferDelegateQueue``, which holds
/// FoundationNetworking back while too many callbacks are waiting, so a fast network cannot pile
/// up a slow disk's backlog in memory.
final class TransferSession: Sendable {
    let delegate: TransferDelegate
    private let configuration: HTTPClient.Configuration
    private let state = Locked<URLSession?>(nil)
    #if os(Linux)
        /// libcurl's handles, when transfers go through it rather than the session (see
        /// ``TransferEngine``).
        let curl: CurlHandlePool?
    #endif

    init(configuration: HTTPClient.Configuration) {
        self.configuration = configuration
        delegate = TransferDelegate(pins: configuration.publicKeyPins)
        #if os(Linux)
            let usable =
                configuration.transferEngine.resolved == .libcurl && configuration.configureSession == nil
                && configuration.publicKeyPins.isEmpty
            curl =
                usable
                ? Libcurl.shared.map { CurlHandlePool(library: $0, limit: configuration.maximumConnectionsPerHost) }
                : nil
        #endif
    }

    /// Whether transfers read their request bodies themselves (``TransferBody``) rather than through
    /// URLSession's upload tasks.
    var sendsBodiesItself: Bool {
        #if os(Linux)
            curl != nil
        #else
            false
        #endif
    }

    /// The session, made on the first call.
    var session: URLSession {
        state.withLock { made in
            if let made { return made }
            #if canImport(FoundationNetworking)
                let queue: OperationQueue? = TransferDelegateQueue()
            #else
                let queue: OperationQueue? = nil
            #endif
            let session = URLSession(
                configuration: configuration.makeSessionConfiguration(), delegate: delegate, delegateQueue: queue)
            made = session
            return session
        }
    }

    /// Lets running transfers finish, then releases the session and its delegate.
    func invalidate() {
        state.value?.finishTasksAndInvalidate()
    }
}
