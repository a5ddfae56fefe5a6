import InternalServiceUtilities

/// Drives a ``WebSocketConnection`` over a ``WebSocketByteStream``: one reading task feeds the
/// connection what arrives, answers pings, delivers messages to ``receive()`` and runs the close
/// handshake, started by either side, with a timeout.
///
/// Reading stops while ``Configuration/bufferedMessages`` messages wait for ``receive()``, so a slow
/// reader applies TCP backpressure instead of growing memory; pings are answered while it reads.
/// Writers (``send(_:)``, pongs, close frames) take turns, so frames never interleave.
///
/// ```swift
/// let engine = WebSocketEngine(stream: stream, connection: connection)
/// engine.start()
/// try await engine.send(.string("hello"))
/// while let message = try await engine.receive() { handle(message) }
/// await engine.close(code: .normalClosure, reason: "")
/// ```
actor WebSocketEngine {
    /// Limits and timings.
    struct Configuration: Sendable {
        /// How long the client waits for the server's close frame (or, after the handshake, for
        /// the server to close the connection) before closing it itself.
        var closeTimeout: Duration = .seconds(10)
        /// The most bytes one read asks for, but for the rest of a large frame, which is read whole
        /// into memory of its own.
        var readSize = 256 * 1024
        /// How many received messages may wait for ``WebSocketEngine/receive()`` before reading stops.
        var bufferedMessages = 1
        /// How often to ping while open; nil for never. A pong not back by the next ping fails the
        /// connection with ``WebSocketError/Reason/pingTimedOut``.
        var pingInterval: Duration?

        /// The defaults.
        init() {}
    }

    /// How many unread messages are kept while the client closes; later ones are dropped.
    static let closingBacklog = 64

    private typealias Delivery = CheckedContinuation<Result<WebSocketMessage?, WebSocketError>, Never>

    private let stream: any WebSocketByteStream
    private let configuration: Configuration
    private var connection: WebSocketConnection
    private var pendingInput: [UInt8]
    private var inbox: [WebSocketMessage] = []
    private var receivers: [Delivery] = []
    private var pumpWaiter: CheckedContinuation<Void, Never>?
    private var finishWaiters: [CheckedContinuation<Void, Never>] = []
    private var writeQueue: [CheckedContinuation<Void, Never>] = []
    /// A written frame's array, for the next message's frame.
    private nonisolated let spareFrame = Locked([UInt8]())
    /// The end the connection plays, for encoding frames off the actor.
    private nonisolated let role: WebSocketRole
    /// Whether sending compresses, which only the actor can do (the compressor has state).
    private nonisolated let compressesMessages: Bool
    private var isWriting = false
    private var closeTimer: Task<Void, Never>?
    private var closingByClient = false
    private var handshakeComplete = false
    private var started = false
    /// Set when the connection is over: success after a close handshake, else the failure.
    private var outcome: Result<Void, WebSocketError>?
    private var pinger: Task<Void, Never>?
    /// Whether a ping was sent (automatically or by ``ping(_:)``) and no pong came since.
    private var awaitingPong = false
    private var pongsReceived = 0
    private var pongWaiters: [CheckedContinuation<Result<Void, WebSocketError>, Never>] = []

    /// ``closeCode`` and ``closeReason``, readable without awaiting the actor.
    nonisolated let closeStatus = Locked(CloseStatus())

    /// How the connection ended, as ``WebSocket`` reports it synchronously.
    struct CloseStatus: Sendable {
        var code: WebSocketCloseCode?
        var reason: String?
    }

    /// The code of the close frame the server sent (``WebSocketCloseCode/noStatusReceived`` for an
    /// empty one) or of the failure; nil while open.
    private(set) var closeCode: WebSocketCloseCode? {
        didSet { closeStatus.withLock { [closeCode] in $0.code = closeCode } }
    }
    /// The reason of the server's close frame; nil while open or after a failure.
    private(set) var closeReason: String? {
        didSet { closeStatus.withLock { [closeReason] in $0.reason = closeReason } }
    }

    /// Makes an engine; ``start()`` begins reading.
    ///
    /// - Parameters:
    ///   - stream: The connection, after the handshake.
    ///   - connection: The protocol state for what the handshake agreed.
    ///   - configuration: Limits and timings.
    ///   - initialBytes: Bytes that arrived with the handshake's response, after its head.
    init(
        stream: any WebSocketByteStream, connection: WebSocketConnection, configuration: Configuration = .init(),
        initialBytes: [UInt8] = []
    ) {
        self.stream = stream
        self.connection = connection
        role = connection.role
        compressesMessages = connection.compressesMessages
        self.configuration = configuration
        self.pendingInput = initialBytes
    }

    /// Starts the reading task (once; later calls do nothing).
    func start() {
        guard !started else { return }
        started = true
        Task { await self.pump() }
        if let interval = configuration.pingInterval, interval > .zero {
            pinger = Task { await self.pingPeriodically(every: interval) }
        }
    }

    /// The next message.
    ///
    /// - Returns: The message, or nil once the close handshake is complete.
    /// - Throws: ``WebSocketError`` when the connection failed, with what failed it; cancelling
    ///   the calling task cancels the connection.
    func receive() async throws(WebSocketError) -> WebSocketMessage? {
        if !inbox.isEmpty {
            let message = inbox.removeFirst()
            wakePump()
            return message
        }
        if let outcome { return try outcome.map { nil }.get() }
        if handshakeComplete { return nil }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (delivery: Delivery) in receivers.append(delivery) }
        } onCancel: {
            Task { await self.cancel() }
        }
        return try result.get()
    }

    /// Sends a message.
    ///
    /// - Parameter message: The message, compressed when permessage-deflate was agreed.
    /// - Throws: ``WebSocketError/Reason/notOpen`` once closing, or the connection's failure.
    nonisolated func send(_ message: WebSocketMessage) async throws(WebSocketError) {
        // The last frame's array, reused: its pages are in memory already, where a new array of a
        // large frame's size would be fresh pages for the kernel to fault in.
        var frame = spareFrame.withLock { spare in
            defer { spare = [] }
            return spare
        }
        if compressesMessages {
            try await sendCompressed(message, into: &frame)
        } else {
            // Copying and masking the payload is most of a large message's cost: done here, in the
            // sender's task, beside the actor's reading rather than in turn with it.
            WebSocketConnection.encode(message, as: role, into: &frame)
            try await sendFrame(frame)
        }
        if frame.capacity <= WebSocketFrameDecoder.retainedCapacity {
            spareFrame.withLock { $0 = frame }
        }
    }

    /// Writes the frame of an uncompressed message while the connection is open.
    private func sendFrame(_ frame: [UInt8]) async throws(WebSocketError) {
        if case .failure(let error) = outcome { throw error }
        guard connection.state == .open else { throw WebSocketError(.notOpen) }
        try await write(frame)
    }

    /// Compresses a message, in turn with the others (the compressor's context is the connection's),
    /// and writes it.
    private func sendCompressed(_ message: WebSocketMessage, into frame: inout [UInt8]) async throws(WebSocketError) {
        if case .failure(let error) = outcome { throw error }
        try connection.send(message, into: &frame)
        try await write(frame)
    }

    /// Sends a ping.
    ///
    /// - Parameter payload: Up to 125 bytes the pong will carry.
    /// - Throws: As ``send(_:)``.
    func ping(_ payload: [UInt8] = []) async throws(WebSocketError) {
        if case .failure(let error) = outcome { throw error }
        let bytes = try connection.ping(payload)
        awaitingPong = true
        try await write(bytes)
    }

    /// Sends a ping and waits for the next pong.
    ///
    /// - Throws: As ``send(_:)``, or the connection's failure while waiting.
    func pingAndWaitForPong() async throws(WebSocketError) {
        let before = pongsReceived
        try await ping()
        // The pong may have come while the ping was written.
        guard pongsReceived == before else { return }
        let result = await withCheckedContinuation { pongWaiters.append($0) }
        try result.get()
    }

    private func pingPeriodically(every interval: Duration) async {
        while outcome == nil {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            guard outcome == nil, !closingByClient, !handshakeComplete else { return }
            if awaitingPong {
                await finish(.failure(WebSocketError(.pingTimedOut)))
                return
            }
            do {
                try await ping()
            } catch {
                return
            }
        }
    }

    /// Runs the close handshake from this side and returns once the connection is closed: when the
    /// server answered and closed, or after the close timeout. Messages the server sent before its
    /// close frame can still be received, up to ``closingBacklog`` of them unread; reading no longer
    /// waits for room, so the server's close frame is always read.
    ///
    /// - Parameters:
    ///   - code: The status code to send.
    ///   - reason: The reason, cut to 123 bytes of UTF-8.
    func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async {
        guard outcome == nil else { return }
        if let bytes = connection.close(WebSocketClosePayload(code: code, reason: reason)) {
            closingByClient = true
            wakePump()
            armCloseTimer()
            do {
                try await write(bytes)
            } catch {
                await finish(.failure(error))
            }
        }
        await waitUntilFinished()
    }

    /// Closes the stream at once, without a close handshake; waiting calls fail with
    /// ``WebSocketError/Reason/cancelled``.
    func cancel() async {
        await finish(.failure(WebSocketError(.cancelled)))
    }

    /// Waits until the stream is closed.
    func waitUntilFinished() async {
        guard outcome == nil else { return }
        await withCheckedContinuation { finishWaiters.append($0) }
    }
}

// MARK: - Reading

extension WebSocketEngine {
    private func pump() async {
        if !pendingInput.isEmpty {
            let bytes = pendingInput
            pendingInput = []
            await process(connection.receive(bytes))
        }
        while outcome == nil {
            await waitForRoom()
            guard outcome == nil else { return }
            // The stream reads straight into the connection's memory, off the actor, so that the
            // copy runs beside sends (see WritableSpace on why that memory is the read's alone).
            let space = connection.receiveSpace(maximumCount: configuration.readSize)
            let count: Int
            do {
                count = try await Self.read(from: stream, into: space)
            } catch {
                await endOfStream(failure: WebSocketError(.streamFailed(String(describing: error))))
                return
            }
            guard count > 0 else {
                await endOfStream(failure: WebSocketError(.connectionLost))
                return
            }
            await process(connection.receive(count, into: consume space))
        }
    }

    /// Reads into `space` off the actor (the copy of a large read then runs beside sends and the
    /// actor's other work).
    @concurrent private static func read(
        from stream: any WebSocketByteStream, into space: WebSocketFrameDecoder.WritableSpace
    ) async throws -> Int {
        try await stream.read(into: space.bytes)
    }

    private func process(_ outputs: [WebSocketConnection.Output]) async {
        for output in outputs {
            guard outcome == nil else { return }
            switch output {
            case .write(let frame):
                do {
                    try await write(frame)
                } catch {
                    // The server may close right after its close frame; the handshake still counts.
                    guard !handshakeComplete else { continue }
                    await finish(.failure(error))
                    return
                }
            case .message(let message): deliver(message)
            case .pong:
                awaitingPong = false
                pongsReceived += 1
                for waiter in pongWaiters { waiter.resume(returning: .success(())) }
                pongWaiters.removeAll()
            case .closed(let payload):
                closeCode = payload.code ?? .noStatusReceived
                closeReason = payload.reason
                handshakeComplete = true
                for receiver in receivers { receiver.resume(returning: .success(nil)) }
                receivers.removeAll()
                armCloseTimer()
            case .failed(let error):
                await finish(.failure(error))
                return
            }
        }
    }

    private func deliver(_ message: WebSocketMessage) {
        if receivers.isEmpty {
            // While closing, reading goes on whatever is unread; past the backlog, messages go.
            guard !closingByClient || inbox.count < Self.closingBacklog else { return }
            inbox.append(message)
        } else {
            receivers.removeFirst().resume(returning: .success(message))
        }
    }

    private func endOfStream(failure: WebSocketError) async {
        await finish(handshakeComplete ? .success(()) : .failure(failure))
    }

    private func waitForRoom() async {
        while outcome == nil && !closingByClient && inbox.count >= max(1, configuration.bufferedMessages) {
            await withCheckedContinuation { pumpWaiter = $0 }
        }
    }

    private func wakePump() {
        pumpWaiter?.resume()
        pumpWaiter = nil
    }
}

// MARK: - Writing, timing out and finishing

extension WebSocketEngine {
    /// Writes one frame after the writers before it.
    private func write(_ bytes: [UInt8]) async throws(WebSocketError) {
        if isWriting {
            await withCheckedContinuation { writeQueue.append($0) }
        }
        // The lock is handed over with the resumption, so it is held here either way.
        isWriting = true
        defer {
            if writeQueue.isEmpty {
                isWriting = false
            } else {
                writeQueue.removeFirst().resume()
            }
        }
        if case .failure(let error) = outcome { throw error }
        do {
            try await stream.write(bytes)
        } catch {
            throw WebSocketError(.streamFailed(String(describing: error)))
        }
    }

    private func armCloseTimer() {
        guard closeTimer == nil else { return }
        let timeout = configuration.closeTimeout
        closeTimer = Task {
            do {
                try await Task.sleep(for: timeout)
            } catch {
                return
            }
            await self.closeTimerFired()
        }
    }

    private func closeTimerFired() async {
        await finish(handshakeComplete ? .success(()) : .failure(WebSocketError(.closeTimedOut)))
    }

    /// Ends the connection once: closes the stream and answers everyone waiting.
    private func finish(_ result: Result<Void, WebSocketError>) async {
        guard outcome == nil else { return }
        outcome = result
        if case .failure(let error) = result {
            closeCode = error.closeCode
            closeReason = nil
        }
        closeTimer?.cancel()
        closeTimer = nil
        pinger?.cancel()
        pinger = nil
        let pongResult: Result<Void, WebSocketError> = result.flatMap { .failure(WebSocketError(.notOpen)) }
        for waiter in pongWaiters { waiter.resume(returning: pongResult) }
        pongWaiters.removeAll()
        for receiver in receivers {
            receiver.resume(returning: result.map { nil })
        }
        receivers.removeAll()
        wakePump()
        await stream.close()
        for waiter in finishWaiters { waiter.resume() }
        finishWaiters.removeAll()
    }
}
