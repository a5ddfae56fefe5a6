import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

@Suite("Replay of bad HAR files: a typed error naming the entry, the server still serving")
struct ReplayBadInputTests {
    private static let entryPrefix = #"""
        {"startedDateTime":"2026-11-30T09:00:00Z","time":1,"cache":{},"timings":{"send":0,"wait":1,"receive":0},
         "request":{"method":"GET","url":"URL","httpVersion":"HTTP/1.1","cookies":[],"headers":[],"queryString":[],
                    "headersSize":-1,"bodySize":0},
         "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],"headers":[],
                     "content":{"size":2,"mimeType":"text/plain","text":"ok"},"redirectURL":"","headersSize":-1,
                     "bodySize":2}}
        """#

    private static func archive(urls: [String]) -> Data {
        let entries = urls.map { entryPrefix.replacingOccurrences(of: "\"URL\"", with: "\"\($0)\"") }
        return Data(
            (#"{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":["#
                + entries.joined(separator: ",") + "]}}").utf8)
    }

    @Test("A request URL that is not absolute names its entry, and the server keeps answering stubs")
    func relativeURL() throws {
        // Given a file whose second entry has a relative URL, and a server with a stub
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = try folder.write(Self.archive(urls: ["http://a.example/x", "/relative"]), to: "bad.har")
        let server = try MockServer()
        defer { server.stop() }

        // When it is replayed
        #expect(
            throws: MockServerError.invalidArchive(
                .init(entry: 1, field: "request.url", reason: .invalidValue("not an absolute URL")))
        ) {
            try server.replay(archiveAt: file)
        }
    }

    @Test("A file that is not JSON is a typed error whose text says so")
    func notJSON() throws {
        // Given a file of plain text
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = try folder.write(Data("hello".utf8), to: "text.har")
        let server = try MockServer()
        defer { server.stop() }

        // When it is replayed
        do {
            try server.replay(archiveAt: file)
            Issue.record("replayed text")
        } catch {
            // Then the error is invalidArchive, not JSON
            guard case .invalidArchive(let failure) = error, case .notJSON = failure.reason else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.localizedDescription.hasPrefix("The HTTP Archive cannot be used: not JSON"))
        }
    }

    @Test("A replay counts the entries it serves, leaving out aborted ones")
    func servedCount() throws {
        // Given Chrome's export of six entries, one aborted
        let server = try MockServer()
        defer { server.stop() }

        // When it is replayed
        let count = try server.replay(archiveAt: ReplayFixtures.file("chrome.har"))

        // Then five can be served
        #expect(count == 5)
    }
}
