#if os(Linux)
    import Foundation
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    extension SystemIntegrityProbe {
        /// The libraries mapped into this process, from `/proc/self/maps`.
        ///
        /// - Returns: Each mapped file path once, in order of first appearance.
        public func loadedImagePaths() -> [String] {
            guard let maps = Self.procFile("/proc/self/maps") else { return [] }
            return ProcFiles.mappedPaths(inMaps: maps)
        }

        /// The tracer named by `TracerPid` in `/proc/self/status` (strace, gdb, any ptrace user).
        ///
        /// - Returns: The evidence, or `nil` when `TracerPid` is 0.
        public func attachedDebugger() -> String? {
            guard let status = Self.procFile("/proc/self/status"),
                let tracer = ProcFiles.tracerPID(inStatus: status), tracer != 0
            else { return nil }
            return "TracerPid \(tracer) in /proc/self/status"
        }

        /// The effective user ID, from `geteuid()`.
        ///
        /// - Returns: 0 for root.
        public func effectiveUserID() -> UInt32 {
            UInt32(geteuid())
        }

        /// The whole text of a `/proc` file.
        ///
        /// `/proc` files report a size of 0, and `String(contentsOfFile:)` then reads a single page
        /// (4 KiB), which cut `/proc/self/maps` short and hid every library mapped after it; this
        /// reads until end of file.
        static func procFile(_ path: String) -> String? {
            guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
            defer { try? handle.close() }
            return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        }
    }
#endif
