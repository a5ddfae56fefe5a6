public import Foundation

/// Why a cryptographic primitive refused its input.
public enum CryptoError: Error, Sendable, Equatable {
    /// The key has a length the algorithm does not accept.
    case invalidKeyLength(algorithm: String, allowed: ClosedRange<Int>, actual: Int)
    /// The initialisation vector or nonce has the wrong length.
    case invalidNonceLength(algorithm: String, expected: Int, actual: Int)
    /// The ciphertext cannot be a ciphertext of this algorithm (for example not a whole number of
    /// blocks).
    case invalidCiphertextLength(algorithm: String, actual: Int)
    /// The decrypted data does not end in valid PKCS#7 padding: a wrong key, or altered data.
    case invalidPadding
    /// An authentication tag did not match: a wrong key, or altered data.
    case authenticationFailed
    /// A parameter of a key-derivation function is out of range.
    case invalidParameters(ParameterFailureReason)

    /// Which parameter was out of range, and its value.
    public enum ParameterFailureReason: Sendable, Equatable {
        /// scrypt's cost N must be a power of two greater than 1.
        case cost(Int)
        /// scrypt's block size r must be at least 1.
        case blockSize(Int)
        /// scrypt's parallelism p must be at least 1.
        case parallelism(Int)
        /// The memory scrypt would need (128 · N · r bytes) is above the allowed limit.
        case memory(required: Int, limit: Int)
        /// PBKDF2's iteration count must be at least 1.
        case iterationCount(Int)
        /// The requested output length is out of range.
        case outputLength(Int)
    }
}

// MARK: - Descriptions

extension CryptoError: LocalizedError {
    /// A sentence saying what was wrong, without any key material.
    public var errorDescription: String? {
        switch self {
        case .invalidKeyLength(let algorithm, let allowed, let actual):
            "\(algorithm) needs a key of \(allowed.lowerBound)–\(allowed.upperBound) bytes, got \(actual)"
        case .invalidNonceLength(let algorithm, let expected, let actual):
            "\(algorithm) needs an IV or nonce of \(expected) bytes, got \(actual)"
        case .invalidCiphertextLength(let algorithm, let actual):
            "\(actual) bytes cannot be a \(algorithm) ciphertext"
        case .invalidPadding:
            "the decrypted data has no valid PKCS#7 padding (wrong key or altered data)"
        case .authenticationFailed:
            "the authentication tag does not match (wrong key or altered data)"
        case .invalidParameters(let reason):
            "a key-derivation parameter is out of range: \(reason.text)"
        }
    }
}

extension CryptoError.ParameterFailureReason {
    var text: String {
        switch self {
        case .cost(let value): "scrypt N = \(value) is not a power of two above 1"
        case .blockSize(let value): "scrypt r = \(value) is below 1"
        case .parallelism(let value): "scrypt p = \(value) is below 1"
        case .memory(let required, let limit): "scrypt would need \(required) bytes, more than the limit of \(limit)"
        case .iterationCount(let value): "PBKDF2 iteration count \(value) is below 1"
        case .outputLength(let value): "output length \(value) is out of range"
        }
    }
}
