import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("StringResponseSerializer: the given encoding, else the response's charset, else ISO-8859-1")
struct StringResponseSerializerTests {
    typealias T = SerializationTesting

    /// "café" in UTF-8: the é is two bytes, which ISO-8859-1 reads as "Ã©".
    static let utf8Cafe = Data("café".utf8)

    @Test("a given encoding is used")
    func givenEncoding() throws {
        // Given UTF-8 bytes and a serializer told UTF-8
        let serializer = StringResponseSerializer(encoding: .utf8)
        // When serialized, even with a response naming another charset
        let text = try serializer.serialize(
            request: nil, response: T.response(200, ["Content-Type": "text/plain; charset=iso-8859-1"]),
            data: Self.utf8Cafe, error: nil)
        // Then the given encoding wins
        #expect(text == "café")
    }

    @Test("with no encoding given and no charset, bytes are read as ISO-8859-1")
    func latin1Fallback() throws {
        // Given UTF-8 bytes, a response without a charset, and the Latin-1 byte for é
        let serializer = StringResponseSerializer()
        // When serialized
        let misread = try serializer.serialize(request: nil, response: T.response(200), data: Self.utf8Cafe, error: nil)
        let latin1 = try serializer.serialize(
            request: nil, response: nil, data: Data([0x63, 0x61, 0x66, 0xE9]), error: nil)
        // Then both are read as ISO-8859-1
        #expect(misread == "cafÃ©")
        #expect(latin1 == "café")
    }

    @Test("a declared charset chooses the encoding", arguments: ["utf-8", "UTF-8"])
    func declaredUTF8(_ charset: String) throws {
        // Given a response declaring UTF-8
        let response = try #require(T.response(200, ["Content-Type": "text/plain; charset=\(charset)"]))
        // When serialized with no encoding given
        let text = try StringResponseSerializer().serialize(
            request: nil, response: response, data: Self.utf8Cafe, error: nil)
        // Then the bytes are read as UTF-8
        #expect(text == "café")
    }

    @Test("a declared UTF-16LE charset reads UTF-16 bytes")
    func declaredUTF16() throws {
        // Given UTF-16LE bytes and a response saying so
        let bytes = try #require("héllo".data(using: .utf16LittleEndian))
        let response = try #require(T.response(200, ["Content-Type": "text/plain; charset=utf-16le"]))
        // When serialized
        let text = try StringResponseSerializer().serialize(request: nil, response: response, data: bytes, error: nil)
        // Then the text is whole
        #expect(text == "héllo")
    }

    @Test("a charset outside the known names falls back to ISO-8859-1")
    func unknownCharset() throws {
        // Given a response declaring windows-1252 (not among Alamofire's names)
        let response = try #require(T.response(200, ["Content-Type": "text/plain; charset=windows-1252"]))
        // When serialized
        let text = try StringResponseSerializer().serialize(
            request: nil, response: response, data: Data([0x63, 0x61, 0x66, 0xE9]), error: nil)
        // Then ISO-8859-1 read it
        #expect(text == "café")
    }

    @Test("bytes that are not text in the encoding fail with stringSerializationFailed naming it")
    func invalidBytes() throws {
        // Given bytes that are not UTF-8, declared as UTF-8
        let response = try #require(T.response(200, ["Content-Type": "text/plain; charset=utf-8"]))
        // When serialized
        let reason = T.reason {
            try StringResponseSerializer().serialize(
                request: nil, response: response, data: Data([0xFF, 0xFE, 0x41]), error: nil)
        }
        // Then the failure names UTF-8
        guard case .stringSerializationFailed(let encoding) = reason else {
            Issue.record("expected stringSerializationFailed, got \(String(describing: reason))")
            return
        }
        #expect(encoding == .utf8)
    }

    @Test("an allowed empty answer is the empty string; a refused one fails")
    func empty() throws {
        // Given a 204 and a 200 without bodies
        let serializer = StringResponseSerializer.string
        // When serialized
        let noContent = try serializer.serialize(request: nil, response: T.response(204), data: nil, error: nil)
        let reason = T.reason {
            try serializer.serialize(request: T.request(), response: T.response(200), data: Data(), error: nil)
        }
        // Then the first is "", the second fails
        #expect(noContent == "")
        guard case .inputDataNilOrZeroLength = reason else {
            Issue.record("expected inputDataNilOrZeroLength, got \(String(describing: reason))")
            return
        }
    }
}
