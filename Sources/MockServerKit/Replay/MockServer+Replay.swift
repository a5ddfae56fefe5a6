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
    /// below 200 are skipped.
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
        // Without a callback an answer is a lookup that never blocks, so the event loop gives it at
        // once; a caller's `onAnswer` runs on a handler thread, as documented.
        let answer: MockServer.SynchronousHandler = { request in replay.answer(request) }
        core.router.setFallback(options.onAnswer == nil ? .inline(answer) : .synchronous(answer))
        return replay.servedEntryCount
    }
}
