public import Foundation
import InternalServiceUtilities

/// SHA-256 (FIPS 180-4), used here for HMAC and PBKDF2 inside scrypt.
///
/// The hashing itself lives in the package's internal module, which NetworkKit shares for its
/// public-key pins; this type is SecurityKit's public face of it.
///
/// ```swift
/// let digest = SHA256.hash(Data("abc".utf8))  // 32 bytes
/// var hasher = SHA256()
/// hasher.update(Data("a".utf8)); hasher.update(Data("bc".utf8))
/// let same = hasher.finalize()
/// ```
public struct SHA256: Sendable {
    /// The digest length in bytes.
    public static let digestLength = 32
    /// The block length in bytes.
    public static let blockLength = 64

    private var hasher = SHA256Hasher()

    /// Creates a hasher with nothing absorbed yet.
    public init() {}

    /// Hashes `data` in one call.
    ///
    /// - Parameter data: The message.
    /// - Returns: The 32-byte digest.
    public static func hash(_ data: some ContiguousBytes) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finalize()
    }

    /// Absorbs more of the message.
    ///
    /// - Parameter data: The next bytes.
    public mutating func update(_ data: some ContiguousBytes) {
        data.withUnsafeBytes { hasher.update(bytes: $0) }
    }

    /// Finishes the hash: pads the message and returns the digest.
    ///
    /// - Returns: The 32-byte digest.
    public mutating func finalize() -> [UInt8] {
        hasher.finalize()
    }
}
