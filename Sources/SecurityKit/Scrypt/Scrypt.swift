public import Foundation

/// The scrypt password-based key-derivation function (RFC 7914).
///
/// SecurityKit uses scrypt rather than Argon2id because it is built from pieces the module already
/// has (PBKDF2-HMAC-SHA256) plus the small Salsa20/8 core, where Argon2id would need BLAKE2b and its
/// own compression function; both are memory-hard, which is what slows an attacker's hardware.
///
/// ```swift
/// let key = try Scrypt.derive(password: Array("pin".utf8), salt: salt, parameters: .interactive, length: 32)
/// ```
public enum Scrypt {
    /// The largest memory ``derive(password:salt:parameters:length:maximumMemory:)`` allows by default:
    /// 256 MiB.
    public static let defaultMaximumMemory = 256 * 1024 * 1024

    /// Derives `length` bytes from a password.
    ///
    /// - Parameters:
    ///   - password: The password or PIN bytes.
    ///   - salt: A random salt, 16 bytes or more.
    ///   - parameters: The cost N, block size r and parallelism p.
    ///   - length: How many bytes to derive.
    ///   - maximumMemory: The most memory (128 · N · r bytes) allowed, so a stored record cannot make
    ///     us allocate without bound.
    /// - Returns: The derived key.
    /// - Throws: ``CryptoError/invalidParameters(_:)`` when a parameter is out of range.
    public static func derive(
        password: some ContiguousBytes, salt: some ContiguousBytes, parameters: ScryptParameters, length: Int,
        maximumMemory: Int = defaultMaximumMemory
    ) throws(CryptoError) -> [UInt8] {
        try parameters.validate(maximumMemory: maximumMemory)
        let r = parameters.blockSize
        let p = parameters.parallelism
        let blockBytes = 128 * r
        var blocks = try PBKDF2.deriveSHA256(password: password, salt: salt, iterations: 1, length: p * blockBytes)
        defer { blocks.wipe() }
        blocks.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            mix(base, cost: parameters.cost, blockSize: r, parallelism: p)
        }
        return try PBKDF2.deriveSHA256(password: password, salt: blocks, iterations: 1, length: length)
    }

    /// Runs ROMix on each of the p blocks of 128 · r bytes at `base`.
    private static func mix(_ base: UnsafeMutableRawPointer, cost: Int, blockSize r: Int, parallelism p: Int) {
        let words = 32 * r
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: words * (cost + 2) + 16)
        defer {
            scratch.update(repeating: 0, count: words * (cost + 2) + 16)
            scratch.deallocate()
        }
        let x = scratch
        let y = scratch + words
        let temporary = scratch + 2 * words
        let table = scratch + 2 * words + 16
        for block in 0..<p {
            let bytes = base + block * 128 * r
            for index in 0..<words {
                x[index] = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            }
            romix(x: x, y: y, table: table, temporary: temporary, cost: cost, blockSize: r)
            for index in 0..<words {
                bytes.storeBytes(of: x[index].littleEndian, toByteOffset: index * 4, as: UInt32.self)
            }
        }
    }

    private static func romix(
        x: UnsafeMutablePointer<UInt32>, y: UnsafeMutablePointer<UInt32>, table: UnsafeMutablePointer<UInt32>,
        temporary: UnsafeMutablePointer<UInt32>, cost: Int, blockSize r: Int
    ) {
        let words = 32 * r
        for index in 0..<cost {
            (table + index * words).update(from: x, count: words)
            blockMix(x, into: y, temporary: temporary, blockSize: r)
            x.update(from: y, count: words)
        }
        let mask = UInt32(truncatingIfNeeded: cost - 1)
        for _ in 0..<cost {
            let j = Int(x[(2 * r - 1) * 16] & mask)
            let row = table + j * words
            for index in 0..<words { x[index] ^= row[index] }
            blockMix(x, into: y, temporary: temporary, blockSize: r)
            x.update(from: y, count: words)
        }
    }

    /// BlockMix: chains Salsa20/8 over the 2r sub-blocks and interleaves the results (even, then odd).
    @inline(__always)
    private static func blockMix(
        _ input: UnsafeMutablePointer<UInt32>, into output: UnsafeMutablePointer<UInt32>,
        temporary: UnsafeMutablePointer<UInt32>, blockSize r: Int
    ) {
        temporary.update(from: input + (2 * r - 1) * 16, count: 16)
        for index in 0..<(2 * r) {
            let sub = input + index * 16
            for word in 0..<16 { temporary[word] ^= sub[word] }
            Salsa20Core.salsa8(temporary)
            let destination = output + ((index / 2) + (index % 2) * r) * 16
            destination.update(from: temporary, count: 16)
        }
    }
}
