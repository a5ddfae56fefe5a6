import Dispatch

/// One client connection, owned and touched only by the event-loop thread.
final class Connection {
    /// Where the connection is in its request/response cycle.
    enum Phase {
        /// Between requests, no byte of the next one yet.
        case idle
        /// Reading a request line and header fields.
        case head
        /// Reading a body.
        case body(RequestHead, BodyReader)
        /// A handler is working on the request.
        case awaitingHandler(reuse: Reuse, isHead: Bool)
        /// A response's head was queued; its body is being written by a streamed response's writer
        /// or let out under conditions (``stream``).
        case streaming(reuse: Reuse)
        /// The last response was sent and our side shut down; reading and discarding until the
        /// client closes, so it does not get a reset before it read the answer.
        case lingering(until: ContinuousClock.Instant)
        /// Held open without a word until the client goes or the server stops; what it sends is discarded.
        case stalled
        /// The response was sent; the close waits until `until` (then a reset when `reset` is set).
        case closingLater(until: ContinuousClock.Instant, reset: Bool)
        /// Upgraded: WebSocket frames flow both ways (``webSocket``).
        case webSocket
    }

    /// Whether the connection stays open after the response, and whether to say so.
    enum Reuse {
        /// Close after the response (`Connection: close`).
        case close
        /// Keep it open, HTTP/1.1's default, nothing to announce.
        case keep
        /// Keep it open for an HTTP/1.0 client that asked, announcing `Connection: keep-alive`.
        case keepAnnounced
    }

    /// How the body being read is delimited.
    enum BodyReader {
        case length(Int)
        case chunked(ChunkedBodyDecoder)
    }

    let id: Int
    let descriptor: Int32
    var phase = Phase.idle
    /// Received bytes not parsed yet: `input[inputStart...]`.
    var input: [UInt8] = []
    var inputStart = 0
    /// Where the search for the end of the header section resumes.
    var headScanOffset = 0
    /// Bytes to send: `output[outputStart...]`.
    var output: [UInt8] = []
    var outputStart = 0
    /// The client shut down its side (end of stream was read).
    var peerClosed = false
    /// Close (after lingering) once `output` is sent.
    var closeAfterWrite = false
    /// The body being written or let out, in the `.streaming` phase.
    var stream: StreamState?
    /// The WebSocket conversation, in the `.webSocket` phase.
    var webSocket: WebSocketSession?
    /// The conditions of the stub answering the current request (see `EventLoop+Conditions.swift`).
    var routeConditions: [NetworkCondition] = []
    /// When ``timerAction`` is due.
    var timer: ContinuousClock.Instant?
    var timerAction: TimerAction?
    /// How the connection closes once a response that closes it is sent.
    var closing = Closing()
    /// What the event loop's poller watches the descriptor for; nil until it is first watched.
    var watched: Readiness?
    var lastActivity: ContinuousClock.Instant
    var requestStartedAt: ContinuousClock.Instant
    /// Where the connection's synchronous handlers run: a serial queue of its own, made at its first
    /// request. Dispatch gives a serial queue a thread of its own when others are busy, while its
    /// global queues keep one thread per processor and add one only when theirs block, not when they
    /// compute; on two cores, CPU-bound work beside a server held a handler up for two seconds.
    /// Requests on one connection are answered in order, so one queue per connection costs no
    /// concurrency.
    lazy var handlerQueue = DispatchQueue(label: "MockServerKit.handler")

    init(id: Int, descriptor: Int32, now: ContinuousClock.Instant) {
        self.id = id
        self.descriptor = descriptor
        lastActivity = now
        requestStartedAt = now
    }

    var hasPendingOutput: Bool { outputStart < output.count }
    var availableInput: Int { input.count - inputStart }
    var unreadInput: ArraySlice<UInt8> { input[inputStart...] }

    /// Whether the loop should wait for readable data.
    var wantsToRead: Bool {
        guard !hasPendingOutput else { return false }
        switch phase {
        case .idle, .head, .body, .lingering, .stalled, .closingLater: return true
        case .awaitingHandler, .streaming: return false
        case .webSocket: return webSocket?.wantsInput ?? false
        }
    }

    /// Whether bytes the client sends now are read and thrown away (the connection is ending).
    var discardsInput: Bool {
        switch phase {
        case .lingering, .stalled, .closingLater: return true
        default: return false
        }
    }

    /// Marks `count` unread bytes as used, compacting the buffer now and then.
    func consumeInput(_ count: Int) {
        inputStart += count
        headScanOffset = inputStart
        if inputStart == input.count {
            input.removeAll(keepingCapacity: input.count <= 64 * 1024)
            inputStart = 0
            headScanOffset = 0
        } else if inputStart > 64 * 1024 && inputStart * 2 > input.count {
            input.removeFirst(inputStart)
            inputStart = 0
            headScanOffset = 0
        }
    }

    /// The end of the header section (index of the first byte after CRLF CRLF), searching from
    /// where the last search stopped.
    func findHeadEnd() -> Int? {
        let from = max(inputStart, headScanOffset - 3)
        let end = input.withUnsafeBufferPointer { buffer -> Int? in
            var index = from
            while index + 3 < buffer.count {
                if buffer[index + 3] == ASCII.lineFeed && buffer[index + 2] == ASCII.carriageReturn
                    && buffer[index + 1] == ASCII.lineFeed && buffer[index] == ASCII.carriageReturn
                {
                    return index + 4
                }
                index += 1
            }
            return nil
        }
        headScanOffset = input.count
        return end
    }

    /// Drops CR LF pairs before a request line (RFC 9112 §2.2 lets servers skip them).
    func skipLeadingLineBreaks() {
        var skipped = 0
        while availableInput - skipped >= 2, input[inputStart + skipped] == ASCII.carriageReturn,
            input[inputStart + skipped + 1] == ASCII.lineFeed
        {
            skipped += 2
        }
        if skipped > 0 { consumeInput(skipped) }
    }
}
