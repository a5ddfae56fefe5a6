import InternalServiceUtilities

extension ServerCore {
    /// Hands a streamed body's event to the event loop; once the loop has exited, the writer is
    /// told at once that the connection is gone.
    func post(_ event: BodyEvent) {
        let accepted = mailbox.withLock { box -> Bool in
            guard !box.closed else { return false }
            if box.isEmpty { wakePipe.wake() }
            box.bodyEvents.append(event)
            return true
        }
        if !accepted { event.resume?.resume(returning: false) }
    }
}
