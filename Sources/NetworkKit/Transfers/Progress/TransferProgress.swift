/// How far a download or upload has got: bytes done and, when the size is known, bytes in all.
///
/// Updates of one transfer never go backwards, and the last one has ``completedBytes`` equal to
/// ``totalBytes`` (a total that was unknown becomes known then).
///
/// ```swift
/// try await client.download(Files.report, to: destination) { progress in
///     print(progress.fractionCompleted.map { "\(Int($0 * 100)) %" } ?? "\(progress.completedBytes) bytes")
/// }
/// ```
public struct TransferProgress: Sendable, Hashable {
    /// Bytes written to the file (a resumed download counts the bytes already on disk) or sent.
    public let completedBytes: Int64
    /// The size in bytes, or nil while the server has not said (no `Content-Length`).
    public let totalBytes: Int64?

    /// Creates a progress value.
    ///
    /// - Parameters:
    ///   - completedBytes: Bytes done.
    ///   - totalBytes:     Bytes in all, when known.
    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// The part done, from 0 to 1, when the total is known (1 for an empty transfer).
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        guard totalBytes > 0 else { return 1 }
        return min(Double(completedBytes) / Double(totalBytes), 1)
    }
}
