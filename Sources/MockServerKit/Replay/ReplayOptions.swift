public import NetworkKit

extension MockServer {
    /// How ``MockServer/replay(archiveAt:options:)`` matches requests to recorded entries and how
    /// much of a file it reads.
    ///
    /// ```swift
    /// var options = MockServer.ReplayOptions()
    /// options.bodyMatching = .ignored
    /// try server.replay(archiveAt: harFile, options: options)
    /// ```
    public struct ReplayOptions: Sendable {
        /// Whether a request's body must equal the recorded one.
        public enum BodyMatching: Sendable, Hashable {
            /// The body must be byte for byte the recorded `postData` (an absent one is empty).
            case exact
            /// Bodies are not compared: method, host, path and query decide.
            case ignored
        }

        /// Whether bodies must match; ``BodyMatching/exact`` unless changed.
        public var bodyMatching = BodyMatching.exact
        /// Whether the messages a client sends on a replayed WebSocket must equal the recorded ones;
        /// ``BodyMatching/exact`` unless changed.
        ///
        /// With ``BodyMatching/exact``, a client message must be the recorded one (text equal to
        /// the text, bytes to the bytes); the first that differs ends the conversation with close
        /// code 1008 and a reason naming the entry, the message's number and what was expected. With
        /// ``BodyMatching/ignored``, client messages are only counted: each server message goes once
        /// as many client messages arrived as the recording has before it.
        ///
        /// ```swift
        /// var options = MockServer.ReplayOptions()
        /// options.webSocketMessageMatching = .ignored   // the app's messages carry fresh ids
        /// ```
        public var webSocketMessageMatching = BodyMatching.exact
        /// Whether a replayed WebSocket keeps the recorded pauses: each message the server sends
        /// waits as long after the previous frame as it did in the recording (at most 60 seconds a
        /// pause); false unless set, when messages go as soon as their turn comes.
        public var keepsWebSocketTiming = false
        /// How large a file, how many entries and how large a body are read.
        public var limits = HTTPArchiveLimits()
        /// Called with each request and the answer chosen for it (a recorded one or the 404 of a
        /// miss), before the server's conditions apply (for a replayed WebSocket, the recorded `101`
        /// once the upgrade is accepted); nil unless set. It runs on the server's
        /// handler threads, so it must be quick.
        public var onAnswer: (@Sendable (MockRequest, MockResponse) -> Void)?

        /// Creates the default options: exact bodies and WebSocket messages, no recorded pauses,
        /// the default limits.
        public init() {}
    }
}
