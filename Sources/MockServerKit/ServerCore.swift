import Dispatch
import InternalServiceUtilities

/// The state a ``MockServer`` shares with its event-loop thread and its handler tasks.
final class ServerCore: Sendable {
    /// What other threads leave for the event loop.
    struct Mailbox {
        var completions: [(connection: Int, response: MockResponse)] = []
        var stopRequested = false
    }

    let configuration: MockServer.Configuration
    let router = MockRouter()
    let recorded = Locked<[MockRequest]>([])
    let mailbox = Locked(Mailbox())
    let wakePipe: WakePipe
    /// Signalled once by the event loop when it has closed every descriptor.
    let finished = DispatchSemaphore(value: 0)

    init(configuration: MockServer.Configuration, wakePipe: WakePipe) {
        self.configuration = configuration
        self.wakePipe = wakePipe
    }

    /// Hands a handler's response to the event loop.
    func complete(connection: Int, response: MockResponse) {
        let wasEmpty = mailbox.withLock { box in
            box.completions.append((connection, response))
            return box.completions.count == 1
        }
        // The loop drains the pipe before it empties the mailbox, so one byte per batch is enough.
        if wasEmpty { wakePipe.wake() }
    }

    /// Asks the event loop to close everything and exit.
    func requestStop() {
        mailbox.withLock { $0.stopRequested = true }
        wakePipe.wake()
    }

    /// Keeps `request` in the record, dropping the oldest beyond the configured limit.
    func record(_ request: MockRequest) {
        let limit = configuration.recordedRequestLimit
        guard limit != 0 else { return }
        recorded.withLock { requests in
            requests.append(request)
            if let limit, requests.count > limit { requests.removeFirst(requests.count - limit) }
        }
    }
}
