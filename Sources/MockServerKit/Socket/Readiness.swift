/// What a descriptor is watched for, and what ``Poller`` found it ready for.
struct Readiness: OptionSet, Equatable {
    let rawValue: UInt8

    /// Bytes (or a connection) wait to be read.
    static let readable = Readiness(rawValue: 1 << 0)
    /// The socket takes more bytes.
    static let writable = Readiness(rawValue: 1 << 1)
    /// The peer hung up or the socket failed (reported whatever was asked).
    static let hangUp = Readiness(rawValue: 1 << 2)
    /// The descriptor is not open (`poll`'s `POLLNVAL`).
    static let invalid = Readiness(rawValue: 1 << 3)
}

/// One descriptor ``Poller/wait(timeout:into:)`` found ready: the token it was watched under and
/// what it is ready for (possibly nothing the loop names, which still counts as an event).
struct ReadyEvent {
    let token: Int
    let readiness: Readiness
}
