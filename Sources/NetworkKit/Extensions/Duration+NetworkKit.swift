extension Duration {
    /// The duration in seconds, as a floating-point number.
    var secondsValue: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, rounded.
    var roundedMilliseconds: Int {
        Int((secondsValue * 1000).rounded())
    }
}
