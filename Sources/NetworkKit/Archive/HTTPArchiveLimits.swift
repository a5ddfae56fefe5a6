/// How much of an HTTP Archive (HAR) file a reader accepts, so a huge or hostile file ends in a
/// clear error instead of exhausting memory.
///
/// ```swift
/// var limits = HTTPArchiveLimits()
/// limits.maximumEntries = 1_000
/// ```
public struct HTTPArchiveLimits: Sendable, Hashable {
    /// The largest file read, in bytes: 256 MiB unless changed.
    public var maximumFileBytes = 256 * 1024 * 1024
    /// The most entries read: 50,000 unless changed.
    public var maximumEntries = 50_000
    /// The largest body of one entry, request or response, once decoded: 64 MiB unless changed.
    public var maximumBodyBytes = 64 * 1024 * 1024
    /// The most frames one WebSocket entry's `_webSocketMessages` may list: 100,000 unless
    /// changed. Each frame's payload is held to ``maximumBodyBytes``.
    public var maximumWebSocketMessages = 100_000

    /// Creates the default limits: 256 MiB of file, 50,000 entries, 64 MiB per body, 100,000
    /// WebSocket frames per entry.
    public init() {}
}
