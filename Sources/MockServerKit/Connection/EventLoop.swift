import Dispatch
import InternalServiceUtilities

/// The server's one I/O thread: a ``Poller`` over the listener, the wake pipe and every connection.
///
/// Everything here runs on that thread; other threads reach it only through ``ServerCore``'s
/// mailbox and wake pipe. Handlers run as tasks and hand their responses back the same way.
final class EventLoop {
    let core: ServerCore
    let listener: Int32
    var connections: [Int: Connection] = [:]
    private var nextID = 1
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    private let poller: Poller
    var dates = DateHeaderCache()
    let clock = ContinuousClock()
    /// The generator behind random conditions, seeded from the configuration.
    var random: SplitMix64
    /// The nearest deadline when the loop last went to wait: before it, no connection has expired.
    private var nearestDeadline: ContinuousClock.Instant?

    /// The poller's tokens for the wake pipe and the listener; a connection's is its ``Connection/id`` (1 and up).
    private static let wakeToken = -1
    private static let listenerToken = 0

    init(core: ServerCore, listener: Int32) {
        self.core = core
        self.listener = listener
        poller = Poller(core.poller)
        random = SplitMix64(seed: core.configuration.seed)
    }

    deinit {
        scratch.deallocate()
    }

    /// Serves until ``ServerCore/requestStop()``, then closes every descriptor.
    func run() {
        defer { shutDown() }
        poller.add(core.wakePipe.readEnd, token: Self.wakeToken, interest: .readable)
        var listening = false
        var ready: [ReadyEvent] = []
        while true {
            let accepting = connections.count < core.configuration.maxConnections
            if accepting != listening {
                if accepting {
                    poller.add(listener, token: Self.listenerToken, interest: .readable)
                } else {
                    poller.remove(listener, token: Self.listenerToken)
                }
                listening = accepting
            }
            for connection in connections.values { watch(connection) }
            guard poller.wait(timeout: pollTimeout(), into: &ready) else { return }
            // The mailbox first (it may be a stop), then new connections, then the others.
            if ready.contains(where: { $0.token == Self.wakeToken }), !handleMailbox() { return }
            if ready.contains(where: { $0.token == Self.listenerToken }) { acceptAll() }
            for event in ready where event.token > Self.listenerToken {
                if let connection = connections[event.token] { handle(connection, events: event.readiness) }
            }
            expireDeadlines()
        }
    }

    /// Tells the poller what `connection` now waits for, when that changed since the last wait.
    private func watch(_ connection: Connection) {
        var interest: Readiness = []
        if connection.wantsToRead { interest.insert(.readable) }
        if connection.hasPendingOutput { interest.insert(.writable) }
        guard let watched = connection.watched else {
            poller.add(connection.descriptor, token: connection.id, interest: interest)
            connection.watched = interest
            return
        }
        guard watched != interest else { return }
        poller.modify(connection.descriptor, token: connection.id, interest: interest)
        connection.watched = interest
    }

    /// Takes completed responses; false when the server is stopping.
    private func handleMailbox() -> Bool {
        core.wakePipe.drain()
        let box = core.mailbox.withLock { box -> ServerCore.Mailbox in
            let taken = box
            box.completions.removeAll()
            box.bodyEvents.removeAll()
            box.webSocketEvents.removeAll()
            return taken
        }
        if box.stopRequested {
            // The loop exits without handling them: their writers learn at once that the connection is gone.
            for event in box.bodyEvents { event.resume?.resume(returning: false) }
            for event in box.webSocketEvents { event.resume?.resume(returning: .failure(.clientDisconnected)) }
            return false
        }
        for completion in box.completions {
            guard let connection = connections[completion.connection] else { continue }
            answer(connection, with: completion.response)
            pump(connection)
        }
        for event in box.bodyEvents { handle(event) }
        for event in box.webSocketEvents { handle(event) }
        return true
    }

    private func acceptAll() {
        while connections.count < core.configuration.maxConnections, let descriptor = Socket.accept(listener) {
            let connection = Connection(id: nextID, descriptor: descriptor, now: clock.now)
            nextID += 1
            connections[connection.id] = connection
        }
    }

    private func handle(_ connection: Connection, events: Readiness) {
        if events.contains(.invalid) {
            close(connection)
            return
        }
        if connection.hasPendingOutput {
            pump(connection)
        } else if connection.wantsToRead {
            read(connection)
            if connections[connection.id] != nil { pump(connection) }
        } else if events.contains(.hangUp) {
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
        if connection.watched != nil { poller.remove(connection.descriptor, token: connection.id) }
        Socket.close(connection.descriptor)
        dropStream(of: connection)
        dropWebSocket(of: connection)
    }

    private func shutDown() {
        for connection in connections.values {
            Socket.close(connection.descriptor)
            dropStream(of: connection)
            dropWebSocket(of: connection)
        }
        connections.removeAll()
        Socket.close(listener)
        poller.close()
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
        case .awaitingHandler, .streaming, .stalled: return nil
        case .webSocket: return connection.webSocket?.closeDeadline.map { ($0, .close) }
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
