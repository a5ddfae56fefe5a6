// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// User plus system CPU time from `getrusage`: this process's, or that of its children that
    /// have ended and been waited for (the difference around one child's run is that child's).
    enum CPUTime {
        /// The CPU time this process has used, all threads together.
        static func process() -> Duration {
            #if canImport(Glibc)
                usage(RUSAGE_SELF.rawValue)
            #else
                usage(RUSAGE_SELF)
            #endif
        }

        /// The CPU time used by this process's children that have ended and been waited for.
        static func children() -> Duration {
            #if canImport(Glibc)
                usage(RUSAGE_CHILDREN.rawValue)
            #else
                usage(RUSAGE_CHILDREN)
            #endif
        }

        private static func usage(_ who: Int32) -> Duration {
            var usage = rusage()
            guard getrusage(who, &usage) == 0 else { return .zero }
            let seconds = Int64(usage.ru_utime.tv_sec) + Int64(usage.ru_stime.tv_sec)
            let microseconds = Int64(usage.ru_utime.tv_usec) + Int64(usage.ru_stime.tv_usec)
            return .seconds(seconds) + .microseconds(microseconds)
        }
    }
#endif
