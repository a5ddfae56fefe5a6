/// SurfUtils' helpers shared by its crypto boxes.
public enum CryptoCommon {
    /// Random bytes from the system's secure generator, as ``SecureRandom/bytes(count:)``.
    ///
    /// - Parameter count: How many bytes; a negative value gives none (SurfUtils' version traps).
    /// - Returns: The bytes.
    public static func random(count: Int) -> [UInt8] {
        SecureRandom.bytes(count: count)
    }
}
