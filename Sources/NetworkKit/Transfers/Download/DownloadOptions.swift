/// How a download treats its destination and a partial file left by an earlier attempt.
///
/// ```swift
/// let options: DownloadOptions = [.createFolders, .replaceExisting, .resume]
/// ```
public struct DownloadOptions: OptionSet, Sendable, Hashable {
    /// The options as bits.
    public let rawValue: Int

    /// Creates options from their bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Replace a file already at the destination (atomically, at the end); without it, an existing
    /// destination fails the download before anything is sent.
    public static let replaceExisting = DownloadOptions(rawValue: 1 << 0)
    /// Create the destination's missing folders.
    public static let createFolders = DownloadOptions(rawValue: 1 << 1)
    /// Continue from the partial file an interrupted download of the same URL left beside the
    /// destination (see ``DownloadedFile``); without it, a partial file is discarded and the
    /// download starts from zero. Retries within one call always continue when they can.
    public static let resume = DownloadOptions(rawValue: 1 << 2)
}
