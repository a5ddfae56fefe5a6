import InternalServiceUtilities

extension ServerCore {
    /// Hands a WebSocket handler's event to the event loop; once the loop has exited, the handler
    /// is told at once that the connection is gone.
    func post(_ event: WebSocketEvent) {
        let accepted = mailbox.withLock { box -> Bool in
            guard !box.closed else { return false }
            if box.isEmpty { wakePipe.wake() }
            box.webSocketEvents.append(event)
            return true
        }
        if !accepted { event.resume?.resume(returning: .failure(.clientDisconnected)) }
    }

    /// A record for a new WebSocket conversation, nil when the server records no requests.
    func makeTranscript() -> WebSocketTranscript? {
        configuration.recordedRequestLimit.maximumCount == 0
            ? nil : WebSocketTranscript(limit: configuration.recordedRequestLimit)
    }
}
