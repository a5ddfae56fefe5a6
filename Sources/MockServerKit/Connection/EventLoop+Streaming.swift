import Foundation

extension Connection {
    /// A response body in progress, streamed or shaped by conditions: how much of a known length is
    /// left, and the writers waiting for the queue to drain below the high-water mark.
    struct StreamState {
        /// Bytes still owed for a declared `Content-Length`; nil for a chunked body.
        var remaining: Int?
        /// Writers resumed with true once the queued output is below ``MockBodyWriter/highWater``.
        var waiters: [CheckedContinuation<Bool, Never>] = []
        /// How conditions cut, stall, reframe or pace the body; nil when none does.
        var shape: Shaping?
    }
}

extension EventLoop {
    /// Enters the streaming phase after a streamed response's head was queued, and starts the task
    /// that writes its body.
    func startStream(_ body: StreamedBody, on connection: Connection, reuse: Connection.Reuse) {
        connection.phase = .streaming(reuse: reuse)
        connection.stream = Connection.StreamState(remaining: body.length)
        startWriter(of: body, on: connection)
    }

    /// Starts the task that writes a streamed body, on a ``WriterExecutor`` of its own where task executors
    /// exist; its pieces and its end reach the loop as events.
    func startWriter(of body: StreamedBody, on connection: Connection) {
        let core = self.core
        let writer = MockBodyWriter(core: core, connection: connection.id)
        let write: @Sendable () async -> Void = {
            let kind: BodyEvent.Kind
            do {
                try await body.write(writer)
                kind = .end
            } catch {
                kind = .cut
            }
            core.post(BodyEvent(connection: writer.connection, kind: kind, resume: nil))
        }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            // The task owns its executor preference; the closure keeps it too, for older runtimes.
            let executor = WriterExecutor()
            Task(executorPreference: executor) {
                await write()
                withExtendedLifetime(executor) {}
            }
        } else {
            Task { await write() }
        }
    }

    /// Carries out one event of a streamed body, then sends what it can.
    func handle(_ event: BodyEvent) {
        guard let connection = connections[event.connection], case .streaming(let reuse) = connection.phase,
            var stream = connection.stream
        else {
            event.resume?.resume(returning: false)
            return
        }
        switch event.kind {
        case .piece(let data, let framed) where stream.shape != nil:
            shapedPiece(data, framed: framed, on: connection)
            if let resume = event.resume {
                // A condition may have cut or stalled the body: the writer then hears it is gone.
                if connection.stream != nil {
                    connection.stream?.waiters.append(resume)
                } else {
                    resume.resume(returning: false)
                }
            }
        case .end where stream.shape != nil:
            shapedEnd(connection)
            event.resume?.resume(returning: true)
        case .piece(let data, let framed):
            append(data, framed: framed, to: connection, stream: &stream)
            connection.stream = stream
            if let resume = event.resume { connection.stream?.waiters.append(resume) }
        case .end:
            let complete = stream.remaining.map { $0 == 0 } ?? true
            if stream.remaining == nil { connection.output.append(contentsOf: ResponseWriter.lastChunk) }
            finishStream(connection, closing: !complete || reuse == .close)
            event.resume?.resume(returning: true)
        case .cut:
            finishStream(connection, closing: true)
            event.resume?.resume(returning: true)
        }
        pump(connection)
        if connections[connection.id] != nil { releaseWriters(of: connection) }
    }

    /// Queues body bytes: chunk-framed for a chunked body, clipped to what a declared length still allows.
    private func append(_ data: Data, framed: Bool, to connection: Connection, stream: inout Connection.StreamState) {
        if let remaining = stream.remaining {
            let sent = data.prefix(remaining)
            connection.output.append(contentsOf: sent)
            stream.remaining = remaining - sent.count
        } else if framed {
            ResponseWriter.appendChunk(data, to: &connection.output)
        } else {
            connection.output.append(contentsOf: data)
        }
    }

    /// Leaves the streaming phase: the connection serves its next request, or closes once the
    /// queued output is sent (a cut body, or a response that closes).
    func finishStream(_ connection: Connection, closing: Bool) {
        let waiters = connection.stream?.waiters ?? []
        connection.stream = nil
        connection.phase = .idle
        connection.closeAfterWrite = closing
        connection.lastActivity = clock.now
        for waiter in waiters { waiter.resume(returning: !closing) }
    }

    /// Resumes the writers waiting on `connection` once its queued output is below the high-water mark.
    func releaseWriters(of connection: Connection) {
        if connection.webSocket != nil { releaseWebSocketSenders(of: connection) }
        guard let stream = connection.stream, !stream.waiters.isEmpty,
            connection.output.count - connection.outputStart + (stream.shape?.held.count ?? 0)
                <= MockBodyWriter.highWater
        else { return }
        connection.stream?.waiters.removeAll()
        for waiter in stream.waiters { waiter.resume(returning: true) }
    }

    /// Tells the writers of a closed connection that it is gone.
    func dropStream(of connection: Connection) {
        guard let stream = connection.stream else { return }
        connection.stream = nil
        for waiter in stream.waiters { waiter.resume(returning: false) }
    }
}
