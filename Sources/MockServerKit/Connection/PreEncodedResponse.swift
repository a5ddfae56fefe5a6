/// A fixed stub's response with the bytes that do not change between requests worked out once.
///
/// Every answer to a non-`HEAD` request is the kept head start, the `Date` field, the `Connection`
/// field the request's reuse calls for, the blank line and the kept body: the same bytes
/// ``ResponseWriter/write(_:omittingBody:reuse:date:into:framing:)`` gives, without formatting the
/// status line and fields again for every request.
struct PreEncodedResponse: Sendable {
    /// The response as stubbed; what goes through conditions, or answers a `HEAD` request.
    let response: MockResponse
    /// The status line, the response's fields and its `Content-Length`, as the writer formats them.
    let headStart: [UInt8]
    /// The body bytes sent after the head; empty when the status allows no body.
    let body: [UInt8]
    /// Whether the response itself asks to close the connection (`Connection: close`).
    let closesConnection: Bool
    /// Whether the kept bytes may answer a request: false for a streamed body or one with its own
    /// conditions, which take the general path.
    let isEncoded: Bool

    init(_ response: MockResponse) {
        self.response = response
        var head: [UInt8] = []
        ResponseWriter.writeHeadStart(response, omittingBody: false, into: &head)
        headStart = head
        body = ResponseWriter.allowsBody(ResponseWriter.statusSent(for: response)) ? Array(response.body) : []
        closesConnection = ResponseWriter.closesConnection(response)
        isEncoded = response.streamedBody == nil && response.conditions.isEmpty
    }

    /// How the connection carries on after this response to a request that asked for `reuse`.
    func reuse(after requested: Connection.Reuse) -> Connection.Reuse {
        closesConnection ? .close : requested
    }

    /// Appends the whole answer to a non-`HEAD` request: head start, `Date`, `Connection`, body.
    ///
    /// - Parameters:
    ///   - reuse:  what the connection does afterwards (from ``reuse(after:)``).
    ///   - date:   the `Date` field's value.
    ///   - output: where the bytes go.
    func write(reuse: Connection.Reuse, date: String, into output: inout [UInt8]) {
        output.append(contentsOf: headStart)
        ResponseWriter.writeHeadEnd(reuse: reuse, date: date, into: &output)
        output.append(contentsOf: body)
    }
}
