public import Foundation

/// A SHAKE extendable-output function (FIPS 202): a digest of any length you ask for.
///
/// ```swift
/// let bytes = SHAKE(variant: .shake128).hash(Data("abc".utf8), outputLength: 64)
/// ```
public struct SHAKE: Sendable, Hashable {
    /// Which SHAKE function to compute.
    public enum Variant: Sendable, Hashable, CaseIterable {
        /// SHAKE128: 128-bit security, a 168-byte rate.
        case shake128
        /// SHAKE256: 256-bit security, a 136-byte rate.
        case shake256

        var rate: Int {
            switch self {
            case .shake128: 168
            case .shake256: 136
            }
        }
    }

    /// The function this value computes.
    public let variant: Variant

    /// Creates a SHAKE function.
    ///
    /// - Parameter variant: SHAKE128 or SHAKE256.
    public init(variant: Variant) {
        self.variant = variant
    }

    /// Hashes `data` to `outputLength` bytes.
    ///
    /// - Parameters:
    ///   - data: The message.
    ///   - outputLength: How many bytes to produce; a negative value gives none.
    /// - Returns: The output bytes.
    public func hash(_ data: some ContiguousBytes, outputLength: Int) -> [UInt8] {
        let length = max(0, outputLength)
        return data.withUnsafeBytes { input in
            [UInt8](unsafeUninitializedCapacity: length) { output, count in
                Keccak.sponge(
                    rate: variant.rate, suffix: 0x1F, input: input, output: UnsafeMutableRawBufferPointer(output))
                count = length
            }
        }
    }
}
