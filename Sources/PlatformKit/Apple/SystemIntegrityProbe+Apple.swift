#if canImport(Darwin)
    import Darwin
    import MachO

    extension SystemIntegrityProbe {
        /// The images dyld has loaded into this process.
        ///
        /// - Returns: Their paths.
        public func loadedImagePaths() -> [String] {
            (0..<_dyld_image_count()).compactMap { index in
                _dyld_get_image_name(index).map { String(cString: $0) }
            }
        }

        /// Whether `sysctl` reports `P_TRACED` for this process.
        ///
        /// - Returns: The evidence, or `nil` when no debugger is attached.
        public func attachedDebugger() -> String? {
            var info = kinfo_proc()
            var size = MemoryLayout<kinfo_proc>.stride
            var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, getpid()]
            guard sysctl(&name, UInt32(name.count), &info, &size, nil, 0) == 0 else { return nil }
            return (info.kp_proc.p_flag & P_TRACED) != 0 ? "sysctl reports P_TRACED" : nil
        }

        /// The effective user ID.
        ///
        /// - Returns: 0 for root.
        public func effectiveUserID() -> UInt32 {
            UInt32(geteuid())
        }
    }
#endif
