import Foundation
import InternalServiceUtilities

/// A request body stream made of bytes and files, read with `read(2)` straight into the buffer the
/// transport offers (libcurl's is 64 KiB): a multipart form sent from its parts without a copy, or
/// one file. Each file must have exactly the size it had when the upload began: one that shrinks,
/// grows or cannot be read ends the stream with an error, which the transport turns into a failed
/// exchange, and ``failure`` says which file and what happened.
///
/// A transport reads the stream from one thread at a time; ``failure`` is read after the exchange
/// completed, and every mutable field lives in a `Locked` box.
final class SegmentedBodyStream: InputStream {
    private struct State {
        var index = 0
        /// Bytes of the current segment already read.
        var position: Int64 = 0
        var descriptor: Int32 = -1
        var status: Stream.Status = .notOpen
        var failure: (path: String, reason: String)?
    }

    private let segments: [BodySegment]
    private let state = Locked(State())

    init(_ segments: [BodySegment]) {
        self.segments = segments
        super.init(data: Data())
    }

    /// The file that failed and why, when the stream failed.
    var failure: (path: String, reason: String)? { state.withLock { $0.failure } }

    override func open() {
        state.withLock { state in
            if state.status == .notOpen { state.status = segments.isEmpty ? .atEnd : .open }
        }
    }

    override func close() {
        state.withLock { state in
            closeFile(&state)
            if state.status != .error { state.status = .closed }
        }
    }

    override var streamStatus: Stream.Status { state.withLock { $0.status } }

    override var hasBytesAvailable: Bool { state.withLock { $0.status == .open } }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        state.withLock { state in
            while state.status == .open {
                guard state.index < segments.count else {
                    state.status = .atEnd
                    return 0
                }
                let count = read(segments[state.index], into: buffer, length, &state)
                if count != 0 { return count }
                closeFile(&state)
                state.index += 1
                state.position = 0
            }
            return state.status == .atEnd ? 0 : -1
        }
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }

    /// Reads from one segment: the bytes read, 0 at its end, -1 after a failure.
    private func read(
        _ segment: BodySegment, into buffer: UnsafeMutablePointer<UInt8>, _ length: Int, _ state: inout State
    ) -> Int {
        switch segment {
        case .bytes(let data):
            let start = data.startIndex + Int(state.position)
            let count = min(length, data.endIndex - start)
            guard count > 0 else { return 0 }
            data.copyBytes(to: buffer, from: start..<(start + count))
            state.position += Int64(count)
            return count
        case .file(let path, let size):
            if state.descriptor < 0 {
                switch FileDescriptorIO.openForReading(path) {
                case .success(let descriptor): state.descriptor = descriptor
                case .failure(let failure): return fail(&state, path, failure.message)
                }
            }
            let count: Int
            switch FileDescriptorIO.read(into: buffer, count: length, from: state.descriptor) {
            case .success(let read): count = read
            case .failure(let failure): return fail(&state, path, failure.message)
            }
            state.position += Int64(count)
            if state.position > size || (count == 0 && state.position < size) {
                return fail(
                    &state, path,
                    "it changed while being sent: \(size) bytes were expected, \(state.position) read")
            }
            return count
        }
    }

    private func closeFile(_ state: inout State) {
        if state.descriptor >= 0 { FileDescriptorIO.closeDescriptor(state.descriptor) }
        state.descriptor = -1
    }

    private func fail(_ state: inout State, _ path: String, _ reason: String) -> Int {
        state.failure = (path, reason)
        state.status = .error
        return -1
    }
}
