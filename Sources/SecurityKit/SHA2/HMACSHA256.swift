public import Foundation

/// HMAC with SHA-256 (RFC 2104, vectors in RFC 4231).
///
/// ```swift
/// let tag = HMACSHA256.authenticationCode(for: Data("message".utf8), key: Data("key".utf8))
/// ```
public struct HMACSHA256: Sendable {
    private var inner: SHA256
    private var outer: SHA256

    /// Starts a MAC under `key` (hashed first when longer than 64 bytes).
    ///
    /// - Parameter key: The secret key, any length.
    public init(key: some ContiguousBytes) {
        var block = key.withUnsafeBytes { [UInt8]($0) }
        if block.count > SHA256.blockLength { block = SHA256.hash(block) }
        block.append(contentsOf: repeatElement(0, count: SHA256.blockLength - block.count))
        var innerPad = block.map { $0 ^ 0x36 }
        var outerPad = block.map { $0 ^ 0x5c }
        inner = SHA256()
        inner.update(innerPad)
        outer = SHA256()
        outer.update(outerPad)
        block.wipe()
        innerPad.wipe()
        outerPad.wipe()
    }

    /// Absorbs more of the message.
    ///
    /// - Parameter data: The next bytes.
    public mutating func update(_ data: some ContiguousBytes) {
        inner.update(data)
    }

    /// Finishes and returns the 32-byte code.
    ///
    /// - Returns: The authentication code.
    public mutating func finalize() -> [UInt8] {
        let innerDigest = inner.finalize()
        outer.update(innerDigest)
        return outer.finalize()
    }

    /// Computes the code of `data` under `key` in one call.
    ///
    /// - Parameters:
    ///   - data: The message.
    ///   - key: The secret key.
    /// - Returns: The 32-byte authentication code.
    public static func authenticationCode(for data: some ContiguousBytes, key: some ContiguousBytes) -> [UInt8] {
        var mac = HMACSHA256(key: key)
        mac.update(data)
        return mac.finalize()
    }
}
