#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileDescriptorIO {
    /// A pipe whose two ends are closed on exec from the start: `pipe2(O_CLOEXEC)` on Linux (looked up,
    /// as the Glibc module does not import it), so no program another thread starts meanwhile inherits
    /// an end and keeps it open; `pipe` and then `fcntl` elsewhere (on Darwin every spawn of
    /// `ChildProcess` closes all other descriptors anyway).
    ///
    /// - Returns: The read and write ends, or nil with `errno` set.
    package static func closeOnExecPipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        #if !canImport(Darwin)
            if let pipe2 = pipeWithFlags {
                let result = ends.withUnsafeMutableBufferPointer { pipe2($0.baseAddress, O_CLOEXEC) }
                return result == 0 ? (ends[0], ends[1]) : nil
            }
        #endif
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    #if !canImport(Darwin)
        /// The C library's `pipe2`, looked up once.
        private static let pipeWithFlags = CLibrary.function(
            "pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32).self)
    #endif
}
