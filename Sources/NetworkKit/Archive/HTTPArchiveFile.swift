package import Foundation
import InternalServiceUtilities

/// A HAR file being written entry by entry, valid HAR 1.2 on disk after every append: each entry
/// is written over the closing `]}}` and followed by a fresh one, so a crash loses at most the entry
/// being written.
///
/// Appends from several tasks are serialised; an append that fails is reported through
/// ``lastFailure`` and leaves the entries before it intact.
package final class HTTPArchiveFile: Sendable {
    /// The file's path.
    package let url: URL
    private let state: Locked<State>

    private struct State {
        var handle: FileHandle?
        /// Where the closing tail starts: the next entry is written here.
        var tailOffset: UInt64
        var count = 0
        var lastFailure: HTTPError?
    }

    private static let tail = Data("\n]}}\n".utf8)

    /// Creates (or empties) the file at `url` and writes an archive without entries.
    ///
    /// - Throws: ``HTTPError/archiveFailed(_:)`` with ``HTTPError/ArchiveFailureReason/fileUnavailable(path:detail:)``.
    package init(creating url: URL, creator: HTTPArchive.Software = .serviceUtils) throws(HTTPError) {
        self.url = url
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            let creatorJSON = try encoder.encode(creator)
            var head = Data(#"{"log":{"version":"1.2","creator":"#.utf8)
            head.append(creatorJSON)
            head.append(Data(#","pages":[],"entries":["#.utf8))
            var whole = head
            whole.append(Self.tail)
            try whole.write(to: url)
            let handle = try FileHandle(forWritingTo: url)
            state = Locked(State(handle: handle, tailOffset: UInt64(head.count)))
        } catch {
            throw .archiveFailed(
                .init(entry: nil, field: "", reason: .fileUnavailable(path: url.path, detail: "\(error)")))
        }
    }

    deinit {
        close()
    }

    /// How many entries the file holds.
    package var count: Int { state.value.count }

    /// The error of the last append that failed, if any did.
    package var lastFailure: HTTPError? { state.value.lastFailure }

    /// Writes `entry` after the others; the file stays valid HAR.
    ///
    /// - Throws: ``HTTPError/archiveFailed(_:)`` when it cannot be encoded or written.
    package func append(_ entry: HTTPArchive.Entry) throws(HTTPError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json: Data
        do {
            json = try encoder.encode(entry)
        } catch {
            let failure = HTTPError.archiveFailed(.init(entry: count, field: "", reason: .invalidValue("\(error)")))
            state.withLock { $0.lastFailure = failure }
            throw failure
        }
        let path = url.path
        let result: Result<Void, HTTPError> = state.withLock { state in
            guard let handle = state.handle else {
                return .failure(
                    .archiveFailed(
                        .init(entry: state.count, field: "", reason: .fileUnavailable(path: path, detail: "closed"))))
            }
            var piece = Data(state.count == 0 ? "\n".utf8 : ",\n".utf8)
            piece.append(json)
            let entryEnd = state.tailOffset + UInt64(piece.count)
            piece.append(Self.tail)
            do {
                try handle.seek(toOffset: state.tailOffset)
                try handle.write(contentsOf: piece)
                // A no-op unless an earlier append failed part-way and left bytes past the new end.
                try handle.truncate(atOffset: entryEnd + UInt64(Self.tail.count))
                state.tailOffset = entryEnd
                state.count += 1
                return .success(())
            } catch {
                let failure = HTTPError.archiveFailed(
                    .init(entry: state.count, field: "", reason: .fileUnavailable(path: path, detail: "\(error)")))
                state.lastFailure = failure
                return .failure(failure)
            }
        }
        try result.get()
    }

    /// Flushes and closes the file; later appends fail. Calling it again does nothing.
    package func close() {
        state.withLock { state in
            try? state.handle?.synchronize()
            try? state.handle?.close()
            state.handle = nil
        }
    }
}
