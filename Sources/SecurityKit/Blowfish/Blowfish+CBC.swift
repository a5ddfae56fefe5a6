public import Foundation

/// How a block cipher fills the last block.
public enum BlockPadding: Sendable, Hashable {
    /// PKCS#7: 1 to 8 bytes each holding the count; checked strictly when decrypting.
    case pkcs7
    /// No padding: the input must be a whole number of blocks.
    case none
}

extension Blowfish {
    /// Encrypts in cipher-block-chaining mode.
    ///
    /// - Parameters:
    ///   - plaintext: The data to encrypt.
    ///   - iv: The 8-byte initialisation vector.
    ///   - padding: ``BlockPadding/pkcs7`` (the default) or ``BlockPadding/none``.
    /// - Returns: The ciphertext, a whole number of blocks.
    /// - Throws: ``CryptoError`` when the IV is not 8 bytes, or without padding when the plaintext is
    ///   not a whole number of blocks.
    public func encryptCBC(
        _ plaintext: some ContiguousBytes, iv: some ContiguousBytes, padding: BlockPadding = .pkcs7
    ) throws(CryptoError) -> [UInt8] {
        let chain = try Self.initialVector(iv)
        var buffer = plaintext.withUnsafeBytes { [UInt8]($0) }
        switch padding {
        case .pkcs7:
            let count = Self.blockLength - buffer.count % Self.blockLength
            buffer.append(contentsOf: repeatElement(UInt8(count), count: count))
        case .none:
            guard buffer.count % Self.blockLength == 0 else {
                throw .invalidCiphertextLength(
                    algorithm: "Blowfish-CBC plaintext without padding", actual: buffer.count)
            }
        }
        schedule.withUnsafeBufferPointer { state in
            buffer.withUnsafeMutableBytes { bytes in
                guard let base = state.baseAddress else { return }
                Self.encryptChain(bytes, chain: chain, state: base)
            }
        }
        return buffer
    }

    /// Decrypts in cipher-block-chaining mode.
    ///
    /// - Parameters:
    ///   - ciphertext: A whole number of 8-byte blocks.
    ///   - iv: The 8-byte initialisation vector.
    ///   - padding: ``BlockPadding/pkcs7`` (checked strictly: every padding byte, length 1–8) or
    ///     ``BlockPadding/none``.
    /// - Returns: The plaintext.
    /// - Throws: ``CryptoError/invalidPadding`` when the padding is wrong (usually a wrong key), or
    ///   another ``CryptoError`` for bad lengths.
    public func decryptCBC(
        _ ciphertext: some ContiguousBytes, iv: some ContiguousBytes, padding: BlockPadding = .pkcs7
    ) throws(CryptoError) -> [UInt8] {
        let chain = try Self.initialVector(iv)
        var buffer = ciphertext.withUnsafeBytes { [UInt8]($0) }
        guard buffer.count % Self.blockLength == 0, padding == .none || !buffer.isEmpty else {
            throw .invalidCiphertextLength(algorithm: "Blowfish-CBC", actual: buffer.count)
        }
        schedule.withUnsafeBufferPointer { state in
            buffer.withUnsafeMutableBytes { bytes in
                guard let base = state.baseAddress else { return }
                Self.decryptChain(bytes, chain: chain, state: base)
            }
        }
        if padding == .pkcs7 {
            let count = try Self.paddingLength(buffer)
            buffer.removeLast(count)
        }
        return buffer
    }

    /// The number of padding bytes at the end of `buffer`, checking all of them.
    static func paddingLength(_ buffer: [UInt8]) throws(CryptoError) -> Int {
        guard let last = buffer.last else { throw .invalidPadding }
        let count = Int(last)
        guard count >= 1, count <= blockLength, count <= buffer.count else { throw .invalidPadding }
        var difference: UInt8 = 0
        for byte in buffer.suffix(count) { difference |= byte ^ last }
        guard difference == 0 else { throw .invalidPadding }
        return count
    }

    private static func initialVector(_ iv: some ContiguousBytes) throws(CryptoError) -> (UInt32, UInt32) {
        let bytes = iv.withUnsafeBytes { [UInt8]($0) }
        guard bytes.count == blockLength else {
            throw .invalidNonceLength(algorithm: "Blowfish-CBC", expected: blockLength, actual: bytes.count)
        }
        return bytes.withUnsafeBytes { raw in
            (
                UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self)),
                UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            )
        }
    }

    private static func encryptChain(
        _ bytes: UnsafeMutableRawBufferPointer, chain: (UInt32, UInt32), state: UnsafePointer<UInt32>
    ) {
        guard let base = bytes.baseAddress else { return }
        var (left, right) = chain
        var offset = 0
        while offset < bytes.count {
            left ^= UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            right ^= UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
            encrypt(&left, &right, state)
            base.storeBytes(of: left.bigEndian, toByteOffset: offset, as: UInt32.self)
            base.storeBytes(of: right.bigEndian, toByteOffset: offset + 4, as: UInt32.self)
            offset += blockLength
        }
    }

    private static func decryptChain(
        _ bytes: UnsafeMutableRawBufferPointer, chain: (UInt32, UInt32), state: UnsafePointer<UInt32>
    ) {
        guard let base = bytes.baseAddress else { return }
        var (previousLeft, previousRight) = chain
        var offset = 0
        while offset < bytes.count {
            let cipherLeft = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let cipherRight = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
            var left = cipherLeft
            var right = cipherRight
            decrypt(&left, &right, state)
            base.storeBytes(of: (left ^ previousLeft).bigEndian, toByteOffset: offset, as: UInt32.self)
            base.storeBytes(of: (right ^ previousRight).bigEndian, toByteOffset: offset + 4, as: UInt32.self)
            previousLeft = cipherLeft
            previousRight = cipherRight
            offset += blockLength
        }
    }
}
