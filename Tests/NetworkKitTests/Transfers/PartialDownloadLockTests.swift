import Foundation
import ServiceUtilsTestSupport
import Testing

@testable import NetworkKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The partial file's lock waits a moment for a holder that lets go (a spawned child's copy of an
/// earlier download's descriptor, released when the child execs), and refuses one that does not.
@Suite("A partial download's lock: a brief holder is waited for, a writing one refuses")
struct PartialDownloadLockTests {
    @Test("a lock another descriptor lets go of while the download waits is taken")
    func briefHolder() throws {
        // Given the partial file locked through another descriptor, let go of from another thread
        let folder = try TestFolder()
        defer { folder.remove() }
        let files = PartialDownload(destination: folder.file("f"))
        let holder = try Self.holdLock(on: files.partial)
        let released = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
            close(holder)
            released.signal()
        }

        // When the download locks it with a patience far longer than the hold
        let descriptor = try files.lock(waitingAtMost: .seconds(30))
        defer { close(descriptor) }

        // Then it holds the lock: the holder had let go, and a third descriptor cannot take it
        #expect(released.wait(timeout: .now() + 5) == .success)
        let third = open(files.partial.path, O_RDWR | O_CLOEXEC)
        defer { close(third) }
        #expect(flock(third, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK)
    }

    @Test("a lock held past the patience is cannotWrite, another download is writing it")
    func writingHolder() throws {
        // Given the partial file locked through another descriptor for the whole test
        let folder = try TestFolder()
        defer { folder.remove() }
        let files = PartialDownload(destination: folder.file("f"))
        let holder = try Self.holdLock(on: files.partial)
        defer { close(holder) }

        // When the download tries to lock it
        let error = #expect(throws: FileFailure.self) { try files.lock(waitingAtMost: .milliseconds(10)) }

        // Then it is refused, naming the partial file
        #expect(error?.reason == .cannotWrite(path: files.partial.path, reason: "another download is writing it"))
    }

    /// A descriptor of `file` (created) holding its exclusive lock.
    private static func holdLock(on file: URL) throws -> Int32 {
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        return descriptor
    }
}
