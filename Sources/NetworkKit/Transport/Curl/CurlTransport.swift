#if os(Linux)
    import Foundation
    import FoundationNetworking

    /// The transport over the system's libcurl, the default on Linux: every request of a client
    /// runs on one event-loop thread driving one libcurl multi handle.
    ///
    /// Connections are reused (HTTP/1.1 keep-alive; HTTP/2, negotiated over TLS by ALPN, carries
    /// concurrent requests to one host on one connection), and so are easy handles: once warm, a
    /// request costs no thread and no handle of its own. Proxies come from the environment as curl
    /// reads them (`http_proxy`, `https_proxy`, `no_proxy`); the content codings libcurl was built
    /// with (gzip, deflate, br, zstd on Debian) are decoded. With public-key pins, each new
    /// connection to a pinned host has its verified chain (leaf, intermediates and the root it ends
    /// in) checked before the request is sent, through libcurl's OpenSSL; trust anchors become
    /// libcurl's CA bundle.
    ///
    /// libcurl is loaded at run time (`libcurl.so.4`, 7.68 or later); ``init(maximumConnectionsPerHost:trustAnchors:httpVersion:)``
    /// returns nil where it cannot be, and a client then falls back to ``URLSessionTransport``.
    ///
    /// ```swift
    /// if let curl = CurlTransport(httpVersion: .http1Only) {
    ///     let first = HTTPClient { $0.transport = curl }   // two clients, one pool of connections
    ///     let second = HTTPClient { $0.transport = curl }
    /// }
    /// ```
    public final class CurlTransport: HTTPTransport {
        /// What the transport applies to every request.
        struct Settings: Sendable {
            var maximumConnectionsPerHost: Int
            var trustAnchors: TrustAnchors?
            var httpVersion: HTTPVersionPolicy
            /// The CA bundle libcurl is given instead of its own (the anchors, with the system's
            /// bundle before them when they add to it); nil for libcurl's own.
            var caBundle: Data?
            /// How long a request made while no other runs waits for its answer on its caller's
            /// thread before the loop's thread takes over (see CurlEventLoop).
            var callerWait = Duration.milliseconds(1)
            /// How long the loop's thread waits for work before it ends (the next request starts
            /// another).
            var idleExit = Duration.seconds(2)
        }

        /// `"libcurl"`.
        public var name: String { "libcurl" }
        private let loop: CurlEventLoop?
        /// The event loop, for tests.
        var eventLoop: CurlEventLoop? { loop }
        private let failure: String?

        /// Makes a transport, or nil when libcurl cannot be loaded.
        ///
        /// - Parameters:
        ///   - maximumConnectionsPerHost: The most connections open to one host (8 by default).
        ///   - trustAnchors:              Roots trusted instead of, or beside, the system's.
        ///   - httpVersion:               HTTP/2 over TLS where offered (the default), or HTTP/1.1 only.
        public convenience init?(
            maximumConnectionsPerHost: Int = 8, trustAnchors: TrustAnchors? = nil,
            httpVersion: HTTPVersionPolicy = .automatic
        ) {
            guard let library = Libcurl.shared else { return nil }
            self.init(
                library: library,
                settings: Settings(
                    maximumConnectionsPerHost: maximumConnectionsPerHost, trustAnchors: trustAnchors,
                    httpVersion: httpVersion))
        }

        init(library: Libcurl, settings: Settings) {
            var settings = settings
            if let anchors = settings.trustAnchors {
                settings.caBundle = Self.caBundle(for: anchors, library: library)
            }
            loop = CurlEventLoop(library: library, settings: settings)
            failure = loop == nil ? "libcurl could not make a multi handle" : nil
        }

        /// The CA bundle libcurl is given for `anchors`: the anchors, after the system's bundle when
        /// they add to it.
        static func caBundle(for anchors: TrustAnchors, library: Libcurl) -> Data {
            var bundle = Data()
            if anchors.scope == .addingToSystemRoots, let path = library.defaultCABundlePath,
                let system = FileManager.default.contents(atPath: path)
            {
                bundle.append(system)
                bundle.append(0x0A)
            }
            bundle.append(Data(anchors.pem.utf8))
            return bundle
        }

        /// True where libcurl verifies TLS with OpenSSL, whose verified chain is checked against the
        /// pins; false with another TLS library (a client then refuses requests to pinned hosts).
        public var checksServerTrust: Bool { CurlTrust.shared != nil }

        /// Hands the exchange to the event loop.
        ///
        /// - Parameter exchange: The request and where its outcome goes.
        public func send(_ exchange: HTTPExchange) {
            guard let loop else {
                return exchange.complete(URLError(.unknown, reason: failure ?? "libcurl is not available"))
            }
            let transfer = CurlExchange(exchange: exchange)
            // Strong: the exchange drops the handler when it completes, and a weak reference would
            // give the loop a side table that LeakSanitizer reports when a process exits mid-loop.
            exchange.onCancel { loop.cancel(transfer) }
            loop.submit(transfer)
        }

        /// Lets the event loop's thread end as soon as no request runs.
        public func shutdown() {
            loop?.shutdown()
        }
    }

    extension Libcurl {
        /// The CA bundle file libcurl uses by default, such as `/etc/ssl/certs/ca-certificates.crt`.
        var defaultCABundlePath: String? {
            guard let easy = easyInit() else { return nil }
            defer { easyCleanup(easy) }
            var path: UnsafePointer<CChar>?
            guard infoString(easy, Option.caInfoDefault, &path) == 0, let path else { return nil }
            return String(cString: path)
        }
    }
#endif
