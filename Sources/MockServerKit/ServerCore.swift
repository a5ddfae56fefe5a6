import Dispatch
import InternalServiceUtilities

/// The state a ``MockServer`` shares with its event-loop thread and its handler tasks.
final class ServerCore: Sendable {
    /// What other threads leave for the event loop.
    struct Mailbox {
        var completions: [(connection: Int, response: MockResponse)] = []
        /// What streamed bodies' writers asked for, in order (see `ServerCore+Streaming.swift`).
        var bodyEvents: [BodyEvent] = []
        /// What WebSocket handlers asked for, in order (see `ServerCore+WebSocket.swift`).
        var webSocketEvents: [WebSocketEvent] = []
        /// Whether the loop has something to take (it is woken once per batch).
        var isEmpty: Bool { completions.isEmpty && bodyEvents.isEmpty && webSocketEvents.isEmpty }
        var stopRequested = false
        /// The loop has exited and closed the wake pipe: nobody may write to it any more.
        var closed = false
    }

    let configuration: MockServer.Configuration
    let router = MockRouter()
    let recorded: Locked<RequestRing>
    /// The conditions every answer goes through (``MockServer/conditions``).
    let conditions: Locked<[NetworkCondition]>
    let mailbox = Locked(Mailbox())
    let wakePipe: WakePipe
    /// The event loop's poller, opened where the server starts (see ``Poller``).
    let poller: Poller.Handle
    /// Signalled once by the event loop when it has closed every descriptor.
    let finished = DispatchSemaphore(value: 0)

    init(configuration: MockServer.Configuration, wakePipe: WakePipe, poller: Poller.Handle) {
        self.configuration = configuration
        self.wakePipe = wakePipe
        self.poller = poller
        recorded = Locked(RequestRing(limit: configuration.recordedRequestLimit))
        conditions = Locked(configuration.conditions)
    }

    /// Hands a handler's response to the event loop.
    func complete(connection: Int, response: MockResponse) {
        // Waking happens under the lock, so it cannot race with `closeWakePipe()`: a closed
        // descriptor number may already belong to someone else.
        mailbox.withLock { box in
            guard !box.closed else { return }
            // The loop drains the pipe before it empties the mailbox, so one byte per batch is enough.
            if box.isEmpty { wakePipe.wake() }
            box.completions.append((connection, response))
        }
    }

    /// Asks the event loop to close everything and exit.
    func requestStop() {
        mailbox.withLock { box in
            guard !box.closed else { return }
            box.stopRequested = true
            wakePipe.wake()
        }
    }

    /// Called by the exiting loop: marks the mailbox closed, then closes the wake pipe.
    func closeWakePipe() {
        let (orphans, webSocketOrphans) = mailbox.withLock { box in
            box.closed = true
            box.completions.removeAll()
            defer {
                box.bodyEvents.removeAll()
                box.webSocketEvents.removeAll()
            }
            return (box.bodyEvents, box.webSocketEvents)
        }
        wakePipe.close()
        for event in orphans { event.resume?.resume(returning: false) }
        for event in webSocketOrphans { event.resume?.resume(returning: .failure(.clientDisconnected)) }
    }

    /// Keeps `request` in the record, dropping the oldest beyond the configured limit.
    func record(_ request: MockRequest) {
        guard configuration.recordedRequestLimit.maximumCount != 0 else { return }
        recorded.withLock { $0.append(request) }
    }
}
