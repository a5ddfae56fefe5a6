import Foundation

/// Turns a string into a hash string, as SurfUtils' `HashProvider` does: the legacy box uses it to
/// derive the Blowfish key from the PIN and salt.
public protocol HashProvider: Sendable {
    /// The hash of `value`'s UTF-8 bytes, as text.
    ///
    /// - Parameter value: The string to hash.
    /// - Returns: The hash, for SHA-3 lowercase hexadecimal.
    func hash(value: String) -> String
}

extension SHA3: HashProvider {
    /// The lowercase hexadecimal digest of `value`'s UTF-8 bytes (56 characters for SHA3-224).
    ///
    /// - Parameter value: The string to hash.
    /// - Returns: The digest in lowercase hexadecimal.
    public func hash(value: String) -> String {
        hash(Data(value.utf8)).hexString
    }
}
