import Foundation
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("DownloadResponseSerializerProtocol: reading the downloaded file, and URLResponseSerializer")
struct DownloadResponseSerializerTests {
    typealias T = SerializationTesting

    @Test("the file's bytes go through serialize")
    func readsFile() throws {
        // Given a downloaded UTF-8 file
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = try folder.write(Data("café".utf8), to: "body.txt")
        // When serialized as data and as text
        let data = try DataResponseSerializer().serializeDownload(
            request: nil, response: T.response(200), fileURL: file, error: nil)
        let text = try StringResponseSerializer(encoding: .utf8).serializeDownload(
            request: nil, response: T.response(200), fileURL: file, error: nil)
        // Then both see the file
        #expect(data == Data("café".utf8))
        #expect(text == "café")
    }

    @Test("no file URL fails with inputFileNil")
    func noFile() {
        // Given no file URL
        let reason = T.reason {
            try StringResponseSerializer().serializeDownload(
                request: nil, response: T.response(204), fileURL: nil, error: nil)
        }
        // Then the failure says so, even for an allowed empty answer
        guard case .inputFileNil = reason else {
            Issue.record("expected inputFileNil, got \(String(describing: reason))")
            return
        }
    }

    @Test("a missing file, or a folder, fails with inputFileReadFailed at its URL")
    func unreadable() throws {
        // Given a path with nothing at it, and a folder
        let folder = try TestFolder()
        defer { folder.remove() }
        for url in [folder.file("missing.json"), folder.url] {
            // When serialized
            let reason = T.reason {
                try DecodableResponseSerializer<Empty>().serializeDownload(
                    request: nil, response: T.response(200), fileURL: url, error: nil)
            }
            // Then the failure names the URL
            guard case .inputFileReadFailed(let at) = reason else {
                Issue.record("expected inputFileReadFailed for \(url.path), got \(String(describing: reason))")
                continue
            }
            #expect(at == url)
        }
    }

    @Test("an empty file follows the empty-answer rules")
    func emptyFile() throws {
        // Given an empty downloaded file
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = try folder.write(Data(), to: "empty")
        // When serialized after a 204 and after a 200
        let allowed = try DecodableResponseSerializer<Empty>().serializeDownload(
            request: nil, response: T.response(204), fileURL: file, error: nil)
        let reason = T.reason {
            try DataResponseSerializer().serializeDownload(
                request: nil, response: T.response(200), fileURL: file, error: nil)
        }
        // Then the 204 gives Empty and the 200 fails
        #expect(allowed == Empty.value)
        guard case .inputDataNilOrZeroLength = reason else {
            Issue.record("expected inputDataNilOrZeroLength, got \(String(describing: reason))")
            return
        }
    }

    @Test("URLResponseSerializer gives the URL without reading it, or inputFileNil")
    func urlSerializer() throws {
        // Given a URL where no file exists
        let url = URL(fileURLWithPath: "/nonexistent/download.bin")
        // When serialized
        let given = try URLResponseSerializer().serializeDownload(request: nil, response: nil, fileURL: url, error: nil)
        let reason = T.reason {
            try URLResponseSerializer().serializeDownload(request: nil, response: nil, fileURL: nil, error: nil)
        }
        // Then the URL comes back, and a missing one fails
        #expect(given == url)
        guard case .inputFileNil = reason else {
            Issue.record("expected inputFileNil, got \(String(describing: reason))")
            return
        }
    }
}
