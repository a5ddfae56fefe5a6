#if os(Linux)
    import Foundation
    import FoundationNetworking
    import InternalServiceUtilities

    /// One libcurl multi handle and the thread that drives it: every exchange of a ``CurlTransport``
    /// runs here, on one thread, with connections (HTTP/1.1 keep-alive, HTTP/2 multiplexed), DNS
    /// answers and easy handles reused from one request to the next.
    ///
    /// Callers hand transfers in through a locked inbox and `curl_multi_wakeup`; the thread adds
    /// them, runs `curl_multi_perform`, ends the finished ones (following redirects by the exchange's
    /// rules), enforces each one's idle timeout and waits in `curl_multi_poll`. It runs only while
    /// there is work: idle for ``idleExit``, it ends, and the next submission starts another; the
    /// multi handle, with its connection cache, lives as long as the loop.
    final class CurlEventLoop: @unchecked Sendable {
        // Safe: `inbox` is behind its lock; `multi` is created once and, besides the thread-safe
        // `curl_multi_wakeup`, used by one thread at a time: the loop's thread while it runs (at
        // most one runs, `Inbox.running` says which), `deinit` once none can; the other state is
        // touched only by the loop's thread.

        private struct Inbox {
            var new: [CurlTransfer] = []
            var cancelled: [CurlTransfer] = []
            var running = false
            /// The transport was shut down: an idle loop ends at once.
            var stopping = false
        }

        let library: Libcurl
        let settings: CurlTransport.Settings
        private let multi: Libcurl.Handle
        private let inbox = Locked(Inbox())
        /// The loop thread's state.
        private var active: [Libcurl.Handle: CurlTransfer] = [:]
        private var spare: [Libcurl.Handle] = []
        private var lastIdleCheck = ContinuousClock.now
        /// Why the TLS check last refused each host (see CurlTrust).
        let trustFailures = CurlTrustFailures()

        /// How long the thread waits for work before it ends.
        static let idleExit = Duration.seconds(2)
        /// The most easy handles kept for reuse.
        static let spareLimit = 64

        init?(library: Libcurl, settings: CurlTransport.Settings) {
            guard let multi = library.multiInit() else { return nil }
            self.library = library
            self.settings = settings
            self.multi = multi
            let perHost = max(settings.maximumConnectionsPerHost, 1)
            _ = library.multiSetLong(multi, Libcurl.Option.multiMaximumHostConnections, perHost)
            _ = library.multiSetLong(multi, Libcurl.Option.multiMaximumConnections, max(4 * perHost, 32))
        }

        deinit {
            for easy in spare { library.easyCleanup(easy) }
            _ = library.multiCleanup(multi)
        }

        /// Hands a transfer to the loop; the loop's thread starts it.
        func submit(_ transfer: CurlTransfer) {
            let startThread = inbox.withLock { inbox -> Bool in
                inbox.new.append(transfer)
                guard !inbox.running else { return false }
                inbox.running = true
                return true
            }
            if startThread {
                guard CurlLoopThreads.start(self) else {
                    let stranded = inbox.withLock { inbox -> [CurlTransfer] in
                        defer {
                            inbox.new.removeAll()
                            inbox.running = false
                        }
                        return inbox.new
                    }
                    let error = URLError(.unknown, reason: "the system could not start libcurl's thread")
                    for transfer in stranded { transfer.exchange.complete(error) }
                    return
                }
            } else {
                _ = library.multiWakeup(multi)
            }
        }

        /// Stops a transfer soon; it then completes as cancelled, unless it already ended.
        func cancel(_ transfer: CurlTransfer) {
            inbox.withLock { $0.cancelled.append(transfer) }
            _ = library.multiWakeup(multi)
        }

        /// Lets the thread end as soon as no transfer runs, instead of after ``idleExit``.
        func shutdown() {
            inbox.withLock { $0.stopping = true }
            _ = library.multiWakeup(multi)
        }

        // MARK: - The loop's thread

        func run() {
            var idleSince: ContinuousClock.Instant?
            while true {
                let (new, cancelled) = inbox.withLock { inbox in
                    defer {
                        inbox.new.removeAll(keepingCapacity: true)
                        inbox.cancelled.removeAll(keepingCapacity: true)
                    }
                    return (inbox.new, inbox.cancelled)
                }
                for transfer in new { begin(transfer) }
                for transfer in cancelled { stop(transfer, with: URLError(.cancelled)) }
                var running: Int32 = 0
                let performed = library.multiPerform(multi, &running)
                if performed != 0 {
                    let error = URLError(.unknown, reason: "libcurl failed with multi error \(performed)")
                    for transfer in Array(active.values) { stop(transfer, with: error) }
                }
                endFinished()
                enforceIdleTimeouts()
                if active.isEmpty {
                    let now = ContinuousClock.now
                    let since = idleSince ?? now
                    idleSince = since
                    let waited = since.duration(to: now) >= Self.idleExit
                    if waited || inbox.value.stopping {
                        let ended = inbox.withLock { inbox -> Bool in
                            guard inbox.new.isEmpty, inbox.cancelled.isEmpty, waited || inbox.stopping else {
                                return false
                            }
                            inbox.running = false
                            return true
                        }
                        if ended { return }
                    }
                } else {
                    idleSince = nil
                }
                _ = library.multiPoll(multi, nil, 0, pollMilliseconds(idleSince: idleSince), nil)
            }
        }

        /// How long to wait for activity: until the nearest idle deadline (at most a second) while
        /// transfers run, until the idle exit otherwise.
        private func pollMilliseconds(idleSince: ContinuousClock.Instant?) -> Int32 {
            let now = ContinuousClock.now
            var wait: Duration
            if let idleSince {
                wait = Self.idleExit - idleSince.duration(to: now)
            } else {
                wait = .seconds(1)
                for transfer in active.values {
                    wait = min(wait, transfer.idleLimit - transfer.lastActivity.duration(to: now))
                }
            }
            let milliseconds = wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000
            return Int32(clamping: max(milliseconds + 1, 1))
        }

        /// Takes an easy handle, sets the transfer's options and adds it to the multi handle.
        private func begin(_ transfer: CurlTransfer) {
            guard !transfer.exchange.isCancelled else { return transfer.exchange.complete(URLError(.cancelled)) }
            guard let easy = spare.popLast() ?? library.easyInit() else {
                return transfer.exchange.complete(
                    URLError(.unknown, reason: "libcurl could not make a transfer handle"))
            }
            start(transfer, on: easy)
        }

        private func start(_ transfer: CurlTransfer, on easy: Libcurl.Handle) {
            transfer.lastActivity = .now
            if let failure = transfer.configure(easy, library: library, settings: settings) {
                library.easyCleanup(easy)
                return transfer.exchange.complete(failure)
            }
            transfer.easy = easy
            transfer.trustFailures = trustFailures
            active[easy] = transfer
            let added = library.multiAdd(multi, easy)
            if added != 0 {
                stop(transfer, with: URLError(.unknown, reason: "libcurl could not start the transfer (\(added))"))
            }
        }

        /// Ends the transfers libcurl reports done.
        private func endFinished() {
            var remaining: Int32 = 0
            while let message = library.multiInfoRead(multi, &remaining) {
                // CURLMsg: an int (the message kind), the easy handle, then a union whose CURLcode
                // sits at offset 16 on 64-bit systems.
                guard message.load(as: Int32.self) == Libcurl.Option.messageDone,
                    let easy = message.load(fromByteOffset: 8, as: Libcurl.Handle?.self),
                    let transfer = active[easy]
                else { continue }
                let code = message.load(fromByteOffset: 16, as: Int32.self)
                detach(transfer)
                switch transfer.endHop(code: code, library: library, trustFailure: trustFailures.byHost[transfer.host])
                {
                case .follow:
                    library.easyReset(easy)
                    start(transfer, on: easy)
                case .complete(let error):
                    recycle(easy, clean: error == nil)
                    transfer.exchange.complete(error)
                }
            }
        }

        /// Stops a running transfer from here (cancelled, timed out, a multi error).
        private func stop(_ transfer: CurlTransfer, with error: URLError) {
            guard let easy = transfer.easy, active[easy] === transfer else { return }
            detach(transfer)
            recycle(easy, clean: false)
            transfer.exchange.complete(error)
        }

        private func detach(_ transfer: CurlTransfer) {
            guard let easy = transfer.easy else { return }
            _ = library.multiRemove(multi, easy)
            active[easy] = nil
            transfer.easy = nil
            library.listFree(transfer.headerList)
            transfer.headerList = nil
        }

        /// Keeps an easy handle for the next transfer after a clean end; closes it otherwise.
        private func recycle(_ easy: Libcurl.Handle, clean: Bool) {
            guard clean, spare.count < Self.spareLimit else { return library.easyCleanup(easy) }
            library.easyReset(easy)
            spare.append(easy)
        }

        /// Fails the transfers that made no progress for their timeout; checked at most every 50 ms.
        private func enforceIdleTimeouts() {
            let now = ContinuousClock.now
            guard !active.isEmpty, lastIdleCheck.duration(to: now) >= .milliseconds(50) else { return }
            lastIdleCheck = now
            for transfer in Array(active.values) where transfer.lastActivity.duration(to: now) >= transfer.idleLimit {
                stop(transfer, with: URLError(.timedOut, reason: "no progress for \(transfer.idleTimeout) seconds"))
            }
        }
    }
#endif
