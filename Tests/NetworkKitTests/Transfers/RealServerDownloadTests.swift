import Foundation
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads from the fixtures: nginx's static files (strong ETags, Range and If-Range as a real
/// file server does them) and httpbin's `/bytes`, `/range` and `/drip`.
@Suite("Downloads from nginx and httpbin")
struct RealServerDownloadTests {
    /// A file the nginx fixture serves, with its bytes as they are on disk.
    private struct NginxFile {
        let url: URL
        let path: URL

        init(_ name: String) throws {
            url = try Fixture.url("SU_NGINX_URL").appendingPathComponent(name)
            path = URL(fileURLWithPath: try Fixture.value("SU_NGINX_ROOT")).appendingPathComponent(name)
        }

        /// The current ETag, from a HEAD request.
        func entityTag() async throws -> String {
            var request = URLRequest(url: url)
            request.httpMethod = "HEAD"
            return try #require(try await HTTPClient().send(request).headers["ETag"])
        }
    }

    /// Leaves `bytes` and a description as an interrupted download would.
    private func leavePartial(_ bytes: Data, of url: URL, entityTag: String, total: Int, at destination: URL) throws {
        try bytes.write(to: URL(fileURLWithPath: destination.path + ".partial"))
        let description: [String: Any] = ["url": url.absoluteString, "entityTag": entityTag, "totalBytes": total]
        try JSONSerialization.data(withJSONObject: description).write(
            to: URL(fileURLWithPath: destination.path + ".partial.json"))
    }

    @Test("nginx: a 24 MiB file arrives whole, with progress up to its size")
    func nginxWhole() async throws {
        // Given nginx's large file
        let file = try NginxFile("large.bin")
        let folder = try TestFolder()
        defer { folder.remove() }
        let progress = ProgressLog()

        // When it is downloaded
        let result = try await HTTPClient().download(
            URLRequest(url: file.url), to: folder.file("large.bin"), progress: progress.handler)

        // Then it is byte for byte the file nginx serves
        #expect(try Data(contentsOf: result.fileURL) == Data(contentsOf: file.path))
        #expect(progress.isMonotonicAndComplete)
        #expect(progress.all.count > 2)
    }

    @Test("nginx: a partial file is continued with a 206; a stale validator gets the whole file")
    func nginxResume() async throws {
        // Given the first 10 MiB of nginx's file on disk, described with its ETag
        let file = try NginxFile("large.bin")
        let content = try Data(contentsOf: file.path)
        let folder = try TestFolder()
        defer { folder.remove() }
        let resumed = folder.file("resumed.bin")
        try leavePartial(
            content.prefix(10 << 20), of: file.url, entityTag: try await file.entityTag(), total: content.count,
            at: resumed)

        // When it is resumed
        let result = try await HTTPClient().download(URLRequest(url: file.url), to: resumed, options: .resume)

        // Then nginx answered 206 for the rest and the file is whole
        #expect(result.response.statusCode == 206)
        #expect(result.resumedFrom == 10 << 20)
        #expect(try Data(contentsOf: resumed) == content)

        // Given the same bytes described with an ETag nginx no longer has
        let stale = folder.file("stale.bin")
        try leavePartial(content.prefix(10 << 20), of: file.url, entityTag: "\"0-0\"", total: content.count, at: stale)

        // When it is resumed, nginx's If-Range check sends everything
        let restarted = try await HTTPClient().download(URLRequest(url: file.url), to: stale, options: .resume)
        #expect(restarted.response.statusCode == 200 && restarted.restartReason == .rangeIgnored)
        #expect(try Data(contentsOf: stale) == content)
        #expect(folder.contents == ["resumed.bin", "stale.bin"])
    }

    @Test("nginx: a file changed between attempts restarts from zero with the new content")
    func nginxChangedFile() async throws {
        // Given part of the file on disk with the ETag it had, and then the file replaced on the server
        let file = try NginxFile("changing.bin")
        let old = try Data(contentsOf: file.path)
        let folder = try TestFolder()
        defer { folder.remove() }
        let destination = folder.file("changing.bin")
        try leavePartial(
            old.prefix(300_000), of: file.url, entityTag: try await file.entityTag(), total: old.count,
            at: destination)
        let new = testBytes(old.count + 1_234, seed: UInt8.random(in: 0...255))
        try new.write(to: file.path, options: .atomic)

        // When it is resumed
        let result = try await HTTPClient().download(URLRequest(url: file.url), to: destination, options: .resume)

        // Then the new file came whole: nothing of the old one was kept
        #expect(result.restartReason == .rangeIgnored)
        #expect(try Data(contentsOf: destination) == new)
    }

    @Test("httpbin: /bytes, /drip and a resumed /range")
    func httpbin() async throws {
        // Given httpbin
        let base = try Fixture.url("SU_HTTPBIN_URL")
        let folder = try TestFolder()
        defer { folder.remove() }
        let client = HTTPClient()

        // When /bytes/100000 and a dripped body are downloaded
        let bytes = try await client.download(
            URLRequest(url: base.appendingPathComponent("bytes/100000")), to: folder.file("bytes"))
        let progress = ProgressLog()
        let dripURL = try #require(URL(string: "\(base.absoluteString)/drip?numbytes=2000&duration=0.2&delay=0"))
        let drip = try await client.download(
            URLRequest(url: dripURL), to: folder.file("drip"), progress: progress.handler)

        // Then they have their sizes and the drip's progress was reported
        #expect(bytes.byteCount == 100_000)
        #expect(try Data(contentsOf: drip.fileURL) == Data(repeating: UInt8(ascii: "*"), count: 2_000))
        #expect(progress.isMonotonicAndComplete)

        // And a partial /range/5000 is continued from byte 1000
        let range = base.appendingPathComponent("range/5000")
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        let expected = Data((0..<5_000).map { alphabet[$0 % 26] })
        try leavePartial(
            expected.prefix(1_000), of: range, entityTag: "range5000", total: 5_000, at: folder.file("range"))
        let resumed = try await client.download(URLRequest(url: range), to: folder.file("range"), options: .resume)
        #expect(resumed.response.statusCode == 206 && resumed.resumedFrom == 1_000)
        #expect(try Data(contentsOf: resumed.fileURL) == expected)
    }
}
