#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe that other threads write one byte to, so the event loop's wait returns at once.
struct WakePipe: Sendable {
    /// The end the event loop polls.
    let readEnd: Int32
    /// The end other threads write to.
    let writeEnd: Int32

    /// Opens the pipe, both ends non-blocking.
    init() throws(MockServerError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .startFailed(.systemCall("pipe", errno)) }
        readEnd = ends[0]
        writeEnd = ends[1]
        guard Socket.setNonBlocking(readEnd), Socket.setNonBlocking(writeEnd) else {
            let code = errno
            Socket.close(readEnd)
            Socket.close(writeEnd)
            throw .startFailed(.systemCall("fcntl", code))
        }
    }

    /// Makes the next (or current) wait of the event loop return; a full pipe already guarantees that.
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe after the poller reported it readable.
    func drain() {
        var scratch = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &scratch, scratch.count) > 0 {}
    }

    /// Closes both ends.
    func close() {
        Socket.close(readEnd)
        Socket.close(writeEnd)
    }
}
