import Foundation
import InternalServiceUtilities
import NetworkKit

/// The entries of an HTTP Archive, indexed for answering requests (see
/// ``MockServer/replay(archiveAt:options:)``).
final class ArchiveReplay: Sendable {
    /// One entry ready to serve.
    struct Recorded: Sendable {
        let index: Int
        let method: String
        /// `host` or `host:port`, lowercased, as a `Host` header names it.
        let authority: String
        let url: String
        let key: Key
        var response: MockResponse
        /// The frames to play, for an entry that opened a WebSocket; nil for an HTTP one.
        var conversation: ReplayConversation? = nil
    }

    /// What identical requests share: method, path and sorted query items in normal form (see
    /// ``NormalizedTarget``), (when bodies are matched) the body, and whether it is a WebSocket
    /// upgrade answered by a conversation.
    struct Key: Hashable, Sendable {
        let method: String
        let path: String
        let query: [String]
        let body: Data?
        var upgrade = false
    }

    private struct HostKey: Hashable {
        let authority: String
        let key: Key
    }

    let options: MockServer.ReplayOptions
    let entries: [Recorded]
    let authorities: Set<String>
    private let byHost: [HostKey: [Int]]
    private let byKey: [Key: [Int]]
    /// How many requests each group has answered, so identical requests walk the recording.
    private let cursors = Locked(Cursors())

    private struct Cursors {
        var byHost: [HostKey: Int] = [:]
        var byKey: [Key: Int] = [:]
    }

    var servedEntryCount: Int { entries.count }

    /// Indexes the entries of `archive` that can be served.
    ///
    /// - Parameters:
    ///   - archive: The archive.
    ///   - options: How requests are matched and how much is read.
    ///   - origin:  The replaying server's `scheme://host:port`: a `Location` on a recorded origin
    ///     is pointed there (see ``pointingAtServer(_:origin:)``); nil leaves every `Location` as recorded.
    /// - Throws: ``MockServerError/invalidArchive(_:)`` for an entry that cannot be served.
    init(_ archive: HTTPArchive, options: MockServer.ReplayOptions, answeringAs origin: String? = nil)
        throws(MockServerError)
    {
        self.options = options
        var entries: [Recorded] = []
        for (index, entry) in archive.log.entries.enumerated() {
            guard let recorded = try Self.recorded(entry, index: index, options: options) else { continue }
            entries.append(recorded)
        }
        if let origin { entries = Self.pointingAtServer(entries, origin: origin) }
        self.entries = entries
        var byHost: [HostKey: [Int]] = [:]
        var byKey: [Key: [Int]] = [:]
        for (position, recorded) in entries.enumerated() {
            byHost[HostKey(authority: recorded.authority, key: recorded.key), default: []].append(position)
            byKey[recorded.key, default: []].append(position)
        }
        self.byHost = byHost
        self.byKey = byKey
        self.authorities = Set(entries.map(\.authority))
    }

    /// The recorded answer to `request` among the HTTP entries, or a 404 naming the closest recorded
    /// requests (WebSocket entries among them, for an upgrade).
    func answer(_ request: MockRequest) -> MockResponse {
        var key = Self.key(
            method: request.method.rawValue, target: request.target,
            body: options.bodyMatching == .exact ? request.body : nil)
        let authority = request.headers["Host"]?.lowercased() ?? ""
        var position = take(key, authority: authority)
        if position == nil, request.method == .head {
            // A HEAD request nothing recorded is answered as its GET was (the server sends no body).
            let get = Key(method: "GET", path: key.path, query: key.query, body: key.body)
            position = take(get, authority: authority)
        }
        if position == nil { key.upgrade = Self.isWebSocketUpgrade(request) }
        let response = position.map { entries[$0].response } ?? miss(request, key: key, authority: authority)
        options.onAnswer?(request, response)
        return response
    }

    /// The next recorded answer to requests with `key`: of the host `authority` names when the file
    /// recorded it, else of any host; nil when there is none.
    func take(_ key: Key, authority: String) -> Int? {
        cursors.withLock { cursors in
            if authorities.contains(authority) {
                let hostKey = HostKey(authority: authority, key: key)
                guard let group = byHost[hostKey] else { return nil }
                let taken = cursors.byHost[hostKey, default: 0]
                cursors.byHost[hostKey] = taken + 1
                return group[min(taken, group.count - 1)]
            }
            guard let group = byKey[key] else { return nil }
            let taken = cursors.byKey[key, default: 0]
            cursors.byKey[key] = taken + 1
            return group[min(taken, group.count - 1)]
        }
    }

    /// The key of a request: its method, path and query in normal form, and body.
    static func key<Text: StringProtocol>(method: String, target: Text, body: Data?, upgrade: Bool = false) -> Key {
        let normalized = NormalizedTarget(target)
        return Key(method: method, path: normalized.path, query: normalized.query, body: body, upgrade: upgrade)
    }
}
