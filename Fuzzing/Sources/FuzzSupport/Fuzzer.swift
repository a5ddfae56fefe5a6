import CLibFuzzer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands the process to libFuzzer, which calls `test` once per input until its options say stop,
/// then exits with libFuzzer's status.
///
/// A harness's `main` calls this: SwiftPM links its own `main` into every executable, so libFuzzer's
/// would never run. The command-line arguments are libFuzzer's (`-max_total_time=60`, corpus
/// folders, a crash file to replay…).
///
/// - Parameter test: Runs one input; returns 0 (libFuzzer reserves other values).
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
