public import Foundation

/// PBKDF2 with HMAC-SHA256 (RFC 8018), the outer layer of scrypt.
public enum PBKDF2 {
    /// Derives `length` bytes from a password.
    ///
    /// - Parameters:
    ///   - password: The password bytes.
    ///   - salt: The salt.
    ///   - iterations: The iteration count, at least 1.
    ///   - length: How many bytes to derive, 1 to 2^32 − 1 blocks of 32 bytes.
    /// - Returns: The derived key.
    /// - Throws: ``CryptoError/invalidParameters(_:)`` when the iteration count or length is out of range.
    public static func deriveSHA256(
        password: some ContiguousBytes, salt: some ContiguousBytes, iterations: Int, length: Int
    ) throws(CryptoError) -> [UInt8] {
        guard iterations >= 1 else { throw .invalidParameters(.iterationCount(iterations)) }
        guard length >= 1, length / SHA256.digestLength < Int(UInt32.max) else {
            throw .invalidParameters(.outputLength(length))
        }
        let keyed = HMACSHA256(key: password)
        var saltedMAC = keyed
        saltedMAC.update(salt)
        var output: [UInt8] = []
        output.reserveCapacity(length)
        var blockIndex: UInt32 = 1
        while output.count < length {
            var mac = saltedMAC
            mac.update([
                UInt8(blockIndex >> 24), UInt8(truncatingIfNeeded: blockIndex >> 16),
                UInt8(truncatingIfNeeded: blockIndex >> 8), UInt8(truncatingIfNeeded: blockIndex),
            ])
            var u = mac.finalize()
            var t = u
            if iterations > 1 {
                for _ in 1..<iterations {
                    var next = keyed
                    next.update(u)
                    u = next.finalize()
                    for index in 0..<t.count { t[index] ^= u[index] }
                }
            }
            output.append(contentsOf: t.prefix(length - output.count))
            t.wipe()
            u.wipe()
            blockIndex &+= 1
        }
        return output
    }
}
