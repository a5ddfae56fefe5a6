import Foundation
import NetworkKit
import ServiceUtilsTestSupport
import Testing

@Suite("HTTPArchive reader: bad input ends in an error naming the entry and field")
struct HTTPArchiveReaderTests {
    /// A valid entry as JSON, with `body` as its response text (and `encoding` when given).
    static func entry(status: String = "200", text: String = "\"ok\"", encoding: String? = nil) -> String {
        let encodingField = encoding.map { #","encoding":"\#($0)""# } ?? ""
        return #"""
            {"startedDateTime":"2026-11-30T09:00:00Z","time":1,"cache":{},
             "timings":{"send":0,"wait":1,"receive":0},
             "request":{"method":"GET","url":"http://example.com/a","httpVersion":"HTTP/1.1","cookies":[],
                        "headers":[],"queryString":[],"headersSize":-1,"bodySize":0},
             "response":{"status":\#(status),"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],"headers":[],
                         "content":{"size":2,"mimeType":"text/plain","text":\#(text)\#(encodingField)},
                         "redirectURL":"","headersSize":-1,"bodySize":2}}
            """#
    }

    static func document(_ entries: [String]) -> Data {
        Data(#"{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":["#.utf8)
            + Data(entries.joined(separator: ",").utf8) + Data("]}}".utf8)
    }

    /// The failure reading `data` gives, or nil when it reads.
    static func failure(_ data: Data, limits: HTTPArchiveLimits = HTTPArchiveLimits()) -> HTTPError.ArchiveFailure? {
        do {
            _ = try HTTPArchive(data: data, limits: limits)
            return nil
        } catch {
            guard case .archiveFailed(let failure) = error else { return nil }
            return failure
        }
    }

    @Test("A valid document with two entries reads")
    func validDocument() throws {
        // Given two valid entries
        let data = Self.document([Self.entry(), Self.entry(status: "404")])

        // When it is read
        let archive = try HTTPArchive(data: data)

        // Then both entries are there
        #expect(archive.log.entries.map(\.response.status) == [200, 404])
    }

    @Test("Text that is not JSON is refused as not JSON")
    func notJSON() {
        // Given a file that is not JSON
        let failure = Self.failure(Data("<html>not a HAR</html>".utf8))

        // Then the error says so, with no entry
        guard case .notJSON? = failure?.reason else {
            Issue.record("expected notJSON, got \(String(describing: failure))")
            return
        }
        #expect(failure?.entry == nil)
    }

    @Test("A missing required field names the entry and the field")
    func missingField() {
        // Given a second entry whose response lacks its status
        let broken = Self.entry().replacingOccurrences(of: #""status":200,"#, with: "")
        let failure = Self.failure(Self.document([Self.entry(), broken]))

        // Then the error names entry 1 and response.status
        #expect(failure == HTTPError.ArchiveFailure(entry: 1, field: "response.status", reason: .missingField))
        #expect(failure?.description == "entry 1, response.status: required field missing")
    }

    @Test("A missing log.creator is named without an entry")
    func missingCreator() {
        // Given a log without a creator
        let data = Data(#"{"log":{"version":"1.2","entries":[]}}"#.utf8)

        // Then the error names log.creator
        #expect(Self.failure(data) == HTTPError.ArchiveFailure(entry: nil, field: "log.creator", reason: .missingField))
    }

    @Test("A value of the wrong type names its field")
    func wrongType() {
        // Given a status written as a string
        let failure = Self.failure(Self.document([Self.entry(status: "\"200\"")]))

        // Then the error names the field and the type wanted
        #expect(failure?.entry == 0)
        #expect(failure?.field == "response.status")
        guard case .wrongType? = failure?.reason else {
            Issue.record("expected wrongType, got \(String(describing: failure))")
            return
        }
    }

    @Test("Invalid base64 names the entry and response.content.text")
    func invalidBase64() {
        // Given a third entry whose base64 body is not base64
        let broken = Self.entry(text: "\"not*base64!\"", encoding: "base64")
        let failure = Self.failure(Self.document([Self.entry(), Self.entry(), broken]))

        // Then the error names it
        #expect(failure == HTTPError.ArchiveFailure(entry: 2, field: "response.content.text", reason: .invalidBase64))
    }

    @Test("Base64 broken over lines, as some exporters write it, reads")
    func base64WithLineBreaks() throws {
        // Given base64 with a line break inside
        let data = Self.document([Self.entry(text: #""aGVs\nbG8=""#, encoding: "base64")])

        // When it is read
        let archive = try HTTPArchive(data: data)

        // Then the body decodes
        let body = try archive.log.entries[0].response.content.body(entry: 0, limit: 100)
        #expect(body == Data("hello".utf8))
    }

    @Test("More entries than the limit are refused before any is decoded")
    func tooManyEntries() {
        // Given 100,000 entries, each broken (so decoding any would fail differently)
        let entries = Array(repeating: "{}", count: 100_000)
        let failure = Self.failure(Self.document(entries))

        // Then the default limit (50,000) refuses the file
        #expect(
            failure
                == HTTPError.ArchiveFailure(
                    entry: nil, field: "log.entries", reason: .tooManyEntries(count: 100_000, limit: 50_000)))
    }

    @Test("A body over the limit names its entry")
    func bodyTooLarge() {
        // Given an entry with a 2,000-byte body and a limit of 1,000
        var limits = HTTPArchiveLimits()
        limits.maximumBodyBytes = 1_000
        let text = "\"" + String(repeating: "a", count: 2_000) + "\""
        let failure = Self.failure(Self.document([Self.entry(), Self.entry(text: text)]), limits: limits)

        // Then the error names entry 1's text
        #expect(
            failure
                == HTTPError.ArchiveFailure(
                    entry: 1, field: "response.content.text", reason: .bodyTooLarge(bytes: 2_000, limit: 1_000)))
    }

    @Test("A file over the size limit is refused before it is read")
    func fileTooLarge() throws {
        // Given a valid file and a limit smaller than it
        let folder = try TestFolder()
        defer { folder.remove() }
        let data = Self.document([Self.entry()])
        let file = try folder.write(data, to: "small.har")
        var limits = HTTPArchiveLimits()
        limits.maximumFileBytes = 100

        // When it is read
        #expect(
            throws: HTTPError.archiveFailed(
                .init(entry: nil, field: "", reason: .fileTooLarge(bytes: data.count, limit: 100)))
        ) {
            _ = try HTTPArchive(contentsOf: file, limits: limits)
        }
    }

    @Test("A file that does not exist is named in the error")
    func missingFile() throws {
        // Given a path with no file
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("absent.har")

        // When it is read
        do {
            _ = try HTTPArchive(contentsOf: file)
            Issue.record("read a file that does not exist")
        } catch {
            // Then the error names the file
            guard case .archiveFailed(let failure) = error, case .fileUnavailable(let path, _) = failure.reason else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == file.path)
        }
    }

    @Test("A 100 MB body under the default limits ends in an error naming the entry")
    func hundredMegabyteBody() throws {
        // Given a file whose first entry has a 100 MB text body
        let folder = try TestFolder()
        defer { folder.remove() }
        let size = 100 * 1024 * 1024
        var data = Data(#"{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":["#.utf8)
        let parts = Self.entry().components(separatedBy: "\"ok\"")
        data.append(Data(parts[0].utf8))
        data.append(Data("\"".utf8))
        data.append(Data(repeating: UInt8(ascii: "a"), count: size))
        data.append(Data("\"".utf8))
        data.append(Data(parts[1].utf8))
        data.append(Data("]}}".utf8))
        let file = try folder.write(data, to: "huge.har")
        data = Data()

        // When it is read with the default limits
        do {
            _ = try HTTPArchive(contentsOf: file)
            Issue.record("read a 100 MB body")
        } catch {
            // Then the error names entry 0's body and the limit
            #expect(
                error
                    == .archiveFailed(
                        .init(
                            entry: 0, field: "response.content.text",
                            reason: .bodyTooLarge(bytes: size, limit: 64 * 1024 * 1024))))
        }
    }
}
