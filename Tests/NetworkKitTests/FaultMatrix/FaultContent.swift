import Foundation
import MockServerKit

/// The bodies of the fault matrix: 64 lines of text (about 4 KiB), the same as a JSON array and as
/// server-sent events, and the bytes uploads send.
enum FaultContent {
    static let lines = (1...64).map { "line \($0) of the fault matrix: " + String(repeating: "abcdefgh", count: 6) }
    static let text = Data((lines.joined(separator: "\n") + "\n").utf8)
    static let items = lines
    static let json = (try? JSONEncoder().encode(items)) ?? Data()
    static let events = Data(lines.enumerated().map { "id: \($0.offset)\ndata: \($0.element)\n\n" }.joined().utf8)
    static let upload = Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7) })

    /// Stubs `/op` for `operation`, its answer under `fault`: the fault's condition is made once
    /// here, so a fail-first count spans the operation's requests.
    static func stub(_ operation: FaultMatrix.Operation, fault: FaultMatrix.Fault, on server: MockServer) {
        switch operation {
        case .data, .byteStream, .lines:
            let condition = fault.condition(bodySize: text.count)
            server.stub(method: .get, path: "/op") { _ in plain(text, type: "text/plain").with(condition) }
        case .decode:
            let condition = fault.condition(bodySize: json.count)
            server.stub(method: .get, path: "/op") { _ in plain(json, type: "application/json").with(condition) }
        case .serverSentEvents:
            let condition = fault.condition(bodySize: events.count)
            server.stub(method: .get, path: "/op") { _ in plain(events, type: "text/event-stream").with(condition) }
        case .download:
            let condition = fault.condition(bodySize: text.count)
            server.stub(method: .get, path: "/op") { request in
                .ranged(text, for: request, entityTag: FaultScenario.entityTag, contentType: "text/plain")
                    .with(condition)
            }
        case .resumedDownload:
            // The first request is cut half-way; the fault meets the resume's request for the rest.
            let half = text.count / 2
            let condition = fault.condition(bodySize: text.count - half)
            server.stub(method: .get, path: "/op") { request in
                let response = MockResponse.ranged(
                    text, for: request, entityTag: FaultScenario.entityTag, contentType: "text/plain")
                return request.headers["Range"] == nil
                    ? response.with(.closeAfter(bodyBytes: half)) : response.with(condition)
            }
        case .uploadFile:
            let condition = fault.condition(bodySize: text.count)
            server.stub(method: .put, path: "/op") { _ in plain(text, type: "text/plain").with(condition) }
        case .multipart:
            let condition = fault.condition(bodySize: text.count)
            server.stub(method: .post, path: "/op") { _ in plain(text, type: "text/plain").with(condition) }
        }
    }

    private static func plain(_ body: Data, type: String) -> MockResponse {
        MockResponse(status: 200, headers: ["Content-Type": type], body: body)
    }
}
