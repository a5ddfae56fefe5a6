import InternalServiceUtilities

extension MockServer {
    /// The most recent requests received that were complete and well-formed, oldest first.
    ///
    /// How many are kept is ``Configuration/recordedRequestLimit``: by default the 1,000 most
    /// recent, so `requests.last` is always the latest one but an old request may be gone.
    ///
    /// - Complexity: O(n) in the number kept: each read copies the record.
    public var requests: [MockRequest] {
        core.recorded.withLock { $0.elements }
    }

    /// Forgets the recorded requests.
    public func clearRequests() {
        core.recorded.withLock { $0.removeAll() }
    }
}
