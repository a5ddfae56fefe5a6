#if canImport(FoundationNetworking)
    import Foundation

    /// A URLSession transport's delegate queue on Linux: runs each callback at once, on the thread that
    /// schedules it, which for body data is FoundationNetworking's transfer thread.
    ///
    /// FoundationNetworking hands each piece of a body (16 KiB at most, libcurl's write size) to the
    /// delegate by adding an operation to this queue, and keeps reading from the socket meanwhile.
    /// With a real queue, a network faster than the consumer piles the difference up in memory
    /// (over 100 MB for a 1 GiB download in a probe), and every piece costs a thread wake-up. Run
    /// here, a callback that takes time holds the transfer thread, and with it the socket, so memory
    /// stays bounded; the download writer hands whole megabytes to a thread of its own, so the
    /// network and the disk still work at the same time.
    ///
    /// The callbacks of one task still come in order (FoundationNetworking schedules them from its
    /// serial work queue). They must never wait for that queue: NetworkKit's only cancel tasks,
    /// which schedules the cancellation, and never resume one. FoundationNetworking only ever adds
    /// closures to a delegate queue (no `Operation` objects, waits or counts), which is what this
    /// subclass serves.
    ///
    /// `@unchecked Sendable`: `OperationQueue` is an unannotated Foundation class; this subclass
    /// adds no state.
    final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
        override init() {
            super.init()
            maxConcurrentOperationCount = 1
        }

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            block()
        }
    }
#endif
