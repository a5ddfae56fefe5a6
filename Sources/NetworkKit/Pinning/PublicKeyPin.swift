public import Foundation
import InternalServiceUtilities

/// One public-key pin: the SHA-256 digest of a key's DER-encoded `SubjectPublicKeyInfo`, the
/// `pin-sha256` of RFC 7469, usually written in base64.
///
/// A pin names a key, not a certificate: it survives the certificate's renewal with the same key.
/// Take it from the server's certificate file with OpenSSL:
///
/// ```sh
/// openssl x509 -in server.pem -pubkey -noout | openssl pkey -pubin -outform der \
///     | openssl dgst -sha256 -binary | openssl base64
/// ```
///
/// ```swift
/// let pin = try PublicKeyPin(base64: "i7WTqTvh0OioIruIfFR4kMPnBqrS2rdiVPl/s2uC/CY=")
/// let same = try PublicKeyPin(certificate: Data(contentsOf: derFile))
/// ```
public struct PublicKeyPin: Hashable, Sendable, CustomStringConvertible {
    /// The 32 bytes of the digest.
    let digest: [UInt8]

    /// Reads a pin written in base64, as `openssl base64` and HPKP's `pin-sha256` write it.
    ///
    /// - Parameter base64: 44 characters of standard base64 with the trailing `=`; spaces or line
    ///   breaks around it are ignored.
    /// - Throws: ``HTTPError/invalidPinning(_:)``: ``HTTPError/InvalidPinningReason/pinNotBase64(_:)``
    ///   or ``HTTPError/InvalidPinningReason/pinWrongLength(bytes:)``.
    public init(base64: String) throws(HTTPError) {
        let trimmed = base64.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let decoded = Data(base64Encoded: trimmed) else { throw .invalidPinning(.pinNotBase64(base64)) }
        guard decoded.count == SHA256Hasher.digestLength else {
            throw .invalidPinning(.pinWrongLength(bytes: decoded.count))
        }
        digest = Array(decoded)
    }

    /// The pin of a key given as its DER-encoded `SubjectPublicKeyInfo` (what
    /// `openssl pkey -pubin -outform der` writes).
    ///
    /// - Parameter subjectPublicKeyInfo: The key info's bytes.
    public init(subjectPublicKeyInfo: Data) {
        digest = SHA256Hasher.hash(subjectPublicKeyInfo)
    }

    /// The pin of the key a DER-encoded X.509 certificate carries (a `.cer` or `.der` file, or
    /// what `SecCertificateCopyData` returns).
    ///
    /// - Parameter certificate: One DER-encoded certificate.
    /// - Throws: ``HTTPError/invalidPinning(_:)`` with
    ///   ``HTTPError/InvalidPinningReason/malformedCertificate(offset:problem:)`` when it is not one.
    public init(certificate: Data) throws(HTTPError) {
        let keyInfo = try CertificateDER.subjectPublicKeyInfo(of: Array(certificate))
        digest = keyInfo.withUnsafeBytes { SHA256Hasher.hash($0) }
    }

    /// The pin in base64, the form ``init(base64:)`` reads.
    public var base64: String {
        Data(digest).base64EncodedString()
    }

    /// The pin in base64.
    public var description: String { base64 }
}
