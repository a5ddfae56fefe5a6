#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Glibc
    import InternalServiceUtilities

    /// A WebSocket's connection on Linux: a libcurl handle in connect-only mode
    /// (`CURLOPT_CONNECT_ONLY`), which connects as every NetworkKit request does (DNS, IPv6, an
    /// HTTP proxy through `CONNECT`, TLS with the client's trust anchors and public-key pins) and
    /// then hands the connection to `curl_easy_send` and `curl_easy_recv`. The WebSocket handshake
    /// and frames run over it (``WebSocketEngine``).
    ///
    /// libcurl's calls never block here: a call that would block returns `CURLE_AGAIN`, and the
    /// caller waits for the socket, first briefly on its own thread (an echo's answer on loopback
    /// comes in microseconds, and a wait handed to another thread costs a wake-up each way), then
    /// through ``SocketReadiness``'s thread.
    ///
    /// A `ws` connection (no TLS) is read and written with `recv` and `send` on the connected socket
    /// itself (which libcurl allows once a connect-only transfer is done, and which holds no bytes of
    /// libcurl's: it reads a proxy's answer to `CONNECT` a byte at a time), so a receive and a send
    /// run at once, as the kernel allows; libcurl's calls share the handle's state and take turns,
    /// which made a large message's send wait for a large receive and the other way round.
    ///
    /// ```swift
    /// let stream = try await CurlWebSocketStream.connect(to: url, settings: settings, timeout: .seconds(60))
    /// try await stream.write(handshakeBytes)
    /// let answer = try await stream.read(maximumCount: 4096)
    /// ```
    final class CurlWebSocketStream: WebSocketByteStream, @unchecked Sendable {
        // Safe: the handle is used only inside `state`'s lock (libcurl's calls on it never block, so
        // a reader and a writer take turns), and `close()` frees it there, after ending the waits
        // on its socket; the socket number, `bypassesCurl` and the library are immutable. The socket
        // calls of a `ws` connection run outside the lock, but each is counted in `state` before it
        // starts and after it ends, and the handle (which closes the socket) is freed only once none
        // is running, so a socket number is never used after it was closed and perhaps reused.

        /// Why a read or a write failed.
        struct Failure: Error, CustomStringConvertible {
            let description: String
        }

        private struct State {
            var easy: Libcurl.Handle?
            var check: ConnectionTrustCheck?
            /// Socket calls running outside the lock (a `ws` connection's).
            var socketCalls = 0
            /// Set by `close()`; the handle goes once no socket call runs.
            var isClosing = false

            /// The handle while the stream is open.
            var openHandle: Libcurl.Handle? { isClosing ? nil : easy }
        }

        /// What connecting needs: libcurl, the CA bundle and the pins.
        struct Settings: Sendable {
            let library: Libcurl
            /// The CA bundle libcurl is given instead of its own; nil for libcurl's own.
            var caBundle: Data?
            /// The client's public-key pins.
            var pins: PublicKeyPins
        }

        /// How long a read or a write that would block waits on its caller's thread before it waits
        /// through ``SocketReadiness``.
        static let inlineWait: Int32 = 1

        private let library: Libcurl
        private let socket: Int32
        private let state: Locked<State>
        /// Whether reads and writes go to the socket itself (a `ws` connection) rather than through
        /// libcurl (`wss`, whose TLS is libcurl's).
        private let bypassesCurl: Bool

        private init(
            library: Libcurl, easy: Libcurl.Handle, socket: Int32, check: ConnectionTrustCheck?, bypassesCurl: Bool
        ) {
            self.library = library
            self.socket = socket
            self.bypassesCurl = bypassesCurl
            state = Locked(State(easy: easy, check: check))
        }

        deinit {
            if let easy = state.withLock({ $0.easy }) { library.easyCleanup(easy) }
        }

        /// An easy handle, sendable to the thread that connects it.
        private struct HandleBox: @unchecked Sendable {
            // Safe: the handle is used by the connecting thread alone until its continuation resumes.
            let easy: Libcurl.Handle
        }

        /// Connects to `url`'s host (`ws` as `http`, `wss` as `https`) and stops before sending
        /// anything.
        ///
        /// - Parameters:
        ///   - url: The WebSocket's URL.
        ///   - settings: libcurl, trust and pins.
        ///   - timeout: The longest the connection (TCP, proxy, TLS) may take.
        /// - Returns: The connected stream.
        /// - Throws: ``HTTPError/transport(_:)`` for a connection that failed, with libcurl's
        ///   detail, or ``HTTPError/pinningFailed(_:)`` for a pinned host whose keys did not match.
        static func connect(to url: URL, settings: Settings, timeout: TimeInterval) async throws(HTTPError)
            -> CurlWebSocketStream
        {
            let library = settings.library
            let summary = HTTPError.RequestSummary(method: .get, url: url)
            func failure(_ code: URLError.Code, _ reason: String) -> HTTPError {
                .transport(HTTPError.TransportFailure(request: summary, code: code, reason: reason))
            }
            guard let target = WebSocketURL.httpEquivalent(of: url), let host = url.host else {
                throw failure(.badURL, "not a ws or wss URL with a host")
            }
            guard let easy = library.easyInit() else { throw failure(.unknown, "libcurl could not make a handle") }
            let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Libcurl.Option.errorBufferSize)
            errorBuffer.initialize(repeating: 0, count: Libcurl.Option.errorBufferSize)
            defer { errorBuffer.deallocate() }
            let check = configure(easy, target: target, host: host, settings: settings, timeout: timeout)
            let options = OptionWriter(library: library, easy: easy)
            options.set(Libcurl.Option.errorBuffer, pointer: errorBuffer)
            let box = HandleBox(easy: easy)
            // curl_easy_perform blocks until it is connected: on a thread of its own, never on
            // Swift's pool.
            let code = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
                Thread.detachNewThread { continuation.resume(returning: library.easyPerform(box.easy)) }
            }
            options.set(Libcurl.Option.errorBuffer, pointer: nil)
            var socket: Int32 = -1
            let error: HTTPError?
            if code != CurlCode.ok.rawValue {
                let curlCode = CurlCode(rawValue: code)
                if let check, let reason = check.failures?.byHost[check.host] {
                    error = .pinningFailed(HTTPError.PinningFailure(request: summary, host: host, reason: reason))
                } else {
                    let buffer = String(cString: errorBuffer)
                    let detail = buffer.isEmpty ? library.errorText(code).map { String(cString: $0) } ?? "" : buffer
                    error = failure(curlCode.urlErrorCode, "\(curlCode.summary) (\(curlCode): \(detail))")
                }
            } else if Task.isCancelled {
                error = .cancelled(summary)
            } else if library.infoSocket(easy, Libcurl.Option.activeSocket, &socket) != 0 || socket < 0 {
                error = failure(.unknown, "libcurl did not say which socket it connected")
            } else {
                error = nil
            }
            if let error {
                library.easyCleanup(easy)
                throw error
            }
            return CurlWebSocketStream(
                library: library, easy: easy, socket: socket, check: check,
                bypassesCurl: url.scheme?.lowercased() == "ws")
        }

        /// Sets the connect-only options; returns the pin check the connection runs, if any.
        private static func configure(
            _ easy: Libcurl.Handle, target: String, host: String, settings: Settings, timeout: TimeInterval
        ) -> ConnectionTrustCheck? {
            typealias Option = Libcurl.Option
            let options = OptionWriter(library: settings.library, easy: easy)
            options.set(Option.url, target)
            options.set(Option.connectOnly, 1)
            options.set(Option.noSignal, 1)
            // Through an HTTP proxy (from the environment, as for every libcurl request), the
            // connection is a CONNECT tunnel, for ws as for wss.
            options.set(Option.httpProxyTunnel, 1)
            // The upgrade is an HTTP/1.1 request: TLS offers only http/1.1 in ALPN.
            options.set(Option.httpVersion, Option.httpVersion1)
            options.set(Option.connectTimeoutMilliseconds, Int(min(max(timeout, 0.001), 604_800) * 1000))
            options.setHTTPProtocolsOnly()
            if let bundle = settings.caBundle { options.setCABundle(bundle) }
            guard !settings.pins.isEmpty, settings.pins.rule(for: host) != nil, let trust = CurlTrust.shared else {
                return nil
            }
            let check = ConnectionTrustCheck(host: host, pins: settings.pins, failures: CurlTrustFailures())
            options.set(Option.sslSessionCache, 0)
            options.set(Option.sslContextFunction, pointer: trust.checkContextFunction)
            options.set(Option.sslContextData, pointer: UnsafeRawPointer(Unmanaged.passUnretained(check).toOpaque()))
            return check
        }

        // MARK: - WebSocketByteStream

        func read(maximumCount: Int) async throws -> [UInt8] {
            let capacity = max(1, maximumCount)
            while true {
                var failure: Failure?
                var arrived = true
                let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                    initialized = 0
                    do throws(Failure) {
                        guard let count = try receiveOnce(into: UnsafeMutableRawBufferPointer(buffer)) else {
                            arrived = false
                            return
                        }
                        initialized = count
                    } catch {
                        failure = error
                    }
                }
                if let failure { throw failure }
                if arrived { return bytes }  // empty: the server closed it
                try await waitUntilReady(for: .readable)
            }
        }

        /// Receives straight into `buffer` on the caller's executor (a call that never blocks); waits
        /// for the socket off it.
        nonisolated(nonsending) func read(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int {
            while true {
                if let count = try receiveOnce(into: buffer) { return count }  // 0: the server closed it
                try await waitUntilReady(for: .readable)
            }
        }

        func write(_ bytes: [UInt8]) async throws {
            var offset = 0
            while offset < bytes.count {
                let sent = try bytes.withUnsafeBytes { buffer throws(Failure) in
                    try sendOnce(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
                }
                if let sent {
                    offset += sent
                } else {
                    try await waitUntilReady(for: .writable)
                }
            }
        }

        func close() async {
            let easy = state.withLock { state -> Libcurl.Handle? in
                guard state.openHandle != nil else { return nil }
                // Under the lock a wait registers in, so none starts after this.
                SocketReadiness.shared?.cancel(socket)
                state.isClosing = true
                return takeHandleIfIdle(&state)
            }
            if let easy { library.easyCleanup(easy) }
        }

        // MARK: - One call

        /// Receives once without blocking.
        ///
        /// - Returns: How many bytes arrived (0 at the end of the stream), nil when none has.
        private func receiveOnce(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int? {
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                throw Failure(description: "a read into no memory")
            }
            if bypassesCurl {
                return try socketCall(while: "receiving") {
                    Glibc.recv(socket, base, buffer.count, Int32(MSG_DONTWAIT))
                }
            }
            var code: Int32 = CurlCode.ok.rawValue
            var received = 0
            let open = state.withLock { state -> Bool in
                guard let easy = state.openHandle else { return false }
                code = library.easyReceive(easy, base, buffer.count, &received)
                return true
            }
            guard open else { throw Failure(description: "the connection is closed") }
            if code == CurlCode.again.rawValue { return nil }
            guard code == CurlCode.ok.rawValue else { throw failure(code, while: "receiving") }
            return received
        }

        /// Sends once without blocking.
        ///
        /// - Returns: How many bytes went (one at least), nil when none could.
        private func sendOnce(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> Int? {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
            if bypassesCurl {
                return try socketCall(while: "sending") {
                    Glibc.send(socket, base, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                }
            }
            var code: Int32 = CurlCode.ok.rawValue
            var sent = 0
            let open = state.withLock { state -> Bool in
                guard let easy = state.openHandle else { return false }
                code = library.easySend(easy, base, bytes.count, &sent)
                return true
            }
            guard open else { throw Failure(description: "the connection is closed") }
            if code == CurlCode.again.rawValue { return nil }
            guard code == CurlCode.ok.rawValue else { throw failure(code, while: "sending") }
            return sent
        }

        /// Runs `call` (a `recv` or a `send` that does not block) on the socket outside the lock,
        /// counted so that the handle outlives it.
        ///
        /// - Returns: Its result, nil when it would have blocked.
        private func socketCall(while doing: String, _ call: () -> Int) throws(Failure) -> Int? {
            let started = state.withLock { state -> Bool in
                guard state.openHandle != nil else { return false }
                state.socketCalls += 1
                return true
            }
            guard started else { throw Failure(description: "the connection is closed") }
            defer {
                let easy = state.withLock { state -> Libcurl.Handle? in
                    state.socketCalls -= 1
                    return state.isClosing ? takeHandleIfIdle(&state) : nil
                }
                if let easy { library.easyCleanup(easy) }
            }
            while true {
                let result = call()
                if result >= 0 { return result }
                let code = errno
                switch code {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: return nil
                default: throw Failure(description: "\(doing) failed: \(String(cString: strerror(code)))")
                }
            }
        }

        /// The handle, taken out of `state`, once the stream is closing and no socket call runs.
        private func takeHandleIfIdle(_ state: inout State) -> Libcurl.Handle? {
            guard state.socketCalls == 0 else { return nil }
            defer { state.easy = nil }
            return state.easy
        }

        // MARK: - Waiting

        /// Off the caller's executor: the first wait blocks its thread for up to ``inlineWait``.
        @concurrent private func waitUntilReady(for direction: SocketReadiness.Direction) async throws {
            var descriptor = pollfd(
                fd: socket, events: Int16(direction == .readable ? POLLIN : POLLOUT), revents: 0)
            if Glibc.poll(&descriptor, 1, Self.inlineWait) > 0 { return }
            guard let readiness = SocketReadiness.shared else {
                throw Failure(description: "the system refused epoll")
            }
            let ready = await readiness.wait(socket, for: direction) { register in
                state.withLock { state in state.openHandle != nil && register() }
            }
            guard ready else { throw Failure(description: "the connection is closed") }
        }

        private func failure(_ code: Int32, while doing: String) -> Failure {
            let curlCode = CurlCode(rawValue: code)
            let text = library.errorText(code).map { String(cString: $0) } ?? ""
            return Failure(description: "\(curlCode.summary) while \(doing) (\(curlCode): \(text))")
        }
    }
#endif
