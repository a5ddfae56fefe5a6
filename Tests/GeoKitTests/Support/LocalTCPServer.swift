import Foundation
import InternalServiceUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny TCP server on 127.0.0.1 and a free port, for tests: each accepted connection is handed to
/// `handler` on its own thread with blocking read and write helpers.
final class LocalTCPServer: Sendable {
    /// One accepted connection.
    struct Connection: Sendable {
        let descriptor: Int32

        /// Reads until `\n` (returned without it) or end of input (nil when nothing was read).
        func readLine() -> String? {
            var bytes: [UInt8] = []
            var byte: UInt8 = 0
            while recv(descriptor, &byte, 1, 0) == 1 {
                if byte == UInt8(ascii: "\n") {
                    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
                    return String(decoding: bytes, as: UTF8.self)
                }
                bytes.append(byte)
            }
            return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }

        /// Writes all of `text`.
        func write(_ text: String) {
            let bytes = Array(text.utf8)
            var sent = 0
            while sent < bytes.count {
                let result = bytes[sent...].withUnsafeBytes {
                    send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                if result <= 0 { return }
                sent += result
            }
        }
    }

    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    let port: UInt16
    private let listener: Int32
    private let stopped = Locked(false)
    /// Signalled by the accept thread once it has closed the listener, so that the descriptor number
    /// is never reused by another socket while that thread might still call `accept` on it.
    private let finished = DispatchSemaphore(value: 0)

    /// Starts listening; `handler` runs once per connection and the connection closes when it returns.
    init(handler: @escaping @Sendable (Connection) -> Void) throws {
        let (descriptor, port) = try LoopbackSocket.listen()
        self.port = port
        listener = descriptor
        let stopped = self.stopped
        let finished = self.finished
        Thread.detachNewThread {
            while true {
                let client = accept(descriptor, nil, nil)
                if client < 0 {
                    if stopped.value {
                        close(descriptor)
                        finished.signal()
                        return
                    }
                    continue
                }
                Thread.detachNewThread {
                    handler(Connection(descriptor: client))
                    shutdown(client, Int32(SHUT_RDWR))
                    close(client)
                }
            }
        }
    }

    /// `http://127.0.0.1:PORT`.
    var url: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    /// Stops accepting connections.
    func stop() {
        let wasStopped = stopped.withLock { stopped -> Bool in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        // Wakes the blocked `accept`; the accept thread then closes the descriptor.
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
    }

    deinit { stop() }
}

/// A port on 127.0.0.1 that is bound but not listening: connections to it are refused, and no other
/// server can take it while this object lives (unlike a port freed by stopping a server).
final class ClosedPort: Sendable {
    let port: UInt16
    private let descriptor: Int32

    init() throws {
        let bound = try LoopbackSocket.bind()
        port = bound.port
        descriptor = bound.descriptor
    }

    /// `http://127.0.0.1:PORT`.
    var url: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    deinit { close(descriptor) }
}
