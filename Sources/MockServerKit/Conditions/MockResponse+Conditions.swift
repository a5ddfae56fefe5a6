extension MockResponse {
    /// This response, sent under `conditions` as well as those already given, the server's and
    /// its stub's; of each kind, these win (see ``NetworkCondition``).
    ///
    /// ```swift
    /// server.stub(method: .get, path: "/report") { request in
    ///     request.queryValue("slow") == "1"
    ///         ? .text(report).with(.dribble(chunks: 8, over: .seconds(2)))
    ///         : .text(report)
    /// }
    /// ```
    ///
    /// - Parameter conditions: faults, delays or pace for this response.
    /// - Returns: the response with the conditions attached.
    public func with(_ conditions: NetworkCondition...) -> MockResponse {
        var response = self
        response.conditions += conditions
        return response
    }
}
