#if os(Linux)
    import Foundation
    import FoundationNetworking
    import InternalServiceUtilities

    /// One libcurl multi handle and the thread that waits for its sockets: every exchange of a
    /// ``CurlTransport`` runs here, with connections (HTTP/1.1 keep-alive, HTTP/2 multiplexed), DNS
    /// answers and easy handles reused from one request to the next.
    ///
    /// The multi handle is driven through `curl_multi_socket_action` by whichever thread holds
    /// `engine`. The loop's thread waits for the sockets libcurl watches (``CurlSocketWatcher``),
    /// then reads responses, ends finished transfers (following redirects by the exchange's rules)
    /// and enforces idle timeouts. A caller that submits while no transfer runs starts its transfer
    /// itself, so a request on a reused connection is sent without waking the loop's thread, and
    /// waits up to `Settings.callerWait` (1 ms) for a small answer, which it then reads itself:
    /// one request after another crosses no thread, as with `curl` on its one thread. That wait
    /// holds a thread of Swift's pool, so it is short, skipped for a while after one that ran out,
    /// and interrupted by any other submission or cancellation. Otherwise a caller leaves the
    /// transfer in a locked inbox and wakes the thread if it sleeps. The thread runs only while
    /// there is work: idle for `Settings.idleExit` (2 s), it ends, and the next submission starts
    /// another; the multi handle, with its connection cache, lives as long as the loop.
    final class CurlEventLoop: @unchecked Sendable {
        // Safe: `inbox` is behind its own lock. `multi`, its easy handles and every property below
        // `engine` (and libcurl's callbacks into CurlExchange objects) are used only by a thread
        // holding `engine`: the loop's thread (at most one runs, `Inbox.running` says so) or a
        // submitting caller, or `deinit` once no thread can; so are the extensions in
        // CurlEventLoop+CallerWait.swift and CurlEventLoop+Sockets.swift. The watcher is thread-safe.

        let library: Libcurl
        let settings: CurlTransport.Settings
        private let multi: Libcurl.Handle
        let watcher: CurlSocketWatcher
        let inbox = Locked(Inbox())
        /// Held by the thread that drives `multi`.
        let engine = NSLock()
        private var active: [Libcurl.Handle: CurlExchange] = [:]
        /// Easy handles kept for reuse; a primed one still holds the options of the plain GET it ran
        /// (see `CurlExchange.isPlain`), which the next plain GET sets again but for its own few.
        private var spare: [(easy: Libcurl.Handle, primed: Bool)] = []
        /// The header lines made last, which the next request with the same fields uses too.
        private var lastHeaderLines: CurlHeaderList?
        private var lastIdleCheck = ContinuousClock.now
        /// When libcurl asked to be called with `CURL_SOCKET_TIMEOUT`; nil for no timer.
        var timerDeadline: ContinuousClock.Instant?
        /// When the loop's thread wakes by itself from its current wait; nil while it runs. A
        /// caller that needs it sooner (a nearer timer, a shorter idle timeout) wakes it.
        private var sleepingUntil: ContinuousClock.Instant?
        /// Sockets libcurl stopped watching that stay in the epoll set: a kept-alive connection
        /// between two requests, which the next one watches again with one `epoll_ctl` instead of
        /// three (a removal, then a change that fails and an addition). One that reports activity
        /// while parked (the server closed it) leaves the set then.
        var parked: Set<Int32> = []
        /// Sockets added to the epoll set (watched or parked). One libcurl closed without saying
        /// so left the set by itself; its entry is stale, which costs a failed `epoll_ctl` at most.
        var registered: Set<Int32> = []
        /// While a caller waits for its own answer (see ``submit(_:)``): what libcurl asked for each
        /// socket meanwhile, applied to the epoll set only if the loop's thread takes over.
        var deferred: [Int32: Int32] = [:]
        var defersWatches = false
        /// Requests that will not wait for their answer on their caller's thread, after a wait that
        /// ran out (a slow server): the loop's thread reads theirs.
        var callerWaitsSkipped = 0
        /// Requests whose answer their caller read (see ``submit(_:)``).
        var answeredByCallers = 0
        /// Why the TLS check last refused each host (see CurlTrust).
        let trustFailures = CurlTrustFailures()

        /// The most easy handles kept for reuse.
        static let spareLimit = 64

        init?(library: Libcurl, settings: CurlTransport.Settings) {
            guard let multi = library.multiInit() else { return nil }
            guard let watcher = CurlSocketWatcher() else {
                _ = library.multiCleanup(multi)
                return nil
            }
            self.library = library
            self.settings = settings
            self.multi = multi
            self.watcher = watcher
            let perHost = max(settings.maximumConnectionsPerHost, 1)
            _ = library.multiSetLong(multi, Libcurl.Option.multiMaximumHostConnections, perHost)
            _ = library.multiSetLong(multi, Libcurl.Option.multiMaximumConnections, max(4 * perHost, 32))
            // Unretained: libcurl calls these only from inside this loop's own calls on `multi`.
            let context = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
            _ = library.multiSetPointer(
                multi, Libcurl.Option.multiSocketFunction, unsafeBitCast(curlSocket, to: UnsafeRawPointer.self))
            _ = library.multiSetPointer(multi, Libcurl.Option.multiSocketData, context)
            _ = library.multiSetPointer(
                multi, Libcurl.Option.multiTimerFunction, unsafeBitCast(curlTimer, to: UnsafeRawPointer.self))
            _ = library.multiSetPointer(multi, Libcurl.Option.multiTimerData, context)
        }

        deinit {
            // libcurl tells the socket callback about every socket it closes now; this object can
            // no longer take the calls.
            _ = library.multiSetPointer(multi, Libcurl.Option.multiSocketFunction, nil)
            _ = library.multiSetPointer(multi, Libcurl.Option.multiTimerFunction, nil)
            for (easy, _) in spare { library.easyCleanup(easy) }
            _ = library.multiCleanup(multi)
        }

        /// Hands a transfer to the loop: started right here when no other transfer runs, the loop's
        /// thread waits and the multi handle is free (one request after another: its request leaves
        /// without a thread hop), otherwise by that thread, which a busy loop would only slow down
        /// by waiting for the handle.
        func submit(_ transfer: CurlExchange) {
            if inbox.withLock({ $0.callerMayStart }), engine.try() {
                let mayStart =
                    active.isEmpty
                    && inbox.withLock { inbox in
                        defer { inbox.callerMayStart = false }
                        return inbox.running && inbox.callerMayStart
                    }
                if mayStart {
                    begin(transfer)
                    // One round sends the request (on a reused connection) or starts connecting.
                    // A small answer from a quick server is then read right here, as `curl` does on
                    // its one thread; anything else (a connection to make, a body to send, a
                    // download, a slow answer) is the loop thread's work, and a timer still due
                    // wakes it below.
                    defersWatches = true
                    drive(rounds: 1)
                    if !transfer.exchange.expectsLargeBody { awaitAnswer(of: transfer) }
                    defersWatches = false
                    for (socket, what) in deferred { apply(socket, what: what) }
                    deferred.removeAll(keepingCapacity: true)
                    let wake = sleepingUntil.map { until in
                        timerDeadline.map { $0 < until } ?? false
                            || (transfer.easy != nil && transfer.lastActivity + transfer.idleLimit < until)
                    }
                    let answered = active.isEmpty
                    answeredByCallers += answered ? 1 : 0
                    engine.unlock()
                    if answered {
                        // Answered here: the loop's thread, still waiting, never saw the transfer,
                        // and the next request may start its own as well (once the handle is free).
                        inbox.withLock { inbox in
                            inbox.callerMayStart = inbox.waiting && inbox.isEmpty
                        }
                    }
                    if wake ?? false { watcher.wake() }
                    return
                }
                engine.unlock()
            }
            let (startThread, wake, interrupt) = inbox.withLock { inbox -> (Bool, Bool, Bool) in
                inbox.new.append(transfer)
                guard !inbox.running else { return (false, inbox.waiting, inbox.callerWaits) }
                inbox.running = true
                return (true, false, false)
            }
            if interrupt { watcher.interrupt() }
            if startThread {
                guard CurlLoopThreads.start(self) else {
                    let stranded = inbox.withLock { inbox -> [CurlExchange] in
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
            } else if wake {
                watcher.wake()
            }
        }

        /// Stops a transfer soon; it then completes as cancelled, unless it already ended.
        func cancel(_ transfer: CurlExchange) {
            let (wake, interrupt) = inbox.withLock { inbox -> (Bool, Bool) in
                inbox.cancelled.append(transfer)
                return (inbox.waiting, inbox.callerWaits)
            }
            if interrupt { watcher.interrupt() }
            if wake { watcher.wake() }
        }

        /// Lets the thread end as soon as no transfer runs, instead of after the settings' `idleExit`.
        func shutdown() {
            let wake = inbox.withLock { inbox -> Bool in
                inbox.stopping = true
                return inbox.waiting
            }
            if wake { watcher.wake() }
        }

        // MARK: - The loop's thread

        func run() {
            var idleSince: ContinuousClock.Instant?
            var ready: [CurlSocketWatcher.Readiness] = []
            ready.reserveCapacity(CurlSocketWatcher.batch)
            engine.lock()
            while true {
                for readiness in ready {
                    if parked.contains(readiness.socket) {
                        unregister(readiness.socket)
                    } else {
                        act(on: readiness.socket, flags: readiness.flags)
                    }
                }
                let (new, cancelled) = inbox.withLock { inbox in
                    defer {
                        inbox.new.removeAll(keepingCapacity: true)
                        inbox.cancelled.removeAll(keepingCapacity: true)
                    }
                    return (inbox.new, inbox.cancelled)
                }
                for transfer in new { begin(transfer) }
                for transfer in cancelled { stop(transfer, with: URLError(.cancelled)) }
                drive()
                enforceIdleTimeouts()
                if active.isEmpty {
                    let now = ContinuousClock.now
                    let since = idleSince ?? now
                    idleSince = since
                    let waited = since.duration(to: now) >= settings.idleExit
                    if waited || inbox.value.stopping {
                        let ended = inbox.withLock { inbox -> Bool in
                            guard inbox.isEmpty, waited || inbox.stopping else {
                                return false
                            }
                            inbox.running = false
                            return true
                        }
                        if ended { break }
                    }
                } else {
                    idleSince = nil
                }
                let idle = active.isEmpty
                // What arrived since the inbox was read is taken at once, with a wait of zero that
                // still collects ready sockets; otherwise the thread sleeps and says so.
                let waits = inbox.withLock { inbox -> Bool in
                    inbox.waiting = inbox.isEmpty && !(idle && inbox.stopping)
                    return inbox.waiting
                }
                let wait = waits ? waitDuration(idleSince: idleSince) : .zero
                sleepingUntil = .now + wait
                engine.unlock()
                // Said once the handle is free, so a caller told it may start finds it free.
                if idle, waits { inbox.withLock { $0.callerMayStart = $0.waiting } }
                watcher.wait(milliseconds: Self.milliseconds(wait), into: &ready)
                inbox.withLock { inbox in
                    inbox.callerMayStart = false
                    inbox.waiting = false
                }
                engine.lock()
                sleepingUntil = nil
            }
            engine.unlock()
        }

        /// How long to wait for activity: until libcurl's timer or the nearest idle deadline (at
        /// most a second) while transfers run, until the idle exit otherwise.
        private func waitDuration(idleSince: ContinuousClock.Instant?) -> Duration {
            let now = ContinuousClock.now
            var wait: Duration
            if let idleSince {
                wait = settings.idleExit - idleSince.duration(to: now)
            } else {
                wait = .seconds(1)
                for transfer in active.values {
                    wait = min(wait, transfer.idleLimit - transfer.lastActivity.duration(to: now))
                }
            }
            if let timerDeadline { wait = min(wait, now.duration(to: timerDeadline)) }
            return max(wait, .zero)
        }

        /// `duration` in whole milliseconds, rounded up so a wait never ends before its deadline.
        static func milliseconds(_ duration: Duration) -> Int32 {
            let (seconds, attoseconds) = duration.components
            let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            return Int32(clamping: max(milliseconds, 0))
        }

        // MARK: - Driving libcurl (with `engine` held)

        /// Runs libcurl's expired timers (starting new transfers among others) at most `rounds` times
        /// (libcurl sets a timer of 0 again while a busy transfer has more to read), and ends what
        /// finished.
        func drive(rounds: Int = 16) {
            var round = 0
            while let deadline = timerDeadline, deadline <= .now, round < rounds {
                timerDeadline = nil
                round += 1
                act(on: Libcurl.Option.socketTimeout, flags: 0)
            }
            endFinished()
        }

        /// Tells libcurl that `socket` is ready (or that its timer expired), failing every transfer
        /// when the multi handle itself fails.
        func act(on socket: Int32, flags: Int32) {
            var running: Int32 = 0
            let result = library.multiSocketAction(multi, socket, flags, &running)
            guard result != 0, result != Libcurl.Option.multiBadSocket else { return }
            let error = URLError(.unknown, reason: "libcurl failed with multi error \(result)")
            for transfer in Array(active.values) { stop(transfer, with: error) }
        }

        /// Takes an easy handle, sets the transfer's options and adds it to the multi handle.
        private func begin(_ transfer: CurlExchange) {
            guard !transfer.exchange.isCancelled else { return transfer.exchange.complete(URLError(.cancelled)) }
            let kept = spare.popLast()
            guard let easy = kept?.easy ?? library.easyInit() else {
                return transfer.exchange.complete(
                    URLError(.unknown, reason: "libcurl could not make a transfer handle"))
            }
            var primed = kept?.primed ?? false
            if primed, !transfer.isPlain {
                library.easyReset(easy)
                primed = false
            }
            start(transfer, on: easy, primed: primed)
        }

        /// Configures `easy` for the transfer's current hop (fresh or reset, or `primed`: see
        /// `CurlExchange.configure`) and adds it to the multi handle.
        private func start(_ transfer: CurlExchange, on easy: Libcurl.Handle, primed: Bool = false) {
            transfer.lastActivity = .now
            let failure = transfer.configure(
                easy, library: library, settings: settings, lines: &lastHeaderLines, primed: primed)
            if let failure {
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
                let code = CurlCode(rawValue: message.load(fromByteOffset: 16, as: Int32.self))
                detach(transfer)
                let trustFailure = code == .ok ? nil : trustFailures.byHost[transfer.host]
                switch transfer.endHop(code: code, library: library, trustFailure: trustFailure) {
                case .follow:
                    library.easyReset(easy)
                    start(transfer, on: easy)
                case .complete(let error):
                    transfer.exchange.complete(error)
                    recycle(easy, clean: error == nil, plain: transfer.isPlain)
                }
            }
        }

        /// Stops a running transfer from here (cancelled, timed out, a multi error).
        private func stop(_ transfer: CurlExchange, with error: URLError) {
            guard let easy = transfer.easy, active[easy] === transfer else { return }
            detach(transfer)
            recycle(easy, clean: false, plain: false)
            transfer.exchange.complete(error)
        }

        private func detach(_ transfer: CurlExchange) {
            guard let easy = transfer.easy else { return }
            _ = library.multiRemove(multi, easy)
            active[easy] = nil
            transfer.easy = nil
            transfer.headerList = nil
        }

        /// Keeps an easy handle for the next transfer after a clean end, closes it otherwise: reset,
        /// or, after a `plain` hop, primed with its options (`curl_easy_reset` and setting them all
        /// again cost more than the rest of a small request's options). A primed handle lets go of
        /// the pointers into the finished transfer, which no idle handle uses but which would dangle.
        private func recycle(_ easy: Libcurl.Handle, clean: Bool, plain: Bool) {
            guard clean, spare.count < Self.spareLimit else { return library.easyCleanup(easy) }
            if plain {
                _ = library.setPointer(easy, Libcurl.Option.errorBuffer, nil)
                _ = library.setPointer(easy, Libcurl.Option.headers, nil)
                _ = library.setPointer(easy, Libcurl.Option.writeData, nil)
                _ = library.setPointer(easy, Libcurl.Option.headerData, nil)
            } else {
                library.easyReset(easy)
            }
            spare.append((easy, plain))
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
