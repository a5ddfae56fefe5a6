import Dispatch
import InternalServiceUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's one I/O thread: `poll` over the listener, the wake pipe and every connection.
///
/// Everything here runs on that thread; other threads reach it only through ``ServerCore``'s
/// mailbox and wake pipe. Handlers run as tasks and hand their responses back the same way.
final class EventLoop {
    let core: ServerCore
    let listener: Int32
    var connections: [Int: Connection] = [:]
    private var nextID = 1
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    var dates = DateHeaderCache()
    let clock = ContinuousClock()
    /// The generator behind random conditions, seeded from the configuration.
    var random: SplitMix64
    /// The nearest deadline when the loop last went to wait: before it, no connection has expired.
    private var nearestDeadline: ContinuousClock.Instant?

    init(core: ServerCore, listener: Int32) {
        self.core = core
        self.listener = listener
        random = SplitMix64(seed: core.configuration.seed)
    }

    deinit {
        scratch.deallocate()
    }

    /// Serves until ``ServerCore/requestStop()``, then closes every descriptor.
    func run() {
        defer { shutDown() }
        var descriptors: [pollfd] = []
        var owners: [Int] = []
        while true {
            descriptors.removeAll(keepingCapacity: true)
            owners.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: core.wakePipe.readEnd, events: Int16(POLLIN), revents: 0))
            let accepting = connections.count < core.configuration.maxConnections
            descriptors.append(pollfd(fd: accepting ? listener : -1, events: Int16(POLLIN), revents: 0))
            for connection in connections.values {
                var events: Int16 = 0
                if connection.wantsToRead { events |= Int16(POLLIN) }
                if connection.hasPendingOutput { events |= Int16(POLLOUT) }
                descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
                owners.append(connection.id)
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), pollTimeout())
            if ready < 0 && errno != EINTR { return }
            if descriptors[0].revents != 0, !handleMailbox() { return }
            if descriptors[1].revents != 0 { acceptAll() }
            for (offset, id) in owners.enumerated() where descriptors[offset + 2].revents != 0 {
                if let connection = connections[id] { handle(connection, events: descriptors[offset + 2].revents) }
            }
            expireDeadlines()
        }
    }

    /// Takes completed responses; false when the server is stopping.
    private func handleMailbox() -> Bool {
        core.wakePipe.drain()
        let box = core.mailbox.withLock { box -> ServerCore.Mailbox in
            let taken = box
            box.completions.removeAll()
            box.bodyEvents.removeAll()
            return taken
        }
        if box.stopRequested {
            // The loop exits without handling them: their writers learn at once that the connection is gone.
            for event in box.bodyEvents { event.resume?.resume(returning: false) }
            return false
        }
        for completion in box.completions {
            guard let connection = connections[completion.connection] else { continue }
            answer(connection, with: completion.response)
            pump(connection)
        }
        for event in box.bodyEvents { handle(event) }
        return true
    }

    private func acceptAll() {
        while connections.count < core.configuration.maxConnections, let descriptor = Socket.accept(listener) {
            let connection = Connection(id: nextID, descriptor: descriptor, now: clock.now)
            nextID += 1
            connections[connection.id] = connection
        }
    }

    private func handle(_ connection: Connection, events: Int16) {
        if events & Int16(POLLNVAL) != 0 {
            close(connection)
            return
        }
        if connection.hasPendingOutput {
            pump(connection)
        } else if connection.wantsToRead {
            read(connection)
            if connections[connection.id] != nil { pump(connection) }
        } else if events & Int16(POLLHUP | POLLERR) != 0 {
            // The client vanished while its handler runs; its response has nowhere to go.
            close(connection)
        }
    }

    /// Reads what is there (a few buffers' worth at most, to stay fair to other connections).
    private func read(_ connection: Connection) {
        for _ in 0..<4 {
            switch Socket.read(connection.descriptor, into: scratch) {
            case .bytes(let count):
                connection.lastActivity = clock.now
                if connection.discardsInput { continue }
                connection.input.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<count]))
                if count < scratch.count { return }
            case .wouldBlock:
                return
            case .endOfStream:
                connection.peerClosed = true
                return
            case .failed:
                close(connection)
                return
            }
        }
    }

    /// Sends what it can of the pending output.
    func flush(_ connection: Connection) -> Bool {
        while connection.hasPendingOutput {
            let result = connection.output.withUnsafeBytes { bytes in
                Socket.write(connection.descriptor, UnsafeRawBufferPointer(rebasing: bytes[connection.outputStart...]))
            }
            switch result {
            case .bytes(let count):
                connection.outputStart += count
                connection.lastActivity = clock.now
            case .wouldBlock:
                releaseWriters(of: connection)
                return true
            case .endOfStream, .failed:
                close(connection)
                return false
            }
        }
        connection.output.removeAll(keepingCapacity: connection.output.count <= 64 * 1024)
        connection.outputStart = 0
        releaseWriters(of: connection)
        return true
    }

    func close(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        Socket.close(connection.descriptor)
        dropStream(of: connection)
    }

    private func shutDown() {
        for connection in connections.values {
            Socket.close(connection.descriptor)
            dropStream(of: connection)
        }
        connections.removeAll()
        Socket.close(listener)
        core.closeWakePipe()
        core.finished.signal()
    }
}

// MARK: - Deadlines

extension EventLoop {
    /// What is done to a connection whose deadline has passed.
    fileprivate enum Expiry {
        /// Answer 408 and close.
        case timeOutRequest
        /// Close at once.
        case close
        /// Run its timer (a delayed or paced response).
        case fireTimer
        /// End a slow close: a FIN, or a reset.
        case finishClosing(reset: Bool)
    }

    /// When `connection` must have made progress, and what happens if it has not.
    private func deadline(of connection: Connection) -> (ContinuousClock.Instant, Expiry)? {
        let configuration = core.configuration
        if let timer = connection.timer { return (timer, .fireTimer) }
        if connection.hasPendingOutput { return (connection.lastActivity + configuration.requestTimeout, .close) }
        switch connection.phase {
        case .idle: return (connection.lastActivity + configuration.idleTimeout, .close)
        case .head, .body: return (connection.requestStartedAt + configuration.requestTimeout, .timeOutRequest)
        case .awaitingHandler, .streaming, .paced, .stalled: return nil
        case .lingering(let until): return (until, .close)
        case .closingLater(let until, let reset): return (until, .finishClosing(reset: reset))
        }
    }

    /// Milliseconds until the nearest deadline (-1: none), which it notes for ``expireDeadlines()``.
    fileprivate func pollTimeout() -> Int32 {
        let now = clock.now
        var nearest: ContinuousClock.Instant?
        for connection in connections.values {
            guard let (deadline, _) = deadline(of: connection) else { continue }
            if nearest.map({ deadline < $0 }) ?? true { nearest = deadline }
        }
        nearestDeadline = nearest
        guard let nearest else { return -1 }
        let wait = now.duration(to: nearest)
        if wait <= .zero { return 0 }
        let milliseconds = wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000 + 1
        return Int32(min(milliseconds, 60_000))
    }

    /// Closes idle, stalled and lingering connections whose time is up, slow requests get 408, and
    /// timers of delayed and paced responses fire.
    fileprivate func expireDeadlines() {
        let now = clock.now
        // Activity only postpones deadlines, so none seen at the wait is due before the nearest.
        // One set since (a delay, a linger) shortens the next wait and is handled after it.
        guard let nearestDeadline, nearestDeadline <= now else { return }
        for connection in Array(connections.values) where connections[connection.id] != nil {
            guard let (deadline, expiry) = deadline(of: connection), deadline <= now else { continue }
            switch expiry {
            case .timeOutRequest:
                fail(connection, RequestFailure(status: 408, reason: "request not received in time"))
                pump(connection)
            case .close:
                close(connection)
            case .fireTimer:
                fireTimer(of: connection)
            case .finishClosing(let reset):
                if reset { Socket.resetOnClose(connection.descriptor) }
                if reset || connection.peerClosed { close(connection) } else { startLingering(connection) }
            }
        }
    }
}
