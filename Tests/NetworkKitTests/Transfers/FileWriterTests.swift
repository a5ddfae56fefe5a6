import Foundation
import ServiceUtilsTestSupport
import Testing

@testable import NetworkKit

@Suite("FileWriter: appends at an offset, gathering small pieces and writing large ones as they come")
struct FileWriterTests {
    @Test("a file longer than the offset is cut there; one as long or shorter keeps its bytes", arguments: [0, 4, 10])
    func cutsOnlyLongerFiles(offset: Int) throws {
        // Given a file of 10 bytes
        let folder = try TestFolder()
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("body").path
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        // When a writer opens it at the offset and appends three bytes
        var writer = try FileWriter(path: path, offset: Int64(offset))
        try writer.append(Data("abc".utf8))
        try writer.close()
        // Then the file is its first `offset` bytes and the three
        let expected = Data("0123456789".utf8.prefix(offset)) + Data("abc".utf8)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == expected)
        #expect(writer.offset == Int64(offset + 3))
    }

    @Test("small and large pieces in any order reach the file in order")
    func piecesInOrder() throws {
        // Given pieces below, at and above the sizes that are gathered or written directly
        let folder = try TestFolder()
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("body").path
        let sizes = [1, FileWriter.directWriteSize, 100, FileWriter.bufferSize + 7, 3, FileWriter.directWriteSize - 1]
        var expected = Data()
        var writer = try FileWriter(path: path, offset: 0)
        // When each is appended as raw bytes
        for (index, size) in sizes.enumerated() {
            let piece = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) })
            expected.append(piece)
            try piece.withUnsafeBytes { bytes in try writer.append(bytes) }
            #expect(writer.offset == Int64(expected.count))
        }
        try writer.close()
        // Then the file holds them all, in order
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == expected)
    }

    @Test("cut leaves a file as long or shorter untouched, its modification time too, and cuts a longer one")
    func cutTouchesOnlyLongerFiles() throws {
        // Given a file of 10 bytes last modified in 2001
        let folder = try TestFolder()
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("body").path
        for length in [10, 25, 0, 4] as [Int64] {
            try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
            try Self.age(path)
            // When it is cut to `length`
            let descriptor = open(path, O_RDWR)
            #expect(descriptor >= 0)
            defer { close(descriptor) }
            #expect(FileWriter.cut(descriptor, to: length))
            // Then a longer file is cut to it (a truncation, which touches the file), and any other
            // is left as it was: no truncation, which on ext4 would make `close` write back the file
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.size] as? NSNumber)?.int64Value == min(length, 10))
            #expect((attributes[.modificationDate] as? Date == Self.old) == (length >= 10))
        }
    }

    @Test("a download that does not resume leaves an empty partial file untruncated and empties a full one")
    func downloadSinkTruncatesOnlyBytes() throws {
        // Given a partial file left by an earlier download: empty, then with bytes
        let folder = try TestFolder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("f")
        let partial = folder.url.appendingPathComponent("f.partial").path
        for content in [Data(), Data("earlier bytes".utf8)] {
            try content.write(to: URL(fileURLWithPath: partial))
            try Self.age(partial)
            // When a download that does not resume prepares it
            let sink = try DownloadSink(
                destination: destination, url: try #require(URL(string: "http://127.0.0.1/f")), options: [],
                validation: ResponseValidation(acceptableStatusCodes: 200..<300, validatesContentType: false),
                progress: nil)
            sink.unlock()
            // Then it is empty, and was truncated only when it had bytes
            let attributes = try FileManager.default.attributesOfItem(atPath: partial)
            #expect((attributes[.size] as? NSNumber)?.intValue == 0)
            #expect((attributes[.modificationDate] as? Date == Self.old) == content.isEmpty)
        }
    }

    /// A modification time no test run makes.
    private static let old = Date(timeIntervalSince1970: 1_000_000_000)

    /// Sets the file's modification time to ``old``.
    private static func age(_ path: String) throws {
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
    }
}
