// Where the tool cannot run (iOS, tvOS, watchOS, visionOS: no programs to start, no /proc), the target
// still builds, into a program that says so; its real entry point is ServiceUtilsCLI.swift.
#if !(os(Linux) || os(macOS))
    /// The entry point on platforms the tool does not support.
    @main
    enum ServiceUtilsCLIUnsupported {
        /// Says that the tool runs on Linux and macOS only.
        static func main() {
            print("service-utils runs on Linux and macOS only")
        }
    }
#endif
