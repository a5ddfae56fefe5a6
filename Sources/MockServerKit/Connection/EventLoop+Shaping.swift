import Foundation

extension EventLoop {
    /// Sends a response whose body a fault cuts, stalls, overstates or unframes, or a pace lets out
    /// slowly; buffered and streamed bodies take this one path, a buffered one as a single piece.
    ///
    /// ``NetworkCondition/closeAfter(bodyBytes:)`` and ``NetworkCondition/stallAfter(bodyBytes:)``
    /// count the bytes the body puts on the wire (chunk framing included; a shorter body ends as
    /// they would); ``NetworkCondition/contentLengthLonger(by:)`` overstates a known length (a
    /// chunked body goes without its last chunk instead), then closes;
    /// ``NetworkCondition/malformedChunk`` announces chunked coding and sends the body unframed after
    /// a bad size line; the dribble sends the head at once and a known length in its slices (a
    /// chunked body one written piece an interval), and the bandwidth limit the head and body a
    /// slice at a time. A response without a body (`HEAD`, 204, 304) gets the head and the fault's ending.
    func sendShaped(
        _ connection: Connection, response: MockResponse, plan: ConditionPlan, reuse: Connection.Reuse, isHead: Bool
    ) {
        let sendsBody = !isHead && ResponseWriter.allowsBody(ResponseWriter.statusSent(for: response))
        let length = response.streamedBody == nil ? response.body.count : response.streamedBody?.length
        var shape = Connection.Shaping(plan: plan, length: length, sendsBody: sendsBody)
        var head: [UInt8] = []
        ResponseWriter.write(
            response, omittingBody: isHead, reuse: reuse, date: dates.now(), into: &head, framing: shape.framing)
        if let pace = shape.pace {
            shape.nextRelease = clock.now + pace.interval
            if pace.holdsHead {
                shape.held.append(head)
                shape.heldHead = head.count
                head = []
            }
        }
        connection.output.append(contentsOf: head)
        connection.lastActivity = clock.now
        connection.phase = .streaming(reuse: reuse)
        connection.stream = Connection.StreamState(remaining: sendsBody ? length : 0, shape: shape)
        if !shape.held.isEmpty { scheduleRelease(of: connection) }
        if shape.unframed { emit(Connection.Shaping.badChunkSizeLine, to: connection) }
        if shape.allowance == 0 && shape.heldHead == 0 { reachLimit(of: connection) }
        if sendsBody, let streamed = response.streamedBody {
            startWriter(of: streamed, on: connection)  // even when cut at once: it hears the client is gone
        } else {
            if sendsBody { shapedPiece(response.body, framed: false, on: connection) }
            shapedEnd(connection)
        }
    }

    /// A piece of a shaped body: clipped to a known length, framed, then let out.
    func shapedPiece(_ data: Data, framed: Bool, on connection: Connection) {
        guard var stream = connection.stream, let shape = stream.shape else { return }
        var bytes: [UInt8]
        if let remaining = stream.remaining {
            bytes = [UInt8](data.prefix(remaining))
            stream.remaining = remaining - bytes.count
        } else if framed && !shape.unframed {
            bytes = []
            ResponseWriter.appendChunk(data, to: &bytes)
        } else {
            bytes = [UInt8](data)
        }
        connection.stream = stream
        emit(bytes, to: connection)
    }

    /// A shaped body's last piece is in: the last chunk goes (unless the body ends short), and the
    /// body ends once nothing is held back.
    func shapedEnd(_ connection: Connection) {
        guard let stream = connection.stream, let shape = stream.shape else { return }
        if stream.remaining == nil && !shape.endsShort && !shape.unframed {
            emit(ResponseWriter.lastChunk, to: connection)
        }
        guard connection.stream != nil else { return }  // the last chunk reached a cut
        connection.stream?.shape?.ended = true
        if connection.stream?.shape?.held.isEmpty ?? true { finishShaped(connection) }
    }

    /// Lets bytes out now, or holds them for the pace.
    private func emit(_ bytes: [UInt8], to connection: Connection) {
        guard !bytes.isEmpty, let shape = connection.stream?.shape else { return }
        guard shape.pace == nil else {
            connection.stream?.shape?.held.append(bytes)
            scheduleRelease(of: connection)
            return
        }
        deliver(bytes, to: connection)
    }

    /// Queues bytes for the socket: the head's as they are, the body's up to what a cutting fault
    /// allows, carrying the fault out once that is spent.
    private func deliver(_ bytes: [UInt8], to connection: Connection) {
        guard var shape = connection.stream?.shape else { return }
        let head = min(shape.heldHead, bytes.count)
        shape.heldHead -= head
        var body = bytes[head...]
        if let allowance = shape.allowance {
            body = body.prefix(allowance)
            shape.allowance = allowance - body.count
        }
        connection.output.append(contentsOf: bytes[..<head])
        connection.output.append(contentsOf: body)
        connection.lastActivity = clock.now
        connection.stream?.shape = shape
        if shape.allowance == 0 && shape.heldHead == 0 { reachLimit(of: connection) }
    }

    /// A cutting fault's allowance is spent: the body ends here, closed or stalled, and the writer
    /// hears that the connection is gone.
    private func reachLimit(of connection: Connection) {
        guard let stream = connection.stream, let shape = stream.shape else { return }
        connection.stream = nil
        if case .releaseSlice? = connection.timerAction {
            connection.timer = nil
            connection.timerAction = nil
        }
        end(connection, shape.atLimit)
        for waiter in stream.waiters { waiter.resume(returning: false) }
    }

    /// Sets the timer for the next slice, unless it is set.
    private func scheduleRelease(of connection: Connection) {
        guard connection.timer == nil, let shape = connection.stream?.shape else { return }
        connection.timer = max(clock.now, shape.nextRelease ?? clock.now)
        connection.timerAction = .releaseSlice
    }

    /// Lets the next slice of a paced response out, then sets the timer again or ends the body.
    func releaseSlice(of connection: Connection, due: ContinuousClock.Instant) {
        guard var shape = connection.stream?.shape, let pace = shape.pace else { return }
        let slice = shape.held.take(pace.slice)
        // From when it was due, not from now, so a late wake-up does not slow the rate.
        shape.nextRelease = due + pace.interval
        connection.stream?.shape = shape
        deliver(slice, to: connection)
        guard let left = connection.stream?.shape else { return }  // a cut or a stall
        if !left.held.isEmpty {
            scheduleRelease(of: connection)
        } else if left.ended {
            finishShaped(connection)
        }
        releaseWriters(of: connection)
    }

    /// Ends a shaped body whose last piece is out: the connection closes when the body ends short,
    /// its known length was not reached, or the response closes. A body shorter than a cutting
    /// fault's count ends as the fault would: closed or stalled.
    private func finishShaped(_ connection: Connection) {
        guard let stream = connection.stream, case .streaming(let reuse) = connection.phase else { return }
        if stream.shape?.allowance != nil {
            reachLimit(of: connection)
            return
        }
        let complete = stream.remaining.map { $0 == 0 } ?? true
        finishStream(connection, closing: !complete || reuse == .close || stream.shape?.endsShort == true)
    }
}
