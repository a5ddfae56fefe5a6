public import Foundation
import NetworkKit

extension MockServer {
    /// Answers requests from an HTTP Archive (HAR 1.2) file, as exported by Chrome, Firefox,
    /// Charles or mitmproxy, or written by NetworkKit's `HTTPArchiveRecorder` or `service-utils record`.
    ///
    /// A request is answered by the entry with the same method, path and query (its items in any
    /// order) and, unless ``ReplayOptions/bodyMatching`` is ``ReplayOptions/BodyMatching/ignored``,
    /// the same body. Paths match however a client escapes them: hex digits in either case,
    /// unreserved characters, UTF-8 and the characters browsers send raw though RFC 3986 does not
    /// allow them (`[ ] { } | ^` and backtick) escaped or not; an escaped delimiter is another path
    /// (`/a%2Fb` is not `/a/b`, and matches only `/a%2Fb` or `/a%2fb`). Query items are compared as
    /// a form decodes them (`+` and `%20` are both a space). When its `Host` header names a host the
    /// file recorded, only that host's entries count; otherwise entries of any host do. Identical
    /// requests get the matching entries in recording order, the last one repeating; a `HEAD`
    /// nothing recorded gets its `GET`'s head. Entries with status 0 (aborted in the browser) or
    /// below 200 are skipped, but for WebSocket ones (below).
    ///
    /// Bodies are sent as recorded: `text` as it is, `encoding: base64` decoded. A `Content-Encoding`
    /// header over a body that is not encoded (browsers save decoded text beside the server's
    /// `gzip` header) is dropped, as are `Content-Length`, `Transfer-Encoding`, HTTP/2 pseudo-headers
    /// and hop-by-hop fields. `Location` is kept, but an absolute one naming an origin the file
    /// recorded (the scheme, host and port of an entry's URL, such as the upstream of
    /// ``forward(to:recordingTo:redaction:monitors:)``) points at this server instead, path and query
    /// kept, so a client following the redirect stays on the replay; relative locations and other
    /// origins stay as recorded. A request nothing matches gets 404 with a JSON body listing the
    /// closest recorded requests and how each differs. Stubs win over the archive, and the server's
    /// ``conditions`` apply to its answers: a request a condition fails (`failFirst`, a fault) has
    /// still taken its place in the recording order.
    ///
    /// An entry whose answer is `101` and that opened a WebSocket (Chrome marks it
    /// `_resourceType: websocket` and lists its frames in `_webSocketMessages`) answers a WebSocket
    /// upgrade matched as above (method `GET`, host, path and query): the server accepts it, with
    /// the subprotocol the entry recorded, and plays the conversation. The server's messages
    /// (`receive`) go in order, each once the client's messages (`send`) recorded before it have
    /// arrived; ``ReplayOptions/webSocketMessageMatching`` says whether those must equal the
    /// recorded ones (by default; a mismatch closes with 1008 naming the message expected) or are
    /// only counted, and ``ReplayOptions/keepsWebSocketTiming`` whether the recorded pauses are
    /// kept. A recorded close frame (opcode 8) ends the conversation: the server sends it with its
    /// code and reason when the server closed, or waits for the client's close when the client did.
    /// A recording that ends without one (Chrome's usually do: the page was still open) leaves the
    /// socket open after the last message, until the client closes it. Pings, pongs and Chrome's
    /// `error` records are skipped. An upgrade that no WebSocket entry matches is answered as any
    /// request, usually with the 404 listing the closest entries.
    ///
    /// ```swift
    /// try server.replay(archiveAt: chatHAR)        // recorded in Chrome: wss://chat.example.com/room
    /// let socket = try await HTTPClient().webSocket(URLRequest(url: server.url("room")))
    /// try await socket.send(.string("hello"))      // as recorded
    /// let reply = try await socket.receive()       // the server's recorded answer
    /// ```
    ///
    /// ```swift
    /// let server = try MockServer()
    /// try server.replay(archiveAt: Bundle.module.url(forResource: "checkout", withExtension: "har")!)
    /// // point the app at server.baseURL
    /// ```
    ///
    /// - Parameters:
    ///   - file:    The HAR file.
    ///   - options: How requests are matched and how much of the file is read.
    /// - Returns: How many entries can be served (those not skipped).
    /// - Throws: ``MockServerError/invalidArchive(_:)`` naming the entry and field at fault: not
    ///   JSON, a required field missing, invalid base64, a URL that cannot be read, over a limit.
    @discardableResult
    public func replay(archiveAt file: URL, options: ReplayOptions = ReplayOptions()) throws(MockServerError) -> Int {
        let archive: HTTPArchive
        do {
            archive = try HTTPArchive(contentsOf: file, limits: options.limits)
        } catch {
            guard case .archiveFailed(let failure) = error else {
                throw .invalidArchive(.init(entry: nil, field: "", reason: .notJSON("\(error)")))
            }
            throw .invalidArchive(failure)
        }
        let replay = try ArchiveReplay(archive, options: options, answeringAs: Self.withoutTrailingSlash(baseURL))
        core.router.setFallback(choosing: { request in replay.handler(for: request) })
        return replay.servedEntryCount
    }
}
