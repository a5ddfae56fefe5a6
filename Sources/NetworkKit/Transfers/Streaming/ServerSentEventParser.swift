/// Interprets a `text/event-stream` body as the WHATWG HTML standard says (§9.2.6): fields
/// `event`, `data` (lines joined with LF), `id` and `retry`, comments, CR LF / LF / CR line breaks,
/// a leading byte order mark; an event is dispatched at an empty line, and an unfinished one at the
/// end of the stream is dropped.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// let events = try parser.parse(Data("event: note\ndata: hello\n\n".utf8))
/// // [ServerSentEvent(type: "note", data: "hello", id: "")]
/// ```
public struct ServerSentEventParser: Sendable {
    private var lines: LineScanner
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType: [UInt8] = []
    private var checksByteOrderMark = true

    /// The last event ID buffer: the latest `id` field, kept across events (for `Last-Event-ID`).
    public private(set) var lastEventID = ""
    /// The reconnection time the stream asked for with a `retry` field, in milliseconds.
    public private(set) var reconnectionTime: Int?
    /// The most bytes a line or an event's data may have.
    public let maximumEventSize: Int

    /// Creates a parser.
    ///
    /// - Parameter maximumEventSize: The most bytes a line or an event's data may have (512 KiB by
    ///   default); more is an error, so a stream cannot grow memory without bound.
    public init(maximumEventSize: Int = 512 * 1024) {
        self.maximumEventSize = max(maximumEventSize, 1)
        lines = LineScanner(limit: self.maximumEventSize)
    }

    /// Parses the next piece of the body and returns the events it completed.
    ///
    /// - Parameter bytes: The next bytes, in any split (a line break or a character may straddle pieces).
    /// - Returns: The events dispatched, in order.
    /// - Throws: ``HTTPError/TransferFailureReason/lineTooLong(limit:)`` (as an ``HTTPError``) when a
    ///   line or an event's data exceeds ``maximumEventSize``.
    public mutating func parse(_ bytes: some Sequence<UInt8>) throws(HTTPError) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        try parse(bytes) { events.append($0) }
        return events
    }

    /// Parses the next piece of the body, handing each completed event to `dispatch`.
    mutating func parse(_ bytes: some Sequence<UInt8>, dispatch: (ServerSentEvent) -> Void) throws(HTTPError) {
        let fed: Bool? = bytes.withContiguousStorageIfAvailable { buffer in
            feed(UnsafeRawBufferPointer(buffer), dispatch: dispatch)
        }
        let ok = fed ?? Array(bytes).withUnsafeBytes { feed($0, dispatch: dispatch) }
        guard ok else { throw Self.tooLong(maximumEventSize) }
    }

    private mutating func feed(_ raw: UnsafeRawBufferPointer, dispatch: (ServerSentEvent) -> Void) -> Bool {
        var raw = raw
        if checksByteOrderMark, !raw.isEmpty {
            // Only a byte order mark starting the stream is skipped, and it arrives whole in
            // practice; a stream starting with its first byte alone is read as text.
            checksByteOrderMark = false
            if raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF {
                raw = UnsafeRawBufferPointer(rebasing: raw[3...])
            }
        }
        var overflow = false
        var scanner = lines
        lines = LineScanner(limit: maximumEventSize)  // so the scanner's buffer is not shared (copied) below
        let complete = scanner.feed(raw) { line in
            if !overflow, !process(line, dispatch: dispatch) { overflow = true }
        }
        lines = scanner
        return complete && !overflow
    }

    /// Handles one line; false when the event's data grew past the limit.
    private mutating func process(_ line: UnsafeRawBufferPointer, dispatch: (ServerSentEvent) -> Void) -> Bool {
        guard let first = line.first else {
            dispatchEvent(dispatch)
            return true
        }
        if first == UInt8(ascii: ":") { return true }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = UnsafeRawBufferPointer(rebasing: line[..<(colon ?? line.count)])
        var valueStart = colon.map { $0 + 1 } ?? line.count
        if valueStart < line.count, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = UnsafeRawBufferPointer(rebasing: line[valueStart...])
        switch Field(name) {
        case .data:
            guard data.count + value.count + 1 <= maximumEventSize else { return false }
            data.append(contentsOf: value)
            data.append(0x0A)
            hasData = true
        case .event:
            eventType = Array(value)
        case .id:
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case .retry:
            if !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), value.count < 16 {
                reconnectionTime = Int(String(decoding: value, as: UTF8.self))
            }
        case .other:
            break
        }
        return true
    }

    private mutating func dispatchEvent(_ dispatch: (ServerSentEvent) -> Void) {
        defer {
            data.removeAll(keepingCapacity: data.count <= 64 * 1024)
            eventType.removeAll()
            hasData = false
        }
        guard hasData else { return }
        data.removeLast()  // the LF after the last data line
        let type = eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self)
        dispatch(ServerSentEvent(type: type, data: String(decoding: data, as: UTF8.self), id: lastEventID))
    }

    /// Forgets an unfinished line and event, as a new connection starts; keeps the last event ID
    /// and the reconnection time.
    mutating func startOver() {
        lines = LineScanner(limit: maximumEventSize)
        data.removeAll()
        eventType.removeAll()
        hasData = false
        checksByteOrderMark = true
    }

    /// Sets the last event ID, to resume a stream after an event seen earlier.
    mutating func resume(after id: String) {
        lastEventID = id
    }

    static func tooLong(_ limit: Int) -> HTTPError {
        .transferFailed(
            HTTPError.TransferFailure(
                request: HTTPError.RequestSummary(method: .get, url: nil), reason: .lineTooLong(limit: limit)))
    }

    /// The field names the format knows.
    private enum Field {
        case data, event, id, retry, other

        init(_ name: UnsafeRawBufferPointer) {
            switch name.count {
            case 2 where name[0] == 0x69 && name[1] == 0x64: self = .id
            case 4 where name.elementsEqual("data".utf8): self = .data
            case 5 where name.elementsEqual("event".utf8): self = .event
            case 5 where name.elementsEqual("retry".utf8): self = .retry
            default: self = .other
            }
        }
    }
}

/// One event of a `text/event-stream`.
public struct ServerSentEvent: Sendable, Hashable {
    /// The event's type: its `event` field, or `message`.
    public var type: String
    /// Its `data` lines, joined with LF.
    public var data: String
    /// The last event ID when it was dispatched (the latest `id` field so far; empty when none).
    public var id: String

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - type: The event type.
    ///   - data: The data.
    ///   - id:   The last event ID.
    public init(type: String = "message", data: String, id: String = "") {
        self.type = type
        self.data = data
        self.id = id
    }
}
