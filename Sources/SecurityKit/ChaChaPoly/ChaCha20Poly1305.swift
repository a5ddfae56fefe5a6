public import Foundation

/// The ChaCha20-Poly1305 authenticated cipher of RFC 8439 §2.8.
///
/// ```swift
/// let cipher = try ChaCha20Poly1305(key: SecureRandom.bytes(count: 32))
/// let nonce = SecureRandom.bytes(count: 12)
/// let sealed = try cipher.seal(Data("secret".utf8), nonce: nonce)
/// let opened = try cipher.open(sealed.ciphertext, tag: sealed.tag, nonce: nonce)
/// ```
///
/// Never seal two messages under one key with the same nonce.
public struct ChaCha20Poly1305: Sendable {
    /// The key length in bytes.
    public static let keyLength = 32
    /// The nonce length in bytes.
    public static let nonceLength = 12
    /// The tag length in bytes.
    public static let tagLength = 16

    private let keyWords: [UInt32]

    /// Creates the cipher with a 32-byte key.
    ///
    /// - Parameter key: 32 secret bytes.
    /// - Throws: ``CryptoError/invalidKeyLength(algorithm:allowed:actual:)`` for any other length.
    public init(key: some ContiguousBytes) throws(CryptoError) {
        let words: [UInt32]? = key.withUnsafeBytes { raw in
            guard raw.count == Self.keyLength else { return nil }
            return (0..<8).map { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)) }
        }
        guard let words else {
            let count = key.withUnsafeBytes { $0.count }
            throw .invalidKeyLength(algorithm: "ChaCha20-Poly1305", allowed: 32...32, actual: count)
        }
        keyWords = words
    }

    /// Encrypts and authenticates `plaintext`, and authenticates `additionalData` too.
    ///
    /// - Parameters:
    ///   - plaintext: The message.
    ///   - nonce: 12 bytes, never reused with this key.
    ///   - additionalData: Data bound to the message but not encrypted (a header, a record's name).
    /// - Returns: The ciphertext (as long as the plaintext) and the 16-byte tag.
    /// - Throws: ``CryptoError/invalidNonceLength(algorithm:expected:actual:)``.
    public func seal(
        _ plaintext: some ContiguousBytes, nonce: some ContiguousBytes, authenticating additionalData: [UInt8] = []
    ) throws(CryptoError) -> (ciphertext: [UInt8], tag: [UInt8]) {
        let input = try makeInput(nonce: nonce)
        var mac = Self.mac(input, additionalData: additionalData)
        let (ciphertext, count) = Self.crypt(input, plaintext, mac: &mac, direction: .seal)
        let tag = Self.finish(&mac, additionalDataCount: additionalData.count, textCount: count)
        return (ciphertext, tag)
    }

    /// Checks the tag and decrypts.
    ///
    /// - Parameters:
    ///   - ciphertext: The sealed message.
    ///   - tag: The 16-byte tag that came with it.
    ///   - nonce: The nonce it was sealed with.
    ///   - additionalData: The same additional data as when sealing.
    /// - Returns: The plaintext.
    /// - Throws: ``CryptoError/authenticationFailed`` when the key, nonce, data or tag differ from
    ///   those used to seal; no plaintext is returned then (what was decrypted is wiped).
    public func open(
        _ ciphertext: some ContiguousBytes, tag: some ContiguousBytes, nonce: some ContiguousBytes,
        authenticating additionalData: [UInt8] = []
    ) throws(CryptoError) -> [UInt8] {
        let input = try makeInput(nonce: nonce)
        var mac = Self.mac(input, additionalData: additionalData)
        var (plaintext, count) = Self.crypt(input, ciphertext, mac: &mac, direction: .open)
        let expected = Self.finish(&mac, additionalDataCount: additionalData.count, textCount: count)
        let received = tag.withUnsafeBytes { [UInt8]($0) }
        guard ConstantTime.equals(expected, received) else {
            plaintext.wipe()
            throw .authenticationFailed
        }
        return plaintext
    }

    private func makeInput(nonce: some ContiguousBytes) throws(CryptoError) -> ChaCha20.Input {
        let words: (UInt32, UInt32, UInt32)? = nonce.withUnsafeBytes { raw in
            guard raw.count == Self.nonceLength else { return nil }
            func word(_ index: Int) -> UInt32 {
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            }
            return (word(0), word(1), word(2))
        }
        guard let words else {
            let count = nonce.withUnsafeBytes { $0.count }
            throw .invalidNonceLength(algorithm: "ChaCha20-Poly1305", expected: Self.nonceLength, actual: count)
        }
        let k = keyWords
        return ChaCha20.Input(key: (k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7]), nonce: words)
    }

    /// ChaCha20 from block 1 over `text` into a new array, with the ciphertext absorbed into `mac`.
    private static func crypt(
        _ input: ChaCha20.Input, _ text: some ContiguousBytes, mac: inout Poly1305, direction: ChaCha20.Direction
    ) -> (output: [UInt8], count: Int) {
        text.withUnsafeBytes { source in
            let output = [UInt8](unsafeUninitializedCapacity: source.count) { buffer, initialized in
                initialized = 0
                guard let from = source.baseAddress, let to = buffer.baseAddress else { return }
                ChaCha20.crypt(
                    input, from: from, to: UnsafeMutableRawPointer(to), count: source.count, mac: &mac,
                    direction: direction)
                initialized = source.count
            }
            return (output, source.count)
        }
    }

    /// A Poly1305 MAC keyed by key-stream block 0 (§2.6), with `additionalData` absorbed and padded.
    private static func mac(_ input: ChaCha20.Input, additionalData: [UInt8]) -> Poly1305 {
        var oneTimeKey = [UInt8](repeating: 0, count: 32)
        oneTimeKey.withUnsafeMutableBytes { ChaCha20.apply(input, counter: 0, to: $0) }
        defer { oneTimeKey.wipe() }
        var mac =
            oneTimeKey.withUnsafeBytes { keyBytes in keyBytes.baseAddress.map { Poly1305(key: $0) } }
            ?? .idle
        additionalData.withUnsafeBytes { mac.update($0, padToBlock: true) }
        return mac
    }

    /// Absorbs the two little-endian 64-bit lengths and returns the tag.
    private static func finish(_ mac: inout Poly1305, additionalDataCount: Int, textCount: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: 16)
        let aadLength = UInt64(additionalDataCount)
        let textLength = UInt64(textCount)
        for index in 0..<8 {
            lengths[index] = UInt8(truncatingIfNeeded: aadLength >> (UInt64(index) * 8))
            lengths[8 + index] = UInt8(truncatingIfNeeded: textLength >> (UInt64(index) * 8))
        }
        lengths.withUnsafeBytes { mac.update($0, padToBlock: true) }
        return mac.finalize()
    }
}
