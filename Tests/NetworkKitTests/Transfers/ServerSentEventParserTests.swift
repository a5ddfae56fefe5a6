import Foundation
import NetworkKit
import Testing

/// The `text/event-stream` interpretation of the WHATWG HTML standard (§9.2.6), on its own examples.
@Suite("ServerSentEventParser")
struct ServerSentEventParserTests {
    private func parse(_ text: String, maximumEventSize: Int = 512 * 1024) throws -> [ServerSentEvent] {
        var parser = ServerSentEventParser(maximumEventSize: maximumEventSize)
        return try parser.parse(Data(text.utf8))
    }

    @Test("the standard's stock example: data lines join with LF")
    func multilineData() throws {
        #expect(try parse("data: YHOO\ndata: +2\ndata: 10\n\n") == [ServerSentEvent(data: "YHOO\n+2\n10")])
    }

    @Test("the standard's id example: a comment, ids, an id reset, one leading space removed")
    func ids() throws {
        let stream =
            ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"
        #expect(
            try parse(stream) == [
                ServerSentEvent(data: "first event", id: "1"), ServerSentEvent(data: "second event", id: ""),
                ServerSentEvent(data: " third event", id: ""),
            ])
    }

    @Test("the standard's empty-data example: an unfinished event at the end is dropped")
    func emptyData() throws {
        #expect(try parse("data\n\ndata\ndata\n\ndata:") == [ServerSentEvent(data: ""), ServerSentEvent(data: "\n")])
        #expect(
            try parse("data:test\n\ndata: test\n\n") == [ServerSentEvent(data: "test"), ServerSentEvent(data: "test")])
    }

    @Test("event types, and the default message type after one")
    func eventTypes() throws {
        let stream = "event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\ndata: plain\n\n"
        #expect(
            try parse(stream) == [
                ServerSentEvent(type: "add", data: "73857293"), ServerSentEvent(type: "remove", data: "2153"),
                ServerSentEvent(type: "message", data: "plain"),
            ])
    }

    @Test("CR LF, LF and CR end lines alike, however the stream is split")
    func lineBreaksAcrossSplits() throws {
        // Given one stream with every kind of line break and a multi-byte character
        let text = "event: a\r\ndata: é1\r\rdata: 2\n\ndata: 3\r\ndata: 4\r\n\r\nid: 9\rdata: €5\r\r"
        let whole = try parse(text)
        #expect(
            whole == [
                ServerSentEvent(type: "a", data: "é1"), ServerSentEvent(data: "2"), ServerSentEvent(data: "3\n4"),
                ServerSentEvent(data: "€5", id: "9"),
            ])
        // When it is fed in every split into two pieces, and byte by byte
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            var parser = ServerSentEventParser()
            let events = try parser.parse(bytes[..<cut]) + parser.parse(bytes[cut...])
            // Then the events are the same
            #expect(events == whole, "split at \(cut)")
        }
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for byte in bytes { events += try parser.parse([byte]) }
        #expect(events == whole)
    }

    @Test("a leading byte order mark is skipped, a later one is data; unknown fields are ignored")
    func byteOrderMarkAndUnknownFields() throws {
        #expect(try parse("\u{FEFF}data: a\n\n") == [ServerSentEvent(data: "a")])
        #expect(try parse("data: a\n\n\u{FEFF}data: b\n\n") == [ServerSentEvent(data: "a")])
        #expect(try parse("colour: red\nevent: x\n\nfield\ndata: y\n\n") == [ServerSentEvent(data: "y")])
    }

    @Test("retry sets the reconnection time only when all digits; an id with NUL is ignored")
    func retryAndNullIDs() throws {
        var parser = ServerSentEventParser()
        _ = try parser.parse(Data("retry: 1500\n\n".utf8))
        #expect(parser.reconnectionTime == 1500)
        _ = try parser.parse(Data("retry: 2.5\nretry: x\n\n".utf8))
        #expect(parser.reconnectionTime == 1500)
        _ = try parser.parse(Data("id: 7\n\nid: a\u{0}b\ndata: d\n\n".utf8))
        #expect(parser.lastEventID == "7")
    }

    @Test("a line or an event's data past the limit is lineTooLong; a higher limit takes it")
    func limits() throws {
        // Given a 1 MB line and a 600 KB event made of many short lines
        let line = "data: " + String(repeating: "x", count: 1_000_000) + "\n\n"
        let manyLines = String(repeating: "data: " + String(repeating: "y", count: 99) + "\n", count: 6_000) + "\n"
        for stream in [line, manyLines] {
            // Then the default limit refuses them with a typed error
            let error = #expect(throws: HTTPError.self) { try parse(stream) }
            #expect(error?.transferFailure?.reason == .lineTooLong(limit: 512 * 1024))
        }
        // And a 2 MB limit reads them
        #expect(try parse(line, maximumEventSize: 2_000_000).first?.data.count == 1_000_000)
        #expect(try parse(manyLines, maximumEventSize: 2_000_000).first?.data.count == 6_000 * 100 - 1)
    }
}
