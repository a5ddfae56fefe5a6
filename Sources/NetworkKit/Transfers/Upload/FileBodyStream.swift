#if canImport(FoundationNetworking)
    import Foundation
    import InternalServiceUtilities

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// A file as a request body stream on Linux, read with `read(2)` straight into the buffer
    /// libcurl offers (64 KiB), and checked to have exactly the size it had when the upload began:
    /// a file that shrinks, grows or cannot be read ends the stream with an error, which
    /// FoundationNetworking turns into a failed task, and ``failure`` says what happened.
    ///
    /// FoundationNetworking reads the stream on its transfer thread only; ``failure`` is read after
    /// the task completed, and every mutable field lives in a `Locked` box.
    final class FileBodyStream: InputStream {
        private struct State {
            var descriptor: Int32 = -1
            var status: Stream.Status = .notOpen
            var sent: Int64 = 0
            var failure: String?
        }

        let path: String
        private let expected: Int64
        private let state = Locked(State())

        init(path: String, expected: Int64) {
            self.path = path
            self.expected = expected
            super.init(data: Data())
        }

        /// Why the stream failed, when it did.
        var failure: String? { state.withLock { $0.failure } }

        override func open() {
            state.withLock { state in
                guard state.status == .notOpen else { return }
                state.descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
                if state.descriptor < 0 {
                    state.failure = String(cString: strerror(errno))
                    state.status = .error
                } else {
                    state.status = .open
                }
            }
        }

        override func close() {
            state.withLock { state in
                if state.descriptor >= 0 { _ = Glibc.close(state.descriptor) }
                state.descriptor = -1
                if state.status != .error { state.status = .closed }
            }
        }

        override var streamStatus: Stream.Status { state.withLock { $0.status } }

        override var hasBytesAvailable: Bool { state.withLock { $0.status == .open } }

        override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
            state.withLock { state in
                guard state.status == .open else { return state.status == .atEnd ? 0 : -1 }
                var count: Int
                repeat { count = Glibc.read(state.descriptor, buffer, length) } while count < 0 && errno == EINTR
                if count < 0 {
                    return fail(&state, String(cString: strerror(errno)))
                }
                state.sent += Int64(count)
                if state.sent > expected || (count == 0 && state.sent < expected) {
                    return fail(
                        &state, "it changed while being sent: \(expected) bytes were expected, \(state.sent) read")
                }
                if count == 0 { state.status = .atEnd }
                return count
            }
        }

        override func getBuffer(
            _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
        ) -> Bool {
            false
        }

        private func fail(_ state: inout State, _ reason: String) -> Int {
            state.failure = reason
            state.status = .error
            return -1
        }
    }
#endif
