import Foundation
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `service-utils download` and `service-utils upload`, run as the built executable against the
/// nginx and httpbin fixtures.
@Suite("service-utils download and upload")
struct TransferCommandsTests {
    private func nginx(_ name: String) throws -> (url: String, bytes: Data) {
        let url = try Fixture.url("SU_NGINX_URL").appendingPathComponent(name).absoluteString
        let path = URL(fileURLWithPath: try Fixture.value("SU_NGINX_ROOT")).appendingPathComponent(name)
        return (url, try Data(contentsOf: path))
    }

    @Test("download writes the file and, off a terminal, prints plain progress lines")
    func download() async throws {
        // Given nginx's large file and an empty folder
        let (url, bytes) = try nginx("large.bin")
        let folder = try TestFolder()
        defer { folder.remove() }
        let destination = folder.file("out/large.bin").path

        // When it is downloaded with -o into a folder that does not exist yet
        let outcome = try await CommandRunner.run(["download", url, "-o", destination])

        // Then the file is there, a summary is printed, and progress came as lines ending at 100%
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)) == bytes)
        #expect(outcome.output.hasPrefix("saved \(destination) (25.2 MB, HTTP 200)"))
        let lines = outcome.error.split(separator: "\n")
        #expect(lines.last?.hasPrefix("downloaded 25.2 MB of 25.2 MB (100%)") == true)
        #expect(!outcome.error.contains("\r"))
        #expect(folder.contents == ["out", "out/large.bin"])
    }

    @Test("download --resume continues a partial file with a range request")
    func resume() async throws {
        // Given the first 5 MB of the file on disk with nginx's ETag, as a cut download leaves it
        let (url, bytes) = try nginx("large.bin")
        let folder = try TestFolder()
        defer { folder.remove() }
        let destination = folder.file("large.bin")
        var head = URLRequest(url: try #require(URL(string: url)))
        head.httpMethod = "HEAD"
        let entityTag = try #require(try await HTTPClient().send(head).headers["ETag"])
        try bytes.prefix(5_000_000).write(to: URL(fileURLWithPath: destination.path + ".partial"))
        let description: [String: Any] = ["url": url, "entityTag": entityTag, "totalBytes": bytes.count]
        try JSONSerialization.data(withJSONObject: description).write(
            to: URL(fileURLWithPath: destination.path + ".partial.json"))

        // When the command is run with --resume
        let outcome = try await CommandRunner.run(["download", url, "-o", destination.path, "--resume"])

        // Then it says it resumed, and the file is whole
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.contains("HTTP 206), resumed after 5.0 MB already on disk"))
        #expect(try Data(contentsOf: destination) == bytes)
        #expect(folder.contents == ["large.bin"])
    }

    @Test("on a terminal, download draws a bar with percent, bytes, rate and time")
    func progressBar() async throws {
        // Given a pseudo-terminal from script(1)
        let (url, _) = try nginx("large.bin")
        let folder = try TestFolder()
        defer { folder.remove() }
        let program = try BuiltProducts.executable("service-utils").path
        let command = "'\(program)' download '\(url)' -o '\(folder.file("large.bin").path)'"

        // When the download runs there
        let outcome = try await CommandRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/script"), arguments: ["-qec", command, "/dev/null"])

        // Then the bar was redrawn in place and ended full
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(outcome.output.contains("\r[##############################]  100%  25.2 MB / 25.2 MB"))
        #expect(outcome.output.range(of: #"  [0-9.]+ [kMG]?B/s"#, options: .regularExpression) != nil)
    }

    @Test("a failed download exits 1 with the error and leaves no file")
    func failedDownload() async throws {
        // Given a missing file
        let base = try Fixture.url("SU_NGINX_URL").absoluteString
        let folder = try TestFolder()
        defer { folder.remove() }

        // When it is downloaded
        let outcome = try await CommandRunner.run(["download", base + "/missing.bin", "-o", folder.file("m").path])

        // Then the status is named and nothing is left
        #expect(outcome.status == 1)
        #expect(outcome.error.contains("unacceptable status 404"))
        #expect(folder.contents.isEmpty)
    }

    @Test("download --cache DIR writes a fresh answer again from the folder, saying so")
    func downloadFromCache() async throws {
        // Given httpbin's /cache/60, fresh for a minute
        let url = try Fixture.url("SU_HTTPBIN_URL").appendingPathComponent("cache/60").absoluteString
        let folder = try TestFolder()
        defer { folder.remove() }
        let cache = folder.file("http-cache").path

        // When it is downloaded twice, each time by a new process on the same cache folder
        let first = try await CommandRunner.run(["download", url, "-o", folder.file("one.json").path, "--cache", cache])
        let second = try await CommandRunner.run(
            ["download", url, "-o", folder.file("two.json").path, "--cache", cache])

        // Then the first came from the network and the second from the cache, the same bytes
        #expect(first.status == 0, "\(first.error)")
        #expect(!first.error.contains("from the cache"))
        #expect(second.status == 0, "\(second.error)")
        #expect(second.error.contains("answered from the cache (fresh)"))
        let written = try Data(contentsOf: folder.file("one.json"))
        #expect(!written.isEmpty)
        #expect(try Data(contentsOf: folder.file("two.json")) == written)
        // And an empty folder name is a usage error
        #expect(try await CommandRunner.run(["download", url, "--cache", ""]).status == 64)
    }

    @Test("upload sends a file as the body or as a multipart field; usage errors exit 64")
    func upload() async throws {
        // Given a small text file and httpbin
        let post = try Fixture.url("SU_HTTPBIN_URL").appendingPathComponent("post").absoluteString
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("notes.txt")
        try Data("hello from a file\n".utf8).write(to: file)

        // When it is uploaded raw and as a field
        let raw = try await CommandRunner.run(["upload", post, file.path])
        let field = try await CommandRunner.run(["upload", post, file.path, "--field", "document", "--chunked"])

        // Then httpbin echoed it as the body, and as a file field
        #expect(raw.status == 0 && raw.output.hasPrefix("HTTP 200"), "\(raw.error)")
        #expect(raw.output.contains(#""data": "hello from a file\n""#))
        #expect(raw.output.contains(#""Content-Type": "text/plain""#))
        #expect(field.status == 0, "\(field.error)")
        #expect(field.output.contains(#""document": "hello from a file\n""#))
        #expect(try await CommandRunner.run(["upload", post]).status == 64)
        #expect(try await CommandRunner.run(["upload", post, file.path, "--method", "GET"]).status == 64)
        #expect(try await CommandRunner.run(["download"]).status == 64)
    }

    @Test("the tour's network section downloads a file whose first answer is cut, then resumes it")
    func tour() async throws {
        // When the section runs
        let outcome = try await CommandRunner.run(["tour", "--section", "NetworkKit"])

        // Then the cut was reported, the resume asked for the rest, and the file is whole
        #expect(outcome.status == 0, "\(outcome.error)")
        for step in [
            "the connection closed after 1000000 of 3000000 bytes of the body",
            "kept for a resume: report.bin.partial (1000000 bytes)",
            "HTTP 206), resumed after 1.0 MB already on disk",
            "the resume asked for: Range: bytes=1000000-, If-Range: \"report-v1\"",
            "the file matches the server's byte for byte: yes",
        ] {
            #expect(outcome.output.contains(step), "missing: \(step)")
        }
    }
}
