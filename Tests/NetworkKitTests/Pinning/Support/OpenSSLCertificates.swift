import Foundation
import InternalServiceUtilities
import ServiceUtilsTestSupport

/// Certificates made by `openssl` when the tests run, each with the pin OpenSSL itself computes
/// for it (`openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256
/// -binary | openssl base64`), the reference our pins are compared with.
///
/// A certificate authority with an RSA 2048 key signs a leaf with an EC P-256 key (a version 1
/// certificate: `openssl x509 -req` adds no extensions, so the `tbsCertificate` has no `[0]`
/// version), and an Ed25519 certificate signs itself.
struct OpenSSLCertificates: Sendable {
    /// One certificate and what OpenSSL says about it.
    ///
    /// The bytes are kept as arrays and become `Data` on each use: the set lives in a global for the
    /// whole run, and LeakSanitizer cannot follow the tagged reference inside a `Data` kept there, so
    /// it reported the certificates as leaked (ResumeTests met the same).
    struct Certificate: Sendable {
        private let derBytes: [UInt8]
        private let keyInfoBytes: [UInt8]
        /// OpenSSL's pin of its key, in base64.
        let pin: String

        init(der: Data, subjectPublicKeyInfo: Data, pin: String) {
            derBytes = Array(der)
            keyInfoBytes = Array(subjectPublicKeyInfo)
            self.pin = pin
        }

        /// The certificate, DER-encoded.
        var der: Data { Data(derBytes) }
        /// Its `SubjectPublicKeyInfo`, DER-encoded by `openssl pkey -pubin -outform der`.
        var subjectPublicKeyInfo: Data { Data(keyInfoBytes) }
    }

    /// The RSA 2048 certificate authority (version 3, self-signed).
    let authority: Certificate
    /// The EC P-256 leaf the authority signed (version 1).
    let leaf: Certificate
    /// The Ed25519 certificate (version 3, self-signed).
    let ed25519: Certificate

    /// The set made once for the whole test run (key generation takes a moment).
    static let shared = Task { try await onThread { try make() } }

    /// Why the set could not be made.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Makes the certificates in a temporary folder, removed afterwards.
    static func make() throws -> OpenSSLCertificates {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinning-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let openSSL = try OpenSSL()
        func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
        try openSSL.run(
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", file("ca.key"), "-out", file("ca.pem"),
            "-subj", "/CN=Pinning Test Authority", "-days", "2")
        try openSSL.run(
            "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", file("leaf.key"),
            "-out", file("leaf.csr"), "-subj", "/CN=api.example.com")
        try openSSL.run(
            "x509", "-req", "-in", file("leaf.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key"), "-set_serial",
            "7", "-out", file("leaf.pem"), "-days", "2")
        try openSSL.run(
            "req", "-x509", "-newkey", "ed25519", "-nodes", "-keyout", file("ed.key"), "-out", file("ed.pem"),
            "-subj", "/CN=Ed25519 Test", "-days", "2")
        return OpenSSLCertificates(
            authority: try openSSL.describe(file("ca.pem")), leaf: try openSSL.describe(file("leaf.pem")),
            ed25519: try openSSL.describe(file("ed.pem")))
    }
}

/// Runs the `openssl` command.
private struct OpenSSL {
    let executable: URL

    init() throws {
        guard let found = ProcessRunner.locate("openssl", environment: ProcessInfo.processInfo.environment) else {
            throw OpenSSLCertificates.Failure(
                description: "openssl is not installed (Debian package openssl, scripts/fixtures/pinning.sh)")
        }
        executable = found
    }

    /// Runs `openssl arguments…` with `input` on its standard input and returns its output.
    @discardableResult
    func run(_ arguments: String..., input: Data? = nil) throws -> Data {
        let output = try ProcessRunner.run(executable, arguments: arguments, input: input)
        guard output.status == 0 else {
            throw OpenSSLCertificates.Failure(
                description: "openssl \(arguments.joined(separator: " ")) failed: \(output.errorSummary())")
        }
        return output.standardOutput
    }

    /// The certificate in the PEM file at `pem` as DER, its key info, and OpenSSL's pin of it.
    func describe(_ pem: String) throws -> OpenSSLCertificates.Certificate {
        let der = try run("x509", "-in", pem, "-outform", "der")
        let publicKey = try run("x509", "-in", pem, "-pubkey", "-noout")
        let keyInfo = try run("pkey", "-pubin", "-outform", "der", input: publicKey)
        let digest = try run("dgst", "-sha256", "-binary", input: keyInfo)
        let pin = try run("base64", input: digest)
        return OpenSSLCertificates.Certificate(
            der: der, subjectPublicKeyInfo: keyInfo,
            pin: String(decoding: pin, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
