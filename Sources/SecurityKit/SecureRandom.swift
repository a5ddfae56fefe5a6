/// Random bytes from the system's generator (`getrandom` on Linux, `arc4random` on Apple platforms).
public enum SecureRandom {
    /// Returns `count` random bytes.
    ///
    /// - Parameter count: How many bytes; a negative value gives none.
    /// - Returns: The bytes.
    public static func bytes(count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let length = max(0, count)
        var bytes = [UInt8](repeating: 0, count: length)
        var index = 0
        while index < length {
            var word = generator.next()
            for _ in 0..<8 where index < length {
                bytes[index] = UInt8(truncatingIfNeeded: word)
                word >>= 8
                index += 1
            }
        }
        return bytes
    }
}
