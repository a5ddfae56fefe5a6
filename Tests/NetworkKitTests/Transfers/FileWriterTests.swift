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
}
