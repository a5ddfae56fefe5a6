extension MockServer {
    /// How a server listens, how much it accepts and how long it waits.
    ///
    /// ```swift
    /// var configuration = MockServer.Configuration()
    /// configuration.idleTimeout = .milliseconds(200)
    /// let server = try MockServer(configuration: configuration)
    /// ```
    public struct Configuration: Sendable {
        /// The numeric address to bind; `127.0.0.1` unless a test really needs another interface.
        public var host = "127.0.0.1"
        /// The port to bind; 0 lets the OS choose a free one (read it from ``MockServer/baseURL``).
        public var port: UInt16 = 0
        /// The largest request line plus header fields (and chunked trailers) accepted; more gets 431.
        public var maxHeaderBytes = 64 * 1024
        /// The largest request body accepted; more gets 413.
        public var maxBodyBytes = 16 * 1024 * 1024
        /// How long a connection may sit between requests before the server closes it.
        public var idleTimeout: Duration = .seconds(60)
        /// How long a client may take to send one whole request (or to take a response) once it
        /// began; a slower one gets 408 and the connection closes.
        public var requestTimeout: Duration = .seconds(30)
        /// How many connections may be open at once; further ones wait in the listen queue.
        public var maxConnections = 1024
        /// How many received requests ``MockServer/requests`` keeps: by default the 1,000 most recent
        /// (``MockServer/RecordingLimit/standard``), so memory stays flat however many arrive;
        /// ``MockServer/RecordingLimit/unlimited`` keeps all, `0` none.
        public var recordedRequestLimit = RecordingLimit.standard
        /// The conditions every answer goes through from the start, such as
        /// `[.delay(.milliseconds(50))]`; ``MockServer/conditions`` changes them later. None by default.
        public var conditions: [NetworkCondition] = []
        /// The seed of the generator behind random conditions (delays, random data): the same seed
        /// and the same requests in the same order give the same draws, run after run.
        public var seed: UInt64 = 0x5EED

        /// Creates the default configuration: 127.0.0.1, an OS-assigned port, 64 KiB of header
        /// fields, 16 MiB of body, 60 s idle and 30 s request timeouts, the 1,000 most recent requests
        /// recorded, no conditions.
        public init() {}
    }
}
