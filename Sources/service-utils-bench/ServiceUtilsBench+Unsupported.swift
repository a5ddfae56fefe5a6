// Where the tool cannot run (iOS, tvOS, watchOS, visionOS: no programs to start, no /proc), the target
// still builds, into a program that says so; its real entry point is ServiceUtilsBench.swift.
#if !(os(Linux) || os(macOS))
    /// The entry point on platforms the tool does not support.
    @main
    enum ServiceUtilsBenchUnsupported {
        /// Says that the tool runs on Linux and macOS only.
        static func main() {
            print("service-utils-bench runs on Linux and macOS only")
        }
    }
#endif
