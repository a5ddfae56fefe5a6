import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
        /// The response's header section (status line and fields) was larger than the transport
        /// reads; carries the bound it went over, in bytes. libcurl, under both transports on Linux,
        /// reads header lines up to 100 KiB each and sections up to 300 KiB.
        case responseHeadTooLarge(limit: Int)
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
        case .responseHeadTooLarge(let limit): "the response's header section is larger than \(limit) bytes"
        }
    }
}

// MARK: - A head over a transport's bound

extension HTTPError {
    /// The `userInfo` key with which a transport says that a response's header section was larger
    /// than it reads: the error is a `URLError` with code `dataLengthExceedsMaximum`, and the key's
    /// value is the bound it went over, in bytes (an `Int`). NetworkKit's transports report
    /// ``TransferFailureReason/responseHeadTooLarge(limit:)`` this way.
    public static let responseHeadLimitKey = "NetworkKitResponseHeadLimit"

    /// A transport's report of a response head over `limit` bytes (see ``responseHeadLimitKey``).
    static func responseHeadLimitError(limit: Int) -> URLError {
        URLError(
            .dataLengthExceedsMaximum,
            userInfo: [
                NSLocalizedDescriptionKey: TransferFailureReason.responseHeadTooLarge(limit: limit).text,
                responseHeadLimitKey: limit,
            ])
    }

    /// The failure of `request` when `error` is a transport's report of a response head over its
    /// bound (``responseHeadLimitKey``); nil for any other error.
    static func responseHeadTooLarge(reportedBy error: any Error, summary: RequestSummary) -> HTTPError? {
        guard let limit = (error as NSError).userInfo[responseHeadLimitKey] as? Int, limit >= 0 else { return nil }
        return .transferFailed(TransferFailure(request: summary, reason: .responseHeadTooLarge(limit: limit)))
    }
}
