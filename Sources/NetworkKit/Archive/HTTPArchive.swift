import Foundation

/// An HTTP Archive (HAR 1.2) as its JSON holds it: what MockServerKit replays and
/// ``HTTPArchiveRecorder`` writes.
///
/// Fields the specification requires are non-optional, so a file without one fails to decode with
/// an error naming the entry and the field; optional ones and `comment`s are optional; unknown
/// fields (Chrome's `_initiator`, `_priority`…) are ignored when read and never written, but for
/// Chrome's `_resourceType` and `_webSocketMessages` (a WebSocket's frames), which are kept.
package struct HTTPArchive: Codable, Sendable, Equatable {
    package var log: Log

    package init(log: Log) {
        self.log = log
    }

    package struct Log: Codable, Sendable, Equatable {
        package var version: String
        package var creator: Software
        package var browser: Software?
        package var pages: [Page]?
        package var entries: [Entry]
        package var comment: String?

        package init(creator: Software, entries: [Entry] = []) {
            self.version = "1.2"
            self.creator = creator
            self.entries = entries
        }

        enum CodingKeys: String, CodingKey {
            case version, creator, browser, pages, entries, comment
        }

        /// Reads a log, refusing more entries than the reader's limit before decoding any of them.
        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decode(String.self, forKey: .version)
            creator = try container.decode(Software.self, forKey: .creator)
            browser = try container.decodeIfPresent(Software.self, forKey: .browser)
            pages = try container.decodeIfPresent([Page].self, forKey: .pages)
            comment = try container.decodeIfPresent(String.self, forKey: .comment)
            var list = try container.nestedUnkeyedContainer(forKey: .entries)
            let limit = (decoder.userInfo[HTTPArchive.entryLimitKey] as? Int) ?? Int.max
            if let count = list.count, count > limit {
                throw HTTPArchive.EntryLimitExceeded(count: count, limit: limit)
            }
            var entries: [Entry] = []
            entries.reserveCapacity(min(list.count ?? 0, limit))
            while !list.isAtEnd {
                guard entries.count < limit else {
                    throw HTTPArchive.EntryLimitExceeded(count: entries.count + 1, limit: limit)
                }
                do {
                    entries.append(try list.decode(Entry.self))
                } catch var error as HTTPArchive.WebSocketMessageLimitExceeded {
                    error.entry = entries.count
                    throw error
                }
            }
            self.entries = entries
        }
    }

    /// `log.creator` and `log.browser`.
    package struct Software: Codable, Sendable, Equatable {
        package var name: String
        package var version: String
        package var comment: String?

        package init(name: String, version: String) {
            self.name = name
            self.version = version
        }

        /// This package, as the creator of the files it writes.
        package static let serviceUtils = Software(name: "ServiceUtils", version: "1.0")
    }

    package struct Page: Codable, Sendable, Equatable {
        package var startedDateTime: String
        package var id: String
        package var title: String
        package var pageTimings: PageTimings
        package var comment: String?
    }

    package struct PageTimings: Codable, Sendable, Equatable {
        package var onContentLoad: Double?
        package var onLoad: Double?
        package var comment: String?
    }

    package struct Entry: Codable, Sendable, Equatable {
        package var pageref: String?
        package var startedDateTime: String
        /// The whole exchange in milliseconds.
        package var time: Double
        package var request: Request
        package var response: Response
        package var cache: Cache
        package var timings: Timings
        package var serverIPAddress: String?
        package var connection: String?
        package var comment: String?
        /// Chrome's `_resourceType`: `document`, `fetch`, `websocket`…
        package var resourceType: String?
        /// Chrome's `_webSocketMessages`: the frames of the WebSocket the entry opened, oldest first.
        package var webSocketMessages: [WebSocketFrameRecord]?

        package init(
            startedDateTime: String, time: Double, request: Request, response: Response, timings: Timings
        ) {
            self.startedDateTime = startedDateTime
            self.time = time
            self.request = request
            self.response = response
            self.cache = Cache()
            self.timings = timings
        }

        enum CodingKeys: String, CodingKey {
            case pageref, startedDateTime, time, request, response, cache, timings, serverIPAddress, connection
            case comment
            case resourceType = "_resourceType"
            case webSocketMessages = "_webSocketMessages"
        }

        /// Reads an entry, refusing more WebSocket frames than the reader's limit before decoding them.
        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            pageref = try container.decodeIfPresent(String.self, forKey: .pageref)
            startedDateTime = try container.decode(String.self, forKey: .startedDateTime)
            time = try container.decode(Double.self, forKey: .time)
            request = try container.decode(Request.self, forKey: .request)
            response = try container.decode(Response.self, forKey: .response)
            cache = try container.decode(Cache.self, forKey: .cache)
            timings = try container.decode(Timings.self, forKey: .timings)
            serverIPAddress = try container.decodeIfPresent(String.self, forKey: .serverIPAddress)
            connection = try container.decodeIfPresent(String.self, forKey: .connection)
            comment = try container.decodeIfPresent(String.self, forKey: .comment)
            resourceType = try container.decodeIfPresent(String.self, forKey: .resourceType)
            let limit = (decoder.userInfo[HTTPArchive.webSocketMessageLimitKey] as? Int) ?? Int.max
            webSocketMessages = try HTTPArchive.decodeWebSocketMessages(from: container, limit: limit)
        }
    }

    /// A header, a query parameter: a name and a value.
    package struct Field: Codable, Sendable, Equatable {
        package var name: String
        package var value: String
        package var comment: String?

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    package struct Cookie: Codable, Sendable, Equatable {
        package var name: String
        package var value: String
        package var path: String?
        package var domain: String?
        package var expires: String?
        package var httpOnly: Bool?
        package var secure: Bool?
        package var comment: String?

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    package struct Cache: Codable, Sendable, Equatable {
        package var beforeRequest: CacheEntry?
        package var afterRequest: CacheEntry?
        package var comment: String?

        package init() {}
    }

    package struct CacheEntry: Codable, Sendable, Equatable {
        package var expires: String?
        package var lastAccess: String
        package var eTag: String
        package var hitCount: Int
        package var comment: String?
    }

    /// Milliseconds per phase; -1 where a phase does not apply.
    package struct Timings: Codable, Sendable, Equatable {
        package var blocked: Double?
        package var dns: Double?
        package var connect: Double?
        package var send: Double
        package var wait: Double
        package var receive: Double
        package var ssl: Double?
        package var comment: String?

        package init(send: Double, wait: Double, receive: Double) {
            self.blocked = -1
            self.dns = -1
            self.connect = -1
            self.send = send
            self.wait = wait
            self.receive = receive
            self.ssl = -1
        }
    }
}
