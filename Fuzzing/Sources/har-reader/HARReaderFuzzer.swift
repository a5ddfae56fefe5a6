import Foundation
import FuzzSupport

@testable import MockServerKit
@testable import NetworkKit

/// NetworkKit's HTTP Archive (HAR) reader and MockServerKit's replay index, with any file.
///
/// The input is a HAR document as it comes (raw) or one built from a valid entry whose fields the
/// input removes, retypes or fills (built). Either the reader refuses it with `archiveFailed` naming
/// an entry inside the limit, or it reads it: within the limits, every body decodes within the body
/// limit, the archive encodes and reads back equal, and a replay of it answers a request without
/// crashing (a recorded answer or a 404). Built documents may be WebSocket entries as Chrome writes
/// them (`_webSocketMessages`), whose frames must decode within the limits once read, and the
/// replay is also asked for a WebSocket upgrade.
@main
enum HARReaderFuzzer {
    static let limits: HTTPArchiveLimits = {
        var limits = HTTPArchiveLimits()
        limits.maximumEntries = 16
        limits.maximumBodyBytes = 4_096
        limits.maximumFileBytes = 64 * 1024
        limits.maximumWebSocketMessages = 8
        return limits
    }()

    static let values = [
        "0", "-1", "200", "0.5", "1e400", "null", "true", "\"\"", "\"x\"", "[]", "{}", "\"aGVsbG8=\"", "\"*\"",
        "\"http://a.example/p?q=1&r=2\"", "\"/relative\"", "\"base64\"",
    ]
    static let fields = [
        "method", "url", "status", "text", "encoding", "mimeType", "size", "headers", "postData", "cookies",
        "queryString", "time", "startedDateTime", "timings", "cache", "redirectURL", "httpVersion",
        "_webSocketMessages", "type", "opcode", "data", "_resourceType",
    ]

    static func main() {
        runFuzzer { data, size in
            guard let data, size > 0 else { return 0 }
            // A first byte of 1 asks for a built document; anything else is a document as it is, so
            // the seeds are plain HAR files.
            if data[0] == 1 {
                var input = FuzzInput(data + 1, size - 1)
                let document = HARReaderFuzzer.built(&input)
                HARReaderFuzzer.check(document, target: "/" + input.text(upTo: 16))
            } else {
                HARReaderFuzzer.check(Data(bytes: data, count: size), target: "/p?q=1")
            }
            return 0
        }
    }

    /// A document of up to three entries, each a valid entry with some fields replaced by the input's.
    static func built(_ input: inout FuzzInput) -> Data {
        let entries = (0..<input.choice(4)).map { _ in
            var entry = input.flag() ? webSocketTemplate : template
            for _ in 0..<input.choice(4) {
                let field = input.pick(fields)
                let value = input.flag() ? input.pick(values) : "\"\(input.text(upTo: 12))\""
                entry = entry.replacingOccurrences(of: "\"\(field)\":", with: "\"\(field)\":\(value),\"_was\":")
            }
            return entry
        }
        return Data(
            (#"{"log":{"version":"1.2","creator":{"name":"f","version":"1"},"entries":["#
                + entries.joined(separator: ",") + "]}}").utf8)
    }

    static let template = #"""
        {"startedDateTime":"2026-01-01T00:00:00Z","time":1,"cache":{},"timings":{"send":0,"wait":1,"receive":0},
         "request":{"method":"GET","url":"http://a.example/p?q=1","httpVersion":"HTTP/1.1","cookies":[],
          "headers":[{"name":"Host","value":"a.example"}],"queryString":[],"headersSize":-1,"bodySize":0,
          "postData":{"mimeType":"text/plain","text":"body"}},
         "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],"headers":[],
          "content":{"size":2,"mimeType":"text/plain","text":"aGk=","encoding":"base64"},"redirectURL":"",
          "headersSize":-1,"bodySize":2}}
        """#

    /// A WebSocket entry as Chrome writes one: 101, its frames (text, binary, close) listed.
    static let webSocketTemplate = #"""
        {"startedDateTime":"2026-01-01T00:00:00Z","time":1,"cache":{},"timings":{"send":0,"wait":1,"receive":0},
         "_resourceType":"websocket","_webSocketMessages":[{"type":"send","time":1.5,"opcode":1,"data":"hi"},
          {"type":"receive","time":2,"opcode":2,"data":"aGk="},{"type":"receive","time":3,"opcode":8,"data":"A+g="}],
         "request":{"method":"GET","url":"ws://a.example/p?q=1","httpVersion":"HTTP/1.1","cookies":[],
          "headers":[{"name":"Host","value":"a.example"}],"queryString":[],"headersSize":-1,"bodySize":0},
         "response":{"status":101,"statusText":"Switching Protocols","httpVersion":"HTTP/1.1","cookies":[],
          "headers":[],"content":{"size":0,"mimeType":"x-unknown"},"redirectURL":"","headersSize":-1,"bodySize":0}}
        """#

    static func check(_ document: Data, target: String) {
        let archive: HTTPArchive
        do {
            archive = try HTTPArchive(data: document, limits: limits)
        } catch {
            guard case .archiveFailed(let failure) = error else {
                invariant(false, "threw \(error), not archiveFailed")
                return
            }
            if let entry = failure.entry {
                invariant(entry >= 0 && entry < limits.maximumEntries, "entry \(entry) outside the limit")
            }
            return
        }
        invariant(archive.log.entries.count <= limits.maximumEntries, "\(archive.log.entries.count) entries")
        for (index, entry) in archive.log.entries.enumerated() {
            let body = try? entry.response.content.body(entry: index, limit: limits.maximumBodyBytes)
            invariant(body != nil, "entry \(index)'s body failed after the reader accepted it")
            invariant((body?.count ?? 0) <= limits.maximumBodyBytes, "entry \(index)'s body over the limit")
            let frames = entry.webSocketMessages ?? []
            invariant(frames.count <= limits.maximumWebSocketMessages, "entry \(index) has \(frames.count) frames")
            for (position, frame) in frames.enumerated() {
                let payload = try? frame.payload(entry: index, position: position, limit: limits.maximumBodyBytes)
                invariant(payload != nil, "entry \(index)'s frame \(position) failed after the reader accepted it")
            }
        }
        let encoded = try? JSONEncoder().encode(archive)
        let again = encoded.flatMap { try? HTTPArchive(data: $0, limits: limits) }
        invariant(again == archive, "the archive did not read back equal after encoding")
        replay(archive, target: target)
    }

    /// Builds the replay index and answers one request; it must not crash.
    static func replay(_ archive: HTTPArchive, target: String) {
        var options = MockServer.ReplayOptions()
        options.limits = limits
        guard let replay = try? ArchiveReplay(archive, options: options) else { return }
        let response = replay.answer(MockRequest(method: .get, target: target, headers: ["Host": "a.example"]))
        invariant((200...999).contains(response.status), "answered with status \(response.status)")
        // An upgrade is answered by a WebSocket entry's route or as any request.
        let upgrade = MockRequest(
            method: .get, target: target,
            headers: ["Host": "a.example", "Upgrade": "websocket", "Connection": "Upgrade"])
        _ = replay.handler(for: upgrade)
    }
}
