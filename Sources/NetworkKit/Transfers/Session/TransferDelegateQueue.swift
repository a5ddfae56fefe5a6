#if canImport(FoundationNetworking)
    import Dispatch
    import Foundation

    /// The transfer session's delegate queue on Linux: serial, and bounded, so FoundationNetworking
    /// cannot run ahead of a slow consumer.
    ///
    /// FoundationNetworking hands each piece of a body (16 KiB at most, libcurl's write size) to the
    /// delegate by adding an operation to this queue from its own transfer thread, and keeps
    /// reading from the socket meanwhile: with a plain queue, a network faster than the disk piles
    /// the difference up in memory (over 100 MB for a 1 GiB download in a probe). Here adding waits
    /// while ``limit`` operations are pending, which holds that thread, and with it the socket
    /// reads, until the delegate catches up. The operations run on one serial dispatch queue, in
    /// order, without the per-operation objects `OperationQueue` makes.
    ///
    /// FoundationNetworking only ever adds closures to a session's delegate queue (it never adds
    /// `Operation` objects, waits on it or reads its count), which is what this subclass serves.
    /// Delegate callbacks must never wait for the transfer thread, or the two would wait on each
    /// other; NetworkKit's never do (cancelling a task only schedules the cancellation).
    ///
    /// `@unchecked Sendable`: `OperationQueue` is an unannotated Foundation class; the two stored
    /// properties are a semaphore and a dispatch queue, both thread-safe, set once in `init`.
    final class TransferDelegateQueue: OperationQueue, @unchecked Sendable {
        /// Pending callbacks allowed before adding waits (256 × 16 KiB = 4 MiB of body at most).
        static let limit = 256

        private let slots = DispatchSemaphore(value: TransferDelegateQueue.limit)
        private let serial = DispatchQueue(label: "NetworkKit.TransferDelegateQueue")

        override init() {
            super.init()
            maxConcurrentOperationCount = 1
        }

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            slots.wait()
            let slots = self.slots
            serial.async {
                block()
                slots.signal()
            }
        }
    }
#endif
