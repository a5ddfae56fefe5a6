import Foundation
import InternalServiceUtilities
import ServiceUtilsTestSupport
import Testing

@Suite("FileDescriptorIO")
struct FileDescriptorIOTests {
    @Test("4 MiB written into a pipe on one thread are read back whole on another")
    func pipeRoundTrip() async throws {
        // Given a pipe and 4 MiB of patterned bytes (more than a pipe buffer holds)
        let pipe = Pipe()
        let payload = Data((0..<4_194_304).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let writer = pipe.fileHandleForWriting
        // When one thread writes it all and closes, and another reads to end of file
        async let wrote: Bool = onThread {
            defer { try? writer.close() }
            return FileDescriptorIO.writeAll(payload, to: writer.fileDescriptor)
        }
        let read = try await onThread { FileDescriptorIO.readAll(from: pipe.fileHandleForReading.fileDescriptor) }
        // Then every byte arrives in order
        #expect(try await wrote)
        #expect(read == payload)
    }

    @Test("writing to a pipe whose reader is gone reports failure instead of trapping")
    func closedReader() throws {
        // Given a pipe whose reading end is closed, with SIGPIPE ignored as servers do
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        // When bytes are written, then the write says it failed
        #expect(!FileDescriptorIO.writeAll(Data("x".utf8), to: pipe.fileHandleForWriting.fileDescriptor))
    }

    @Test("synchronize flushes a file and reports the errno of what cannot be flushed")
    func synchronize() throws {
        // Given a file with bytes written to it
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("su-sync-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        #expect(FileDescriptorIO.writeAll(Data("durable".utf8), to: handle.fileDescriptor))
        // When it is flushed, Then it succeeds
        #expect(FileDescriptorIO.synchronize(handle.fileDescriptor))
        try handle.close()
        // When a pipe is flushed, Then it fails with EINVAL (a pipe has no storage to flush to)
        let pipe = Pipe()
        #expect(!FileDescriptorIO.synchronize(pipe.fileHandleForWriting.fileDescriptor))
        #expect(errno == EINVAL)
    }
}
