public import Foundation

/// Certificates an app trusts as roots for its servers' chains: its own certificate authority, a
/// self-signed server, a staging environment, as Alamofire's `PinnedCertificatesTrustEvaluator`
/// anchors.
///
/// ```swift
/// var configuration = HTTPClient.Configuration()
/// configuration.trustAnchors = try TrustAnchors(contentsOf: Bundle.main.url(forResource: "ca", withExtension: "pem")!)
/// ```
///
/// Both built-in transports apply them: on Apple platforms through `SecTrustSetAnchorCertificates`
/// (and `SecTrustSetAnchorCertificatesOnly` for ``Scope/exclusive``), on Linux as libcurl's CA
/// bundle. The chain must still be valid and name the host; public-key pins, when set, are
/// checked on top.
public struct TrustAnchors: Hashable, Sendable {
    /// Whether the system's roots are trusted too.
    public enum Scope: Hashable, Sendable {
        /// Only these certificates are trusted as roots (the default).
        case exclusive
        /// These certificates are trusted as well as the system's roots.
        case addingToSystemRoots
    }

    /// The certificates, each DER-encoded.
    public let certificates: [Data]
    /// Whether the system's roots are trusted too.
    public let scope: Scope

    /// Trusts DER-encoded certificates.
    ///
    /// - Parameters:
    ///   - certificates: One or more DER-encoded X.509 certificates.
    ///   - scope:        Whether the system's roots are trusted too; not by default.
    /// - Throws: ``HTTPError/invalidPinning(_:)``: no certificate, or one that is not X.509 DER.
    public init(certificates: [Data], scope: Scope = .exclusive) throws(HTTPError) {
        guard !certificates.isEmpty else { throw .invalidPinning(.noCertificate(source: "the list")) }
        for certificate in certificates { _ = try CertificateDER.subjectPublicKeyInfo(of: Array(certificate)) }
        self.certificates = certificates
        self.scope = scope
    }

    /// Trusts the certificates of PEM text (`-----BEGIN CERTIFICATE-----` blocks; anything between
    /// them is ignored).
    ///
    /// - Parameters:
    ///   - pem:   The text.
    ///   - scope: Whether the system's roots are trusted too; not by default.
    /// - Throws: ``HTTPError/invalidPinning(_:)``: no certificate, bad base64 or not X.509.
    public init(pem: String, scope: Scope = .exclusive) throws(HTTPError) {
        try self.init(certificates: try Self.blocks(ofPEM: pem, source: "the PEM text"), scope: scope)
    }

    /// Trusts the certificates of a file: PEM with one or more certificates, or one DER
    /// certificate (`.pem`, `.crt`, `.cer`, `.der`).
    ///
    /// - Parameters:
    ///   - file:  The file's URL.
    ///   - scope: Whether the system's roots are trusted too; not by default.
    /// - Throws: ``HTTPError/invalidPinning(_:)``: an unreadable file, or none of the forms above.
    public init(contentsOf file: URL, scope: Scope = .exclusive) throws(HTTPError) {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .invalidPinning(.noCertificate(source: "\(file.path) (unreadable: \(error.localizedDescription))"))
        }
        if let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN") {
            try self.init(certificates: try Self.blocks(ofPEM: text, source: file.path), scope: scope)
        } else {
            try self.init(certificates: [data], scope: scope)
        }
    }

    /// The DER bytes of each `CERTIFICATE` block of `pem`.
    private static func blocks(ofPEM pem: String, source: String) throws(HTTPError) -> [Data] {
        let begin = "-----BEGIN CERTIFICATE-----"
        let end = "-----END CERTIFICATE-----"
        var certificates: [Data] = []
        var rest = Substring(pem)
        while let start = rest.range(of: begin) {
            guard let stop = rest.range(of: end, range: start.upperBound..<rest.endIndex) else {
                throw .invalidPinning(.noCertificate(source: "\(source) (a certificate block has no END line)"))
            }
            let body = rest[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
            guard let der = Data(base64Encoded: String(body)) else {
                throw .invalidPinning(.noCertificate(source: "\(source) (a certificate block is not base64)"))
            }
            certificates.append(der)
            rest = rest[stop.upperBound...]
        }
        guard !certificates.isEmpty else { throw .invalidPinning(.noCertificate(source: source)) }
        return certificates
    }

    /// The certificates as PEM text, as libcurl's CA bundle takes them.
    var pem: String {
        certificates.map { der in
            let base64 = der.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
            return "-----BEGIN CERTIFICATE-----\n\(base64)\n-----END CERTIFICATE-----\n"
        }.joined()
    }
}
