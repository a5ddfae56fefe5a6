import Foundation
import InternalServiceUtilities
import NetworkKit
import ServiceUtilsTestSupport

/// The certificates of the conformance suite's TLS front, made by `openssl` once per test run: an
/// EC P-256 authority signs a leaf for `localhost` and `127.0.0.1`.
struct ConformanceCertificates: Sendable {
    /// The authority's certificate as PEM: what a client trusts to accept the front.
    let authorityPEM: String
    /// The leaf then the authority, as PEM: what the front presents.
    let chainPEM: String
    /// The leaf's private key as PEM.
    let keyPEM: String
    /// The pin of the leaf's key, in base64.
    let leafPin: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The set made once for the whole run (key generation takes a moment).
    static let shared = Task { try await onThread { try make() } }

    private static func make() throws -> ConformanceCertificates {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let openSSL = ProcessRunner.locate("openssl", environment: ProcessInfo.processInfo.environment) else {
            throw Failure(description: "openssl is not installed (Debian package openssl)")
        }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        @discardableResult
        func run(_ arguments: [String]) throws -> Data {
            let output = try ProcessRunner.run(openSSL, arguments: arguments)
            guard output.status == 0 else {
                throw Failure(description: "openssl \(arguments.joined(separator: " ")): \(output.errorSummary())")
            }
            return output.standardOutput
        }
        let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        try run(
            ["req", "-x509"] + newKey + [
                "-keyout", path("ca.key"), "-out", path("ca.pem"), "-subj", "/CN=Conformance Authority", "-days", "2",
            ])
        try run(["req"] + newKey + ["-keyout", path("leaf.key"), "-out", path("leaf.csr"), "-subj", "/CN=localhost"])
        try Data("subjectAltName=DNS:localhost,IP:127.0.0.1\n".utf8).write(to: URL(fileURLWithPath: path("leaf.ext")))
        try run([
            "x509", "-req", "-in", path("leaf.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-set_serial",
            "27", "-extfile", path("leaf.ext"), "-out", path("leaf.pem"), "-days", "2",
        ])
        let leafDER = try run(["x509", "-in", path("leaf.pem"), "-outform", "der"])
        func text(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }
        return ConformanceCertificates(
            authorityPEM: try text("ca.pem"), chainPEM: try text("leaf.pem") + (try text("ca.pem")),
            keyPEM: try text("leaf.key"), leafPin: try PublicKeyPin(certificate: leafDER).base64)
    }
}
