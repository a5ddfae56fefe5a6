import Foundation
import ServiceUtilsTestSupport
import Testing

@testable import NetworkKit

/// curl's TLS options of `service-utils http`, `download` and `upload` (`--cacert`,
/// `--pinnedpubkey`, `--http1.1`), run as the built executable against the TLS fixture's nginx.
///
/// Every request carries a query of its own (`probe=UUID`), so the access log line it left, or
/// did not leave, is found among the lines added since the count taken before it, whatever else
/// uses the fixture at the same time.
@Suite("service-utils TLS options")
struct TLSCommandsTests {
    /// Runs the CLI on its default transport, libcurl, which these options need: `scripts/test` also
    /// runs NetworkKit's tests with `SERVICE_UTILS_TRANSPORT=urlSession`, whose Linux
    /// URLSession can neither trust a custom root nor check pins (the library tests cover that case).
    fileprivate static func run(_ arguments: [String]) async throws -> CommandOutcome {
        try await CommandRunner.run(arguments, environment: .adding(["SERVICE_UTILS_TRANSPORT": "libcurl"]))
    }

    /// The fixture's `hello.json` with a query that marks this request, and the marker.
    private func hello() throws -> (url: String, marker: String) {
        let marker = "probe=\(UUID().uuidString)"
        return (try Fixture.url("SU_TLS_URL").absoluteString + "/hello.json?" + marker, marker)
    }

    @Test("--cacert with the root PEM: the body is printed, over HTTP/2")
    func cacertPEM() async throws {
        // Given the fixture's root and the access log's length
        let (url, marker) = try hello()
        let log = try AccessLog()
        let before = log.count

        // When the file is fetched trusting that root only
        let outcome = try await TLSCommandsTests.run(["http", "GET", url, "--cacert", try Fixture.value("SU_TLS_CA")])

        // Then the body is printed and nginx logged the request as HTTP/2
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.hasPrefix("HTTP 200"))
        #expect(outcome.output.hasSuffix(#"{"hello":"tls"}"# + "\n"))
        let line = try await log.line(containing: marker, after: before)
        #expect(line.hasSuffix(" 200 HTTP/2.0"), "\(line)")
    }

    @Test("--http1.1 keeps to HTTP/1.1 where the server offers HTTP/2")
    func http11() async throws {
        // Given the fixture and the access log's length
        let (url, marker) = try hello()
        let log = try AccessLog()
        let before = log.count

        // When the file is fetched with --http1.1
        let outcome = try await TLSCommandsTests.run([
            "http", "GET", url, "--cacert", try Fixture.value("SU_TLS_CA"), "--http1.1",
        ])

        // Then nginx logged the request as HTTP/1.1
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.hasSuffix(#"{"hello":"tls"}"# + "\n"))
        let line = try await log.line(containing: marker, after: before)
        #expect(line.hasSuffix(" 200 HTTP/1.1"), "\(line)")
    }

    @Test("--cacert takes a DER certificate too")
    func cacertDER() async throws {
        // When the file is fetched trusting the root's DER encoding
        let (url, _) = try hello()
        let outcome = try await TLSCommandsTests.run([
            "http", "GET", url, "--cacert", try Fixture.value("SU_TLS_CA_DER"),
        ])

        // Then it succeeds
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.hasSuffix(#"{"hello":"tls"}"# + "\n"))
    }

    @Test(
        "--pinnedpubkey accepts a chain whose leaf, intermediate or root key is pinned, alone or in a list",
        arguments: [
            ["SU_TLS_INTERMEDIATE_PIN"], ["SU_TLS_LEAF_PIN"], ["SU_TLS_WRONG_PIN", "SU_TLS_ROOT_PIN"],
        ])
    func pinnedChain(pins: [String]) async throws {
        // Given curl's sha256// list of the pins (an intermediate's key, which curl cannot pin)
        let (url, marker) = try hello()
        let list = try pins.map { "sha256//" + (try Fixture.value($0)) }.joined(separator: ";")
        let log = try AccessLog()
        let before = log.count

        // When the file is fetched with them
        let outcome = try await TLSCommandsTests.run([
            "http", "GET", url, "--cacert", try Fixture.value("SU_TLS_CA"), "--pinnedpubkey", list,
        ])

        // Then it succeeds and reached the server
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.hasSuffix(#"{"hello":"tls"}"# + "\n"))
        _ = try await log.line(containing: marker, after: before)
    }

    @Test("--pinnedpubkey takes a PEM or DER public key file, as curl does")
    func pinnedKeyFile() async throws {
        // Given the root's SubjectPublicKeyInfo written as DER and as PEM
        let folder = try TestFolder()
        defer { folder.remove() }
        let certificate = try Data(contentsOf: URL(fileURLWithPath: try Fixture.value("SU_TLS_CA_DER")))
        let keyInfo = Data(try CertificateDER.subjectPublicKeyInfo(of: Array(certificate)))
        let der = folder.file("root-key.der")
        try keyInfo.write(to: der)
        let pem = folder.file("root-key.pem")
        let base64 = keyInfo.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        try Data("-----BEGIN PUBLIC KEY-----\n\(base64)\n-----END PUBLIC KEY-----\n".utf8).write(to: pem)

        for file in [der, pem] {
            // When the file is fetched pinned to that file's key
            let (url, _) = try hello()
            let outcome = try await TLSCommandsTests.run([
                "http", "GET", url, "--cacert", try Fixture.value("SU_TLS_CA"), "--pinnedpubkey", file.path,
            ])

            // Then it succeeds
            #expect(outcome.status == 0, "\(file.lastPathComponent): \(outcome.error)")
            #expect(outcome.output.hasSuffix(#"{"hello":"tls"}"# + "\n"))
        }
    }

    @Test("a pin that matches no key of the chain exits 1 naming the reason, and nothing reaches the server")
    func wrongPin() async throws {
        // Given a pin of a key in no chain, and the access log's length
        let (url, marker) = try hello()
        let log = try AccessLog()
        let before = log.count

        // When the file is fetched with it
        let outcome = try await TLSCommandsTests.run([
            "http", "GET", url, "--cacert", try Fixture.value("SU_TLS_CA"),
            "--pinnedpubkey", "sha256//" + (try Fixture.value("SU_TLS_WRONG_PIN")),
        ])

        // Then it fails naming the pins and the keys presented, and nginx saw no request
        #expect(outcome.status == 1, "\(outcome.output)")
        #expect(outcome.output.isEmpty)
        #expect(
            outcome.error.contains("no key of the certificate chain of localhost matches its pins (it presented "),
            "\(outcome.error)")
        #expect(outcome.error.contains(try Fixture.value("SU_TLS_LEAF_PIN")))
        try await log.expectNoLine(containing: marker, after: before)
    }

    @Test("download --pinnedpubkey with a wrong pin leaves no file and sends nothing")
    func wrongPinDownload() async throws {
        // Given an empty folder and the access log's length
        let folder = try TestFolder()
        defer { folder.remove() }
        let (hello, marker) = try hello()
        let url = hello.replacingOccurrences(of: "/hello.json?", with: "/large.bin?")
        let log = try AccessLog()
        let before = log.count

        // When the large file is downloaded with a pin of a key in no chain
        let outcome = try await TLSCommandsTests.run([
            "download", url, "-o", folder.file("large.bin").path, "--cacert", try Fixture.value("SU_TLS_CA"),
            "--pinnedpubkey", "sha256//" + (try Fixture.value("SU_TLS_WRONG_PIN")),
        ])

        // Then it fails naming the pins, nothing is on disk and nginx saw no request
        #expect(outcome.status == 1)
        #expect(outcome.error.contains("matches its pins"), "\(outcome.error)")
        #expect(folder.contents.isEmpty)
        try await log.expectNoLine(containing: marker, after: before)
    }

    @Test("a chain from another root exits 1 naming the untrusted certificate, and nothing reaches the server")
    func untrustedChain() async throws {
        // Given the server whose chain comes from another root, and the access log's length
        let marker = "probe=\(UUID().uuidString)"
        let url = try Fixture.url("SU_TLS_UNTRUSTED_URL").absoluteString + "/hello.json?" + marker
        let log = try AccessLog()
        let before = log.count

        // When it is fetched trusting the fixture's main root only
        let outcome = try await TLSCommandsTests.run(["http", "GET", url, "--cacert", try Fixture.value("SU_TLS_CA")])

        // Then it fails saying the chain's issuer is not trusted, and nginx saw no request
        #expect(outcome.status == 1, "\(outcome.output)")
        #expect(outcome.error.contains("unable to get local issuer certificate"), "\(outcome.error)")
        try await log.expectNoLine(containing: marker, after: before)
    }

    @Test(
        "a malformed --pinnedpubkey exits 64 saying what is wrong and listing the accepted forms",
        arguments: [
            ("nope", "does not start with sha256// and is not a readable file"),
            ("sha256//not*base64", "is not base64"),
            ("sha256//YWJj", "the pin decodes to 3 bytes; a SHA-256 pin has 32"),
            ("sha256//ocA+LYv0gyTitXAFJsIE8//WOF18EIpsLiR5kptTft4=;nope", #""nope" does not start with sha256//"#),
        ])
    func malformedPin(value: String, problem: String) async throws {
        // When the command is given the value
        let (url, _) = try hello()
        let outcome = try await TLSCommandsTests.run(["http", "GET", url, "--pinnedpubkey", value])

        // Then it is a usage error that says what is wrong and what is accepted
        #expect(outcome.status == 64)
        #expect(outcome.error.contains(problem), "\(outcome.error)")
        #expect(outcome.error.contains("'sha256//BASE64[;sha256//BASE64...]'"))
        #expect(outcome.error.contains("or the path of a PEM or DER public key file"))
        #expect(outcome.error.contains("usage: service-utils http "))
    }

    @Test("a certificate given to --pinnedpubkey or a missing --cacert file is a usage error")
    func wrongFiles() async throws {
        // When a certificate stands for a key, and a --cacert file is missing
        let (url, _) = try hello()
        let certificate = try await TLSCommandsTests.run([
            "http", "GET", url, "--pinnedpubkey", try Fixture.value("SU_TLS_CA"),
        ])
        let missing = try await TLSCommandsTests.run(["download", url, "--cacert", "/nonexistent/ca.pem"])

        // Then both exit 64 and say why
        #expect(certificate.status == 64)
        #expect(certificate.error.contains("holds a certificate, not a public key"), "\(certificate.error)")
        #expect(missing.status == 64)
        #expect(missing.error.contains("--cacert: /nonexistent/ca.pem is not a readable file"), "\(missing.error)")
    }

    @Test("download --cacert writes the whole file")
    func download() async throws {
        // Given an empty folder
        let folder = try TestFolder()
        defer { folder.remove() }
        let destination = folder.file("large.bin")
        let url = try Fixture.url("SU_TLS_URL").absoluteString + "/large.bin"

        // When the fixture's 1 MiB file is downloaded trusting its root
        let outcome = try await TLSCommandsTests.run([
            "download", url, "-o", destination.path, "--cacert", try Fixture.value("SU_TLS_CA"),
        ])

        // Then all of it is on disk
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.hasPrefix("saved \(destination.path) (1.0 MB, HTTP 200)"))
        #expect(try Data(contentsOf: destination).count == 1_048_576)
    }

    @Test("upload --cacert --pinnedpubkey --http1.1 reaches the server over HTTP/1.1")
    func upload() async throws {
        // Given a small file and the access log's length
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("notes.txt")
        try Data("hello\n".utf8).write(to: file)
        let (url, marker) = try hello()
        let log = try AccessLog()
        let before = log.count

        // When it is posted to the static server, which refuses POST with 405
        let outcome = try await TLSCommandsTests.run([
            "upload", url, file.path, "--cacert", try Fixture.value("SU_TLS_CA"),
            "--pinnedpubkey", "sha256//" + (try Fixture.value("SU_TLS_ROOT_PIN")), "--http1.1",
        ])

        // Then nginx answered it over HTTP/1.1
        #expect(outcome.status == 1)
        #expect(outcome.output.hasPrefix("HTTP 405"), "\(outcome.error)")
        let line = try await log.line(containing: marker, after: before)
        #expect(line.hasSuffix(" 405 HTTP/1.1"), "\(line)")
    }

    @Test("each command's help lists the TLS options")
    func help() async throws {
        for command in ["http", "download", "upload"] {
            // When its help is asked for
            let outcome = try await TLSCommandsTests.run([command, "--help"])

            // Then the usage line and the details name the options
            #expect(outcome.status == 0)
            #expect(
                outcome.lines.first?.contains("[--cacert FILE] [--pinnedpubkey PINS|FILE] [--http1.1]") == true,
                "\(command): \(outcome.lines.first ?? "")")
            #expect(outcome.output.contains("--http1.1 keeps to HTTP/1.1"))
        }
    }
}

/// The TLS fixture's nginx access log (`SU_TLS_ACCESS_LOG`): a line per request, such as
/// `PORT "GET /hello.json?probe=… HTTP/2.0" 200 HTTP/2.0`.
private struct AccessLog {
    let path: String

    init() throws {
        path = try Fixture.value("SU_TLS_ACCESS_LOG")
    }

    /// The log's lines now.
    var lines: [String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// How many lines the log has now.
    var count: Int { lines.count }

    /// The line added after the first `count` that contains `marker`, waiting up to two seconds for
    /// nginx to write it.
    func line(containing marker: String, after count: Int) async throws -> String {
        for _ in 0..<40 {
            if let line = lines.dropFirst(count).first(where: { $0.contains(marker) }) { return line }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw MissingLine(path: path, count: count, marker: marker)
    }

    /// Thrown when the log has no line for a request that should have reached nginx.
    struct MissingLine: Error, CustomStringConvertible {
        let path: String
        let count: Int
        let marker: String

        var description: String { "no line of \(path) after line \(count) contains \(marker)" }
    }

    /// Expects that no line added after the first `count` contains `marker`: a request sent after
    /// the refused one must be logged first, so the log has caught up.
    func expectNoLine(containing marker: String, after count: Int) async throws {
        let follower = "probe=\(UUID().uuidString)"
        let url = try Fixture.url("SU_TLS_URL").absoluteString + "/hello.json?" + follower
        let outcome = try await TLSCommandsTests.run(["http", "GET", url, "--cacert", try Fixture.value("SU_TLS_CA")])
        #expect(outcome.status == 0, "\(outcome.error)")
        _ = try await line(containing: follower, after: count)
        let added = lines.dropFirst(count)
        #expect(!added.contains { $0.contains(marker) }, "the refused request reached the server: \(added)")
    }
}
