import InternalServiceUtilities

extension MockServer {
    /// The conditions every answer goes through, such as a delay or a fault for the whole server;
    /// a stub's or a response's own conditions of the same kind win over these.
    ///
    /// Starts as ``Configuration/conditions``; a change applies to the answers queued after it.
    ///
    /// ```swift
    /// server.conditions = [.bandwidth(bytesPerSecond: 64 * 1024), .delay(.milliseconds(30))]
    /// // … the app on a slow network …
    /// server.conditions = []
    /// ```
    public var conditions: [NetworkCondition] {
        get { core.conditions.value }
        set { core.conditions.withLock { $0 = newValue } }
    }
}
