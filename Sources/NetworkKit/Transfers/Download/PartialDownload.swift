import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of a download in progress beside its destination: `<destination>.partial` with the
/// bytes so far and `<destination>.partial.json` with what a resume needs (see ``DownloadedFile``).
struct PartialDownload: Sendable {
    /// What `<destination>.partial.json` holds.
    struct Description: Codable, Equatable, Sendable {
        /// The URL the bytes came from (after redirects the request's own URL, as sent).
        var url: String
        /// The strong `ETag` of the representation, with its quotes.
        var entityTag: String?
        /// The `Last-Modified` date, as the server wrote it.
        var lastModified: String?
        /// The representation's length, when the server said.
        var totalBytes: Int64?

        /// The `If-Range` value: the strong tag, else the date (RFC 9110 §13.1.5).
        var validator: String? { entityTag ?? lastModified }
    }

    let destination: URL
    let partial: URL
    let description: URL

    init(destination: URL) {
        self.destination = destination
        partial = URL(fileURLWithPath: destination.path + ".partial")
        description = URL(fileURLWithPath: destination.path + ".partial.json")
    }

    /// The description on disk and the partial file's size, when both exist, the description names
    /// `url`, has a validator, and the size does not exceed the stated length.
    func resumable(for url: URL) -> (Description, Int64)? {
        guard let data = try? Data(contentsOf: description),
            let saved = try? JSONDecoder().decode(Description.self, from: data),
            saved.url == url.absoluteString, saved.validator != nil,
            let attributes = try? FileManager.default.attributesOfItem(atPath: partial.path),
            let size = (attributes[.size] as? NSNumber)?.int64Value
        else { return nil }
        if let total = saved.totalBytes, size > total { return nil }
        return (saved, size)
    }

    /// How long ``lock(waitingAtMost:)`` waits for a lock held elsewhere by default.
    ///
    /// A child process started (`posix_spawn`, `Process`) while an earlier download of this file held
    /// the lock keeps a copy of its descriptor, and with it the lock, until the child execs and its
    /// close-on-exec descriptors close: a download that follows at once can find the file locked for
    /// a moment by nobody. A download that really is writing holds the lock far longer.
    static let lockPatience: Duration = .milliseconds(100)

    /// Opens (creating it) the partial file and locks it for this download until the descriptor is
    /// closed, so two downloads never write one partial file; the file's bytes are left as they are.
    ///
    /// - Parameter patience: How long to wait for a lock held elsewhere (see ``lockPatience``).
    /// - Returns: The descriptor holding the lock.
    /// - Throws: ``HTTPError/TransferFailureReason/cannotWrite(path:reason:)`` when it cannot be
    ///   created, or another download holds it longer than `patience`.
    func lock(waitingAtMost patience: Duration = lockPatience) throws(FileFailure) -> Int32 {
        let descriptor = open(partial.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileFailure(FileWriter.reason(errno, path: partial.path)) }
        let deadline = ContinuousClock.now + patience
        var locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0
        while !locked, errno == EWOULDBLOCK, ContinuousClock.now < deadline {
            usleep(2000)
            locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0
        }
        guard locked else {
            let busy = errno == EWOULDBLOCK
            let failure =
                busy
                ? .cannotWrite(path: partial.path, reason: "another download is writing it")
                : FileWriter.reason(errno, path: partial.path)
            close(descriptor)
            throw FileFailure(failure)
        }
        return descriptor
    }

    /// Whether either file exists.
    var exists: Bool {
        FileManager.default.fileExists(atPath: partial.path) || FileManager.default.fileExists(atPath: description.path)
    }

    /// Writes the description, replacing the old one in one step.
    func save(_ saved: Description) throws(FileFailure) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(saved).write(to: description, options: .atomic)
        } catch {
            throw FileFailure(Self.reason(error, path: description.path))
        }
    }

    /// Removes the description (a partial file without one is never resumed).
    func forgetDescription() {
        try? FileManager.default.removeItem(at: description)
    }

    /// Removes both files.
    func remove() {
        try? FileManager.default.removeItem(at: partial)
        forgetDescription()
    }

    /// Moves the finished partial file onto the destination and removes the description.
    ///
    /// Without `replacing`, a destination that appeared meanwhile is left alone (`link(2)` fails
    /// when the name exists, so the check and the move are one step).
    func complete(replacing: Bool) throws(FileFailure) {
        if replacing {
            guard rename(partial.path, destination.path) == 0 else {
                throw FileFailure(FileWriter.reason(errno, path: destination.path))
            }
        } else {
            guard link(partial.path, destination.path) == 0 else {
                if errno == EEXIST { throw FileFailure(.destinationExists(path: destination.path)) }
                throw FileFailure(FileWriter.reason(errno, path: destination.path))
            }
            unlink(partial.path)
        }
        forgetDescription()
    }

    /// The reason for a Foundation file error, disk full recognised.
    static func reason(_ error: any Error, path: String) -> HTTPError.TransferFailureReason {
        let nsError = error as NSError
        let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.domain == NSPOSIXErrorDomain ? underlying?.code : nil {
            return FileWriter.reason(Int32(code), path: path)
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == CocoaError.fileWriteOutOfSpace.rawValue {
            return .diskFull(path: path)
        }
        return .cannotWrite(path: path, reason: nsError.localizedDescription)
    }
}
