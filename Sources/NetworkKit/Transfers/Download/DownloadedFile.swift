public import Foundation

/// A finished download: where the file is, what the server answered, and how the bytes on disk
/// were reused.
///
/// While a download runs, its bytes go to `<destination>.partial` beside the destination, and what
/// a resume needs (the URL, the `ETag` or `Last-Modified` validator, the length) to
/// `<destination>.partial.json`. At the end the partial file is moved onto the destination in one
/// step and the description is removed. When a download fails, both stay, so a later download of
/// the same URL to the same destination with ``DownloadOptions/resume`` continues where it stopped.
public struct DownloadedFile: Sendable {
    /// Why bytes already on disk were not reused.
    public enum RestartReason: Sendable, Hashable {
        /// The server sent the whole file (`200`) to a range request: it ignores ranges, or the file
        /// changed (`If-Range` did not match its validator).
        case rangeIgnored
        /// The server answered `416`: the file is now shorter than the bytes on disk.
        case rangeNotSatisfiable
        /// The partial file's description names another URL, has no validator, or is unreadable.
        case partialFileUnusable
    }

    /// The downloaded file (the destination).
    public let fileURL: URL
    /// The response of the last attempt; its ``HTTPResponse/body`` is empty (the body is the file).
    public let response: HTTPResponse
    /// The file's size in bytes.
    public let byteCount: Int64
    /// Bytes that were already on disk and not downloaded again (0 when it started from zero).
    public let resumedFrom: Int64
    /// Why bytes on disk were discarded, when they were.
    public let restartReason: RestartReason?

    /// Creates a download response; NetworkKit makes these, tests may too.
    ///
    /// - Parameters:
    ///   - fileURL:       The file.
    ///   - response:      The last attempt's response.
    ///   - byteCount:     The file's size.
    ///   - resumedFrom:   Bytes reused from disk.
    ///   - restartReason: Why bytes on disk were discarded.
    public init(
        fileURL: URL, response: HTTPResponse, byteCount: Int64, resumedFrom: Int64, restartReason: RestartReason?
    ) {
        self.fileURL = fileURL
        self.response = response
        self.byteCount = byteCount
        self.resumedFrom = resumedFrom
        self.restartReason = restartReason
    }
}
