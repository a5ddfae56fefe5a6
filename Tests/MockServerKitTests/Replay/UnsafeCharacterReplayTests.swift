import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Browser exports record URLs with characters RFC 3986 does not allow (`[ ] { } | ^` and backtick,
/// raw UTF-8) and with `%2F` beside `/`; each must answer a client however it sends them.
@Suite("Replay of recorded URLs holding characters browsers send unescaped")
struct UnsafeCharacterReplayTests {
    /// The recorded URLs, raw as Chrome's export writes them, and what each answers.
    private static let recorded: [(url: String, answer: String)] = [
        (
            "https://shop.example.com/catalog/items[1]/{draft}|v^2/`quoted`?filter[size]=m&tags={a|b}&x=^&y=`q`",
            "brackets"
        ),
        ("https://shop.example.com/поиск/молоко?q=свежее&page=2", "cyrillic"),
        ("https://shop.example.com/files/a%2Fb/[c]", "escaped slash"),
        ("https://shop.example.com/files/a/b/[c]", "slashes"),
        ("https://shop.example.com/docs/Привет%2Fмир?p=%2F", "mixed"),
    ]

    /// A HAR file of ``recorded``, each entry shaped as Chrome writes it.
    private static func archive() throws -> Data {
        let entries: [[String: Any]] = recorded.map { entry in
            [
                "startedDateTime": "2026-11-30T09:00:00.000Z", "time": 12, "cache": [:] as [String: Any],
                "timings": ["send": 0, "wait": 12, "receive": 0],
                "request": [
                    "method": "GET", "url": entry.url, "httpVersion": "http/2.0", "cookies": [] as [Any],
                    "headers": [[":authority", "shop.example.com"], ["accept", "*/*"]].map {
                        ["name": $0[0], "value": $0[1]]
                    },
                    "queryString": [] as [Any], "headersSize": -1, "bodySize": 0,
                ] as [String: Any],
                "response": [
                    "status": 200, "statusText": "", "httpVersion": "http/2.0", "cookies": [] as [Any],
                    "headers": [["name": "content-type", "value": "text/plain"]],
                    "content": ["size": entry.answer.utf8.count, "mimeType": "text/plain", "text": entry.answer],
                    "redirectURL": "", "headersSize": -1, "bodySize": entry.answer.utf8.count,
                ] as [String: Any],
            ]
        }
        let log: [String: Any] = [
            "log": [
                "version": "1.2", "creator": ["name": "WebInspector", "version": "537.36"], "pages": [] as [Any],
                "entries": entries,
            ] as [String: Any]
        ]
        return try JSONSerialization.data(withJSONObject: log)
    }

    /// A server replaying ``archive()`` (read from a file, as a test would commit it).
    private static func server() throws -> MockServer {
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = try folder.write(archive(), to: "chrome.har")
        let server = try MockServer()
        do {
            try server.replay(archiveAt: file)
        } catch {
            server.stop()
            throw error
        }
        return server
    }

    /// The URL of `target` on `server`, built from the text as written (Foundation escapes what
    /// RFC 3986 does not allow, as an app's URL would be).
    private static func url(_ server: MockServer, _ target: String) throws -> URL {
        try #require(URL(string: "http://127.0.0.1:\(server.port)" + target))
    }

    /// `text` with every byte outside ASCII percent-encoded, hex digits in `case`.
    private static func escapingUTF8(_ text: String, lowercase: Bool = false) -> String {
        var output = ""
        for byte in text.utf8 {
            guard byte >= 0x80 else {
                output.append(Character(Unicode.Scalar(byte)))
                continue
            }
            let hex = String(byte, radix: 16, uppercase: !lowercase)
            output += "%" + hex
        }
        return output
    }

    /// The bodies of raw GETs of `targets`, each on its own connection, the bytes on the wire as written.
    private static func raw(_ server: MockServer, _ targets: [String]) async throws -> [String] {
        var answers: [String] = []
        for target in targets {
            answers.append(try await ReplayFixtures.raw(server, "GET \(target) HTTP/1.1\r\nHost: t").text)
        }
        return answers
    }

    @Test("[ ] { } | ^ and backtick match sent raw, escaped, in lower-case hex, with unreserved escapes")
    func browserCharacters() async throws {
        // Given Chrome's export recording them raw in path and query
        let server = try Self.server()
        defer { server.stop() }
        let escaped =
            "/catalog/items%5B1%5D/%7Bdraft%7D%7Cv%5E2/%60quoted%60?filter%5Bsize%5D=m&tags=%7Ba%7Cb%7D&x=%5E&y=%60q%60"

        // When the request is sent raw, escaped, escaped in lower case with `a` and `f` escaped and
        // the query reordered, and through NetworkKit from the escaped URL and from the raw one
        let answers = try await Self.raw(
            server,
            [
                "/catalog/items[1]/{draft}|v^2/`quoted`?filter[size]=m&tags={a|b}&x=^&y=`q`", escaped,
                "/c%61talog/items%5b1%5d/%7bdraft%7d%7cv%5e2/%60quoted%60?y=%60q%60&x=%5e&%66ilter%5bsize%5d=m&tags=%7ba%7cb%7d",
            ])
        let client = HTTPClient()
        let fromEscaped = try await client.send(URLRequest(url: try Self.url(server, escaped)))
        let rawTarget = "/catalog/items[1]/{draft}|v^2/`quoted`?filter[size]=m&tags={a|b}&x=^&y=`q`"
        let fromRaw = try await client.send(URLRequest(url: try Self.url(server, rawTarget)))

        // Then every form gets the recorded answer, NetworkKit's having gone out escaped
        #expect(answers == ["brackets", "brackets", "brackets"])
        #expect(fromEscaped.text == "brackets")
        #expect(fromRaw.text == "brackets")
        #expect(server.requests.suffix(2).allSatisfy { $0.target.contains("%5B1%5D") })
    }

    @Test("raw UTF-8 in the recording matches UTF-8 sent raw, as curl sends it, and escaped")
    func cyrillic() async throws {
        // Given Chrome's export recording a Cyrillic path and query raw
        let server = try Self.server()
        defer { server.stop() }
        let target = "/поиск/молоко?q=свежее&page=2"

        // When it is sent as raw UTF-8, as curl 7.88 sends it (path escaped in lower case, query raw),
        // escaped in upper case through URLSession, and through NetworkKit from the URL as written
        let curlForm = Self.escapingUTF8("/поиск/молоко", lowercase: true) + "?q=свежее&page=2"
        let answers = try await Self.raw(server, [target, curlForm])
        let (session, _) = try await HTTP.send(URLRequest(url: try Self.url(server, Self.escapingUTF8(target))))
        let fromNetworkKit = try await HTTPClient().send(URLRequest(url: try Self.url(server, target)))

        // Then each gets the recorded answer
        #expect(answers == ["cyrillic", "cyrillic"])
        #expect(String(decoding: session, as: UTF8.self) == "cyrillic")
        #expect(fromNetworkKit.text == "cyrillic")
    }

    @Test("%2F and / are different paths: each matches its own recording, %2F in either case")
    func escapedSlash() async throws {
        // Given recordings of /files/a%2Fb/[c] and /files/a/b/[c], and of a path mixing raw
        // Cyrillic with %2F (which Foundation's parsers would have escaped again, to %252F)
        let server = try Self.server()
        defer { server.stop() }

        // When each is asked for with %2F, %2f and /, the mixed one escaped and raw, and the mixed
        // one with / where it recorded %2F
        let answers = try await Self.raw(
            server,
            [
                "/files/a%2Fb/%5Bc%5D", "/files/a%2fb/[c]", "/files/a/b/%5Bc%5D",
                Self.escapingUTF8("/docs/Привет%2Fмир?p=%2F"), "/docs/Привет%2fмир?p=/",
            ])
        let miss = try await ReplayFixtures.raw(server, "GET /docs/Привет/мир?p=%2F HTTP/1.1\r\nHost: t")

        // Then the escaped slash finds its recording, the plain one its own, the mixed one matches
        // as recorded (a query's %2F is a / as a form reads it), and the path split at / matches nothing
        #expect(answers == ["escaped slash", "escaped slash", "slashes", "mixed", "mixed"])
        #expect(miss.status == 404)
    }
}
