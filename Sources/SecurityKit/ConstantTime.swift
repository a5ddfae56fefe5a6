/// Comparisons whose running time does not depend on where two secrets differ.
public enum ConstantTime {
    /// Whether two byte sequences are equal, looking at every byte whatever the first difference.
    ///
    /// Only the lengths are compared in the ordinary way (a length is not secret).
    ///
    /// - Parameters:
    ///   - lhs: One value, such as a computed authentication tag.
    ///   - rhs: The other, such as the tag that was received.
    /// - Returns: True when both have the same length and bytes.
    public static func equals(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) { difference |= left ^ right }
        return difference == 0
    }
}
