/// Hashes bytes: SurfUtils' `HashProvider`, which ``PinCryptoBox`` uses to turn the PIN and salt into
/// the cipher key.
///
/// Like SurfUtils' protocol it does not require `Sendable`, so an app's plain class can adopt it.
public protocol HashProvider {
    /// The hash of `data`.
    ///
    /// - Parameter data: The bytes to hash.
    /// - Returns: The digest.
    /// - Throws: An error when the bytes cannot be hashed (``SHA3`` never throws).
    func hash(data: [UInt8]) throws -> [UInt8]
}

extension SHA3: HashProvider {
    /// The digest of `data` (28 bytes for `SHA3(variant: .sha224)`, as SurfUtils' box uses).
    ///
    /// - Parameter data: The bytes to hash.
    /// - Returns: The digest, ``Variant/digestLength`` bytes.
    public func hash(data: [UInt8]) throws -> [UInt8] {
        hash(data)
    }
}
