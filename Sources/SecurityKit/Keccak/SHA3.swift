public import Foundation

/// A SHA-3 or original Keccak hash function (FIPS 202), such as `SHA3(variant: .sha224)`.
///
/// ```swift
/// let digest = SHA3(variant: .sha256).hash(Data("abc".utf8))  // 32 bytes
/// ```
///
/// The `keccak…` variants use the padding from before standardisation (the one Ethereum's
/// Keccak-256 uses); the `sha…` variants are FIPS 202 SHA-3.
public struct SHA3: Sendable, Hashable {
    /// Which member of the family to compute.
    public enum Variant: Sendable, Hashable, CaseIterable {
        /// SHA3-224: a 28-byte digest.
        case sha224
        /// SHA3-256: a 32-byte digest.
        case sha256
        /// SHA3-384: a 48-byte digest.
        case sha384
        /// SHA3-512: a 64-byte digest.
        case sha512
        /// Keccak-224 with the original padding.
        case keccak224
        /// Keccak-256 with the original padding, as Ethereum uses it.
        case keccak256
        /// Keccak-384 with the original padding.
        case keccak384
        /// Keccak-512 with the original padding.
        case keccak512

        /// The digest length in bytes.
        public var digestLength: Int {
            switch self {
            case .sha224, .keccak224: 28
            case .sha256, .keccak256: 32
            case .sha384, .keccak384: 48
            case .sha512, .keccak512: 64
            }
        }

        /// The sponge's rate in bytes: 200 minus twice the digest length.
        var rate: Int { 200 - 2 * digestLength }

        /// The domain-separation suffix: SHA-3's `01` bits or Keccak's none, with the first pad bit.
        var suffix: UInt8 {
            switch self {
            case .sha224, .sha256, .sha384, .sha512: 0x06
            case .keccak224, .keccak256, .keccak384, .keccak512: 0x01
            }
        }
    }

    /// The member of the family this value computes.
    public let variant: Variant

    /// Creates a hash function of the given variant.
    ///
    /// - Parameter variant: Which SHA-3 or Keccak function to compute.
    public init(variant: Variant) {
        self.variant = variant
    }

    /// Hashes `data`.
    ///
    /// - Parameter data: The message, such as `Data` or `[UInt8]`.
    /// - Returns: The digest, ``Variant/digestLength`` bytes.
    public func hash(_ data: some ContiguousBytes) -> [UInt8] {
        data.withUnsafeBytes { input in
            [UInt8](unsafeUninitializedCapacity: variant.digestLength) { output, count in
                Keccak.sponge(
                    rate: variant.rate, suffix: variant.suffix, input: input,
                    output: UnsafeMutableRawBufferPointer(output))
                count = variant.digestLength
            }
        }
    }

    /// Hashes `bytes`, under the name CryptoSwift uses.
    ///
    /// - Parameter bytes: The message.
    /// - Returns: The digest.
    public func calculate(for bytes: [UInt8]) -> [UInt8] {
        hash(bytes)
    }
}
