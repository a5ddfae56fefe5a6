import Foundation

// MARK: - Transfers

extension HTTPError {
    /// A download, upload or stream that failed on the client's side.
    public struct TransferFailure: Hashable, Sendable {
        /// The request.
        public let request: RequestSummary
        /// What went wrong.
        public let reason: TransferFailureReason

        /// Creates the payload; NetworkKit makes these, stubs and tests may too.
        ///
        /// - Parameters:
        ///   - request: The request (see the property).
        ///   - reason:  The reason (see the property).
        public init(request: RequestSummary, reason: TransferFailureReason) {
            self.request = request
            self.reason = reason
        }
    }

    /// Why a transfer failed on the client's side.
    public enum TransferFailureReason: Hashable, Sendable {
        /// The destination already exists and the download was not asked to replace it.
        case destinationExists(path: String)
        /// A file or folder could not be created, opened, written or moved (not writable, a read-only
        /// volume, a path through a file…); carries the path and the system's message.
        case cannotWrite(path: String, reason: String)
        /// The volume holding the file is full; the bytes written so far are kept for a resume.
        case diskFull(path: String)
        /// A resumed download got a `206` whose `Content-Range` does not start where the file on disk
        /// ends; nothing was appended.
        case unexpectedContentRange(expectedStart: Int64, received: String?)
        /// A line or event of a streamed body grew past the limit; carries the limit in bytes.
        case lineTooLong(limit: Int)
    }

    /// The payload of ``transferFailed(_:)``.
    public var transferFailure: TransferFailure? {
        if case .transferFailed(let failure) = self { return failure }
        return nil
    }
}

extension HTTPError.TransferFailureReason {
    var text: String {
        switch self {
        case .destinationExists(let path): "\(path) already exists"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .diskFull(let path): "the disk holding \(path) is full"
        case .unexpectedContentRange(let start, let received):
            "asked for bytes from \(start), got Content-Range \(received.map { "\"\($0)\"" } ?? "(none)")"
        case .lineTooLong(let limit): "a line of the stream is longer than \(limit) bytes"
        }
    }
}
