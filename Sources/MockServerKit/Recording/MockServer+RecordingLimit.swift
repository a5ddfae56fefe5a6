extension MockServer {
    /// How many received requests a server keeps in ``MockServer/requests``: the most recent few,
    /// every one, or none.
    ///
    /// The default keeps the 1,000 most recent, so a server left running under a load test or a
    /// long demo stays the same size however many requests it serves. A test that needs more asks
    /// for them:
    ///
    /// ```swift
    /// var configuration = MockServer.Configuration()
    /// configuration.recordedRequestLimit = .unlimited  // every request (memory grows with each one)
    /// configuration.recordedRequestLimit = 50          // the 50 most recent
    /// configuration.recordedRequestLimit = 0           // none
    /// ```
    public struct RecordingLimit: Sendable, Hashable, ExpressibleByIntegerLiteral, CustomStringConvertible {
        /// The most requests kept, or nil when every request is kept.
        public let maximumCount: Int?

        private init(maximumCount: Int?) {
            self.maximumCount = maximumCount.map { max($0, 0) }
        }

        /// Keeps the `count` most recent requests, dropping the oldest as new ones arrive.
        ///
        /// - Parameter count: how many to keep; 0 (or less) keeps none.
        /// - Returns: the limit.
        public static func mostRecent(_ count: Int) -> RecordingLimit {
            RecordingLimit(maximumCount: count)
        }

        /// Keeps the `value` most recent requests, so a number can stand for the limit
        /// (`configuration.recordedRequestLimit = 0` keeps none).
        ///
        /// - Parameter value: how many to keep; 0 (or less) keeps none.
        public init(integerLiteral value: Int) {
            self.init(maximumCount: value)
        }

        /// Keeps every request, without bound: the record grows by each request's size, so use it
        /// only where a test must see more than the default's 1,000 requests.
        public static let unlimited = RecordingLimit(maximumCount: nil)

        /// The default: the 1,000 most recent requests, enough for a test that looks at what it sent.
        public static let standard = RecordingLimit(maximumCount: 1_000)

        /// `most recent 1000`, `unlimited` or `none`.
        public var description: String {
            switch maximumCount {
            case nil: "unlimited"
            case 0?: "none"
            case let count?: "most recent \(count)"
            }
        }
    }
}
