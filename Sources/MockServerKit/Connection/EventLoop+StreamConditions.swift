import Foundation

extension Connection {
    /// How conditions shape a streamed body while its writer is still writing it: the body cut or
    /// held after a number of bytes, its framing broken or overstated, its bytes let out at a pace.
    struct StreamShape {
        /// Bytes of the body (as sent, chunk framing included) still let out before ``atLimit``
        /// happens; nil when no fault cuts or stalls the body.
        var allowance: Int?
        /// What happens once the allowance is spent: a close or a stall.
        var atLimit: Ending = .close
        /// The body ends short: no last chunk, bytes still owed to a longer `Content-Length`; the
        /// connection closes at the end.
        var endsShort = false
        /// Pieces go out without chunk framing, after a chunk-size line that is not one.
        var unframed = false
        /// The pace bytes are let out at; nil sends them as they come.
        var pace: StreamPace?
        /// Bytes waiting for the pace, in the pieces they were written in.
        var held: [[UInt8]] = []
        var heldCount = 0
        /// When the next slice may go.
        var nextRelease: ContinuousClock.Instant?
        /// The writer has returned: the body ends once the held bytes are out.
        var ended = false
    }

    /// A pace for a streamed body: `slice` bytes (or, when nil, one written piece) every `interval`.
    struct StreamPace {
        let slice: Int?
        let interval: Duration
    }
}

extension EventLoop {
    /// Sends a streamed response's head and starts its body under the faults and pace of `plan`:
    /// ``NetworkCondition/closeAfter(bodyBytes:)`` and ``NetworkCondition/stallAfter(bodyBytes:)``
    /// count the bytes the writer's body puts on the wire (chunk framing included);
    /// ``NetworkCondition/contentLengthLonger(by:)`` overstates a declared length (a chunked body
    /// goes without its last chunk instead), then closes; ``NetworkCondition/malformedChunk``
    /// announces chunked coding and sends the pieces unframed after a bad size line; the dribble
    /// lets out a declared length in its pieces (a chunked body one written piece an interval), and
    /// the bandwidth limit the head and body a slice at a time.
    func respondStreaming(
        _ connection: Connection, with response: MockResponse, plan: ConditionPlan, reuse: Connection.Reuse,
        isHead: Bool
    ) {
        guard let streamed = response.streamedBody, !isHead,
            ResponseWriter.allowsBody(ResponseWriter.statusSent(for: response))
        else {
            respond(connection, with: response)
            return
        }
        var shape = Connection.StreamShape()
        var framing: ResponseWriter.Framing?
        switch plan.fault {
        case .closeAfter(let count):
            shape.allowance = count
        case .stallAfter(let count):
            shape.allowance = count
            shape.atLimit = .stall
        case .contentLengthLonger(let extra):
            shape.endsShort = true
            if let length = streamed.length { framing = .length(length + extra) }
        case .malformedChunk:
            shape.unframed = true
            shape.endsShort = true
            framing = .chunked
        default:
            break
        }
        var head: [UInt8] = []
        ResponseWriter.write(
            response, omittingBody: false, reuse: reuse, date: dates.now(), into: &head, framing: framing)
        connection.lastActivity = clock.now
        switch plan.pace {
        case .dribble(let chunks, let interval):
            connection.output.append(contentsOf: head)
            let slice = streamed.length.map { max(($0 + chunks - 1) / chunks, 1) }
            shape.pace = Connection.StreamPace(slice: slice, interval: interval)
            shape.nextRelease = clock.now + interval
        case .bandwidth(let slice, let interval):
            shape.pace = Connection.StreamPace(slice: slice, interval: interval)
            shape.held = [head]
            shape.heldCount = head.count
            shape.nextRelease = clock.now + interval
        case .none:
            connection.output.append(contentsOf: head)
        }
        startStream(streamed, on: connection, reuse: reuse, shape: shape)
        if shape.unframed { emit(Array("not-a-chunk-size\r\n".utf8), to: connection) }
        if shape.allowance == 0 { reachLimit(of: connection) }
        if !shape.held.isEmpty { scheduleRelease(of: connection) }
    }

    /// A piece the writer wrote to a shaped body: clipped to a declared length, framed, then let out.
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

    /// The writer of a shaped body returned: the last chunk goes (unless the body ends short), and
    /// the body ends once nothing is held back.
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
            connection.stream?.shape?.heldCount += bytes.count
            scheduleRelease(of: connection)
            return
        }
        deliver(bytes, to: connection)
    }

    /// Queues bytes for the socket, up to what a cutting fault allows, and carries the fault out
    /// once that is spent.
    private func deliver(_ bytes: [UInt8], to connection: Connection) {
        guard let allowance = connection.stream?.shape?.allowance else {
            connection.output.append(contentsOf: bytes)
            connection.lastActivity = clock.now
            return
        }
        let sent = bytes.prefix(allowance)
        connection.output.append(contentsOf: sent)
        connection.lastActivity = clock.now
        connection.stream?.shape?.allowance = allowance - sent.count
        if allowance - sent.count == 0 { reachLimit(of: connection) }
    }

    /// A cutting fault's allowance is spent: the body ends here, closed or stalled, and the writer
    /// hears that the connection is gone.
    private func reachLimit(of connection: Connection) {
        guard let stream = connection.stream, let shape = stream.shape else { return }
        connection.stream = nil
        if case .releaseStream? = connection.timerAction {
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
        connection.timerAction = .releaseStream
    }

    /// Lets the next slice of a paced body out, then sets the timer again or ends the body.
    func releaseStreamSlice(of connection: Connection, due: ContinuousClock.Instant) {
        guard var shape = connection.stream?.shape, let pace = shape.pace else { return }
        var slice: [UInt8] = []
        if let size = pace.slice {
            while slice.count < size, let piece = shape.held.first {
                let wanted = size - slice.count
                if piece.count <= wanted {
                    slice += piece
                    shape.held.removeFirst()
                } else {
                    slice += piece.prefix(wanted)
                    shape.held[0] = Array(piece.dropFirst(wanted))
                }
            }
        } else if !shape.held.isEmpty {
            slice = shape.held.removeFirst()
        }
        shape.heldCount -= slice.count
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

    /// Ends a shaped body whose writer returned: the connection closes when the body ends short, its
    /// declared length was not reached, or the response closes. A body shorter
    /// than a cutting fault's count ends as the fault would: closed or stalled.
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
