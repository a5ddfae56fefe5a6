import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A decodable value with an empty form.
private struct Receipt: Decodable, Sendable, Equatable, EmptyResponse {
    var id: String?
    static func emptyValue() -> Receipt { Receipt(id: nil) }
}

/// A decodable value without an empty form.
private struct Profile: Codable, Sendable, Equatable {
    var name: String
}

@Suite("DecodableResponseSerializer: decoding, its failures, and empty answers")
struct DecodableResponseSerializerTests {
    typealias T = SerializationTesting

    @Test("a JSON body decodes")
    func decodes() throws {
        // Given a JSON body
        let body = Data(#"{"name":"Ada"}"#.utf8)
        // When decoded
        let profile = try DecodableResponseSerializer<Profile>().serialize(
            request: nil, response: T.response(200), data: body, error: nil)
        // Then the value is there
        #expect(profile == Profile(name: "Ada"))
    }

    @Test("a decoder's failure is wrapped as decodingFailed, keeping the DecodingError")
    func decodingFailed() {
        // Given a body missing a field
        let body = Data(#"{"nom":"Ada"}"#.utf8)
        // When decoded
        let reason = T.reason {
            try DecodableResponseSerializer<Profile>().serialize(request: nil, response: nil, data: body, error: nil)
        }
        // Then the failure carries the decoder's error
        guard case .decodingFailed(let error) = reason else {
            Issue.record("expected decodingFailed, got \(String(describing: reason))")
            return
        }
        guard case .keyNotFound(let key, _) = error as? DecodingError else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "name")
    }

    @Test("malformed JSON is decodingFailed too, never a crash", arguments: ["{", "null", "\u{0}\u{1}", "[1,2]"])
    func malformed(_ body: String) {
        // Given a body that is not a Profile
        let reason = T.reason {
            try DecodableResponseSerializer<Profile>().serialize(
                request: nil, response: nil, data: Data(body.utf8), error: nil)
        }
        // Then it fails as decodingFailed
        guard case .decodingFailed = reason else {
            Issue.record("expected decodingFailed, got \(String(describing: reason))")
            return
        }
    }

    @Test("Empty is the answer to a 204 or a HEAD request", arguments: [HTTPMethod.get, .head])
    func emptyValue(_ method: HTTPMethod) throws {
        // Given an empty answer that is allowed
        let status = method == .head ? 200 : 204
        // When decoded to Empty
        let value = try DecodableResponseSerializer<Empty>().serialize(
            request: T.request(method), response: T.response(status), data: nil, error: nil)
        // Then it is the shared value
        #expect(value == Empty.value)
        #expect(Empty.emptyValue() == Empty.value)
    }

    @Test("a type adopting EmptyResponse gives its own empty value")
    func adopterEmptyValue() throws {
        // Given a 205 without a body
        let value = try DecodableResponseSerializer<Receipt>().serialize(
            request: nil, response: T.response(205), data: Data(), error: nil)
        // Then the type's empty value comes back
        #expect(value == Receipt(id: nil))
    }

    @Test("a type without an empty value fails with invalidEmptyResponse naming it")
    func noEmptyValue() {
        // Given a 204 for a type with no empty form
        let reason = T.reason {
            try DecodableResponseSerializer<Profile>().serialize(
                request: nil, response: T.response(204), data: nil, error: nil)
        }
        // Then the failure names the type
        guard case .invalidEmptyResponse(let type) = reason else {
            Issue.record("expected invalidEmptyResponse, got \(String(describing: reason))")
            return
        }
        #expect(type == "Profile")
    }

    @Test("an empty 200 answer fails with inputDataNilOrZeroLength even for Empty")
    func emptyRefused() {
        // Given a GET answered 200 with nothing
        let reason = T.reason {
            try DecodableResponseSerializer<Empty>().serialize(
                request: T.request(), response: T.response(200), data: nil, error: nil)
        }
        // Then emptiness is refused before the type is asked
        guard case .inputDataNilOrZeroLength = reason else {
            Issue.record("expected inputDataNilOrZeroLength, got \(String(describing: reason))")
            return
        }
    }

    @Test("the preprocessor runs before the decoder, and a property-list decoder works")
    func preprocessorAndPropertyList() throws {
        // Given an XSSI-prefixed JSON body, and a property list
        let json = Data(")]}',\n{\"name\":\"Ada\"}".utf8)
        let plist = try PropertyListEncoder().encode(Profile(name: "Grace"))
        // When decoded
        let fromJSON = try DecodableResponseSerializer<Profile>(dataPreprocessor: .googleXSSI).serialize(
            request: nil, response: nil, data: json, error: nil)
        let fromPlist = try DecodableResponseSerializer<Profile>.decodable(
            of: Profile.self, decoder: PropertyListDecoder()
        )
        .serialize(request: nil, response: nil, data: plist, error: nil)
        // Then both decode
        #expect(fromJSON.name == "Ada")
        #expect(fromPlist.name == "Grace")
    }

    @Test("Empty encodes as an empty object and decodes from any object")
    func emptyCoding() throws {
        // Given Empty
        let encoded = try JSONEncoder().encode(Empty.value)
        // Then it round-trips through {} and ignores an object's members
        #expect(encoded == Data("{}".utf8))
        #expect(try JSONDecoder().decode(Empty.self, from: Data(#"{"a":1}"#.utf8)) == Empty.value)
    }
}
