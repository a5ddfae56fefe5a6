import Dispatch
import Foundation
import InternalServiceUtilities

/// Appends whole buffers to a file on a thread of its own, a few at a time, so a download's
/// receiving thread only copies bytes while the disk works.
///
/// ``append(_:)`` waits while ``limit`` buffers are queued (the disk's pace then holds the network
/// back), and reports a failure of an earlier write; ``close()`` waits for the queue and returns
/// where the file ends.
final class BackgroundFileWriter: Sendable {
    /// Buffers queued at most.
    static let limit = 4

    private let queue = DispatchQueue(label: "NetworkKit.BackgroundFileWriter")
    private let slots = DispatchSemaphore(value: BackgroundFileWriter.limit)
    private let state: Locked<(writer: FileWriter?, failure: FileFailure?)>

    /// Opens `path` for writing at `offset` (see ``FileWriter``).
    init(path: String, offset: Int64) throws(FileFailure) {
        state = Locked((try FileWriter(path: path, offset: offset), nil))
    }

    /// Queues `data` to be written after what is queued already.
    ///
    /// - Throws: The failure of an earlier write; nothing more is written after one.
    func append(_ data: Data) throws(FileFailure) {
        if let failure = state.withLock({ $0.failure }) { throw failure }
        slots.wait()
        queue.async { [state, slots] in
            defer { slots.signal() }
            state.withLock { state in
                guard state.failure == nil, var writer = state.writer else { return }
                state.writer = nil
                do throws(FileFailure) {
                    try writer.append(data)
                    try writer.flush()
                } catch {
                    state.failure = error
                }
                state.writer = writer
            }
        }
    }

    /// Adds `bytes` on the calling thread once the queued writes are done (see ``FileWriter``): for a
    /// caller on a thread of its own (a libcurl transfer), which then works as `curl -o` does, with
    /// no hand-over to another thread.
    ///
    /// - Throws: The failure of an earlier write, or of this one.
    func writeNow(_ bytes: UnsafeRawBufferPointer) throws(FileFailure) {
        queue.sync {}
        let failure = state.withLock { state -> FileFailure? in
            if let failure = state.failure { return failure }
            guard var writer = state.writer else { return nil }
            state.writer = nil
            defer { state.writer = writer }
            do throws(FileFailure) {
                try writer.append(bytes)
            } catch {
                state.failure = error
                return error
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Waits for the queued writes and closes the file.
    ///
    /// - Returns: Where the file ends (the bytes written, whatever failed), and the first failure.
    func close() -> (offset: Int64, failure: FileFailure?) {
        queue.sync {}
        return state.withLock { state -> (Int64, FileFailure?) in
            guard var writer = state.writer else { return (0, state.failure) }
            state.writer = nil
            var failure = state.failure
            do throws(FileFailure) {
                try writer.close()
            } catch {
                failure = failure ?? error
            }
            return (writer.offset, failure)
        }
    }
}
