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
        /// How large a file, how many entries and how large a body are read.
        public var limits = HTTPArchiveLimits()
        /// Called with each request and the answer chosen for it (a recorded one or the 404 of a
        /// miss), before the server's conditions apply; nil unless set. It runs on the server's
        /// handler threads, so it must be quick.
        public var onAnswer: (@Sendable (MockRequest, MockResponse) -> Void)?

        /// Creates the default options: exact bodies, the default limits.
        public init() {}
    }
}
