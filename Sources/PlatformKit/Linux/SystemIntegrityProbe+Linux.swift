#if os(Linux)
    import Foundation
    import InternalServiceUtilities
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
            guard let maps = PseudoFile.read("/proc/self/maps") else { return [] }
            return ProcFiles.mappedPaths(inMaps: maps)
        }

        /// The tracer named by `TracerPid` in `/proc/self/status` (strace, gdb, any ptrace user).
        ///
        /// - Returns: The evidence, or `nil` when `TracerPid` is 0.
        public func attachedDebugger() -> String? {
            guard let status = PseudoFile.read("/proc/self/status"),
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

    }
#endif
