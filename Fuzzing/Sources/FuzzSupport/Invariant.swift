#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Stops the run when a property every input must keep does not hold: the message goes to standard
/// error and `abort()` makes libFuzzer save the input as a crash.
///
/// - Parameters:
///   - condition: The property.
///   - message: What was expected, with the values that broke it.
public func invariant(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    guard !condition() else { return }
    var text = "invariant broken at \(file):\(line): \(message())\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    abort()
}
