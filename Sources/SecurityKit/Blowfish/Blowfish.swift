public import Foundation

/// The Blowfish block cipher (Schneier, 1993): 64-bit blocks, keys of 4 to 56 bytes.
///
/// Kept for compatibility with data that SurfUtils wrote; prefer ``ChaCha20Poly1305`` for anything
/// new. The expanded key (4 KB) lives in an array that is dropped, not wiped, when the value goes.
///
/// ```swift
/// let cipher = try Blowfish(key: Data("a key of 4 to 56 bytes".utf8))
/// let sealed = try cipher.encryptCBC(Data("secret".utf8), iv: Data("12345678".utf8))
/// ```
public struct Blowfish: Sendable {
    /// The block length in bytes.
    public static let blockLength = 8
    /// The accepted key lengths in bytes.
    public static let keyLengths = 4...56

    /// P[0…17], then S0…S3 (256 words each).
    let schedule: [UInt32]

    /// Expands `key` into the cipher's subkeys.
    ///
    /// - Parameter key: 4 to 56 bytes.
    /// - Throws: ``CryptoError/invalidKeyLength(algorithm:allowed:actual:)`` for any other length.
    public init(key: some ContiguousBytes) throws(CryptoError) {
        var keyBytes = key.withUnsafeBytes { [UInt8]($0) }
        defer { keyBytes.wipe() }
        guard Self.keyLengths.contains(keyBytes.count) else {
            throw .invalidKeyLength(algorithm: "Blowfish", allowed: Self.keyLengths, actual: keyBytes.count)
        }
        var state = Self.initialState
        state.withUnsafeMutableBufferPointer { words in
            guard let base = words.baseAddress else { return }
            Self.expand(key: keyBytes, state: base)
        }
        schedule = state
    }

    private static func expand(key: [UInt8], state: UnsafeMutablePointer<UInt32>) {
        var keyIndex = 0
        for index in 0..<18 {
            var word: UInt32 = 0
            for _ in 0..<4 {
                word = word << 8 | UInt32(key[keyIndex])
                keyIndex = keyIndex + 1 == key.count ? 0 : keyIndex + 1
            }
            state[index] ^= word
        }
        var left: UInt32 = 0
        var right: UInt32 = 0
        var index = 0
        while index < 18 + 1024 {
            encrypt(&left, &right, state)
            state[index] = left
            state[index + 1] = right
            index += 2
        }
    }

    /// The round function F.
    @inline(__always)
    static func feistel(_ x: UInt32, _ state: UnsafePointer<UInt32>) -> UInt32 {
        let a = state[18 + Int(x >> 24)]
        let b = state[18 + 256 + Int((x >> 16) & 0xFF)]
        let c = state[18 + 512 + Int((x >> 8) & 0xFF)]
        let d = state[18 + 768 + Int(x & 0xFF)]
        return ((a &+ b) ^ c) &+ d
    }

    /// Encrypts one block held as two big-endian halves.
    @inline(__always)
    static func encrypt(_ left: inout UInt32, _ right: inout UInt32, _ state: UnsafePointer<UInt32>) {
        var l = left
        var r = right
        var round = 0
        while round < 16 {
            l ^= state[round]
            r ^= feistel(l, state)
            r ^= state[round + 1]
            l ^= feistel(r, state)
            round += 2
        }
        left = r ^ state[17]
        right = l ^ state[16]
    }

    /// Decrypts one block held as two big-endian halves.
    @inline(__always)
    static func decrypt(_ left: inout UInt32, _ right: inout UInt32, _ state: UnsafePointer<UInt32>) {
        var l = left
        var r = right
        var round = 17
        while round > 1 {
            l ^= state[round]
            r ^= feistel(l, state)
            r ^= state[round - 1]
            l ^= feistel(r, state)
            round -= 2
        }
        left = r ^ state[0]
        right = l ^ state[1]
    }

    /// Encrypts one 8-byte block given as a big-endian integer (electronic codebook, for test vectors).
    ///
    /// - Parameter block: The plaintext block.
    /// - Returns: The ciphertext block.
    public func encryptBlock(_ block: UInt64) -> UInt64 {
        var left = UInt32(truncatingIfNeeded: block >> 32)
        var right = UInt32(truncatingIfNeeded: block)
        schedule.withUnsafeBufferPointer { state in
            guard let base = state.baseAddress else { return }
            Self.encrypt(&left, &right, base)
        }
        return UInt64(left) << 32 | UInt64(right)
    }

    /// Decrypts one 8-byte block given as a big-endian integer.
    ///
    /// - Parameter block: The ciphertext block.
    /// - Returns: The plaintext block.
    public func decryptBlock(_ block: UInt64) -> UInt64 {
        var left = UInt32(truncatingIfNeeded: block >> 32)
        var right = UInt32(truncatingIfNeeded: block)
        schedule.withUnsafeBufferPointer { state in
            guard let base = state.baseAddress else { return }
            Self.decrypt(&left, &right, base)
        }
        return UInt64(left) << 32 | UInt64(right)
    }
}
