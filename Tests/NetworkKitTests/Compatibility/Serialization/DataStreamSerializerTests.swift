import Foundation
import NetworkKit
import Testing

/// One event of a stream.
private struct Tick: Decodable, Sendable, Equatable {
    var price: Double
}

@Suite("DataStreamSerializer: decodable, passthrough and string chunks")
struct DataStreamSerializerTests {
    @Test("a chunk decodes, after the preprocessor")
    func decodable() throws {
        // Given a prefixed JSON chunk
        let serializer = DecodableStreamSerializer<Tick>(dataPreprocessor: GoogleXSSIPreprocessor())
        // When serialized
        let tick = try serializer.serialize(Data(")]}',\n{\"price\":12.5}".utf8))
        // Then it is decoded
        #expect(tick == Tick(price: 12.5))
    }

    @Test("a chunk that does not decode fails with decodingFailed; an empty one too")
    func decodingFailed() {
        // Given broken and empty chunks
        for chunk in [Data("{\"price\":".utf8), Data()] {
            // When serialized
            let reason = SerializationTesting.reason { try DecodableStreamSerializer<Tick>().serialize(chunk) }
            // Then decoding failed
            guard case .decodingFailed = reason else {
                Issue.record("expected decodingFailed, got \(String(describing: reason))")
                continue
            }
        }
    }

    @Test("passthrough gives the bytes; string repairs invalid UTF-8")
    func passthroughAndString() throws {
        // Given a chunk with a stray byte
        let chunk = Data([0x68, 0x69, 0xFF])
        // Then passthrough gives it as is and the string serializer replaces the stray byte
        #expect(try PassthroughStreamSerializer().serialize(chunk) == chunk)
        #expect(try StringStreamSerializer().serialize(chunk) == "hi\u{FFFD}")
    }

    @Test("the leading-dot forms resolve")
    func leadingDot() throws {
        // Given a generic consumer
        func use<S: DataStreamSerializer>(_ serializer: S) -> S { serializer }
        let chunk = Data(#"{"price":1}"#.utf8)
        // Then each static form resolves and behaves as its type
        #expect(try use(.passthrough).serialize(chunk) == chunk)
        #expect(try use(.string).serialize(chunk) == #"{"price":1}"#)
        #expect(try use(.decodable(of: Tick.self)).serialize(chunk) == Tick(price: 1))
    }
}
