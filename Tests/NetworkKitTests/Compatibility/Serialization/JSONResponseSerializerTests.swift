import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("JSONResponseSerializer (deprecated): JSONSerialization's values, as any Sendable")
struct JSONResponseSerializerTests {
    typealias T = SerializationTesting

    /// The deprecated serializer, reached without a deprecation warning.
    static var serializer: any ResponseSerializer<any Sendable> {
        (LegacyNames.self as any LegacyNameLookup.Type).jsonSerializer()
    }

    @Test("an object comes back castable as Alamofire's [String: Any]")
    func object() throws {
        // Given a JSON object with every kind of value
        let body = Data(#"{"name":"Ada","age":36,"ok":true,"tags":["a",null],"nested":{"x":1.5}}"#.utf8)
        // When serialized
        let value = try Self.serializer.serialize(
            request: nil, response: T.response(200), data: body, error: nil)
        // Then the usual casts read it
        let object = try #require(value as? [String: Any])
        #expect(object["name"] as? String == "Ada")
        #expect(object["age"] as? Int == 36)
        #expect(object["ok"] as? Bool == true)
        let tags = try #require(object["tags"] as? [Any])
        #expect(tags.first as? String == "a")
        #expect(tags.last is NSNull)
        #expect((object["nested"] as? [String: Any])?["x"] as? Double == 1.5)
    }

    @Test("a fragment is allowed by default")
    func fragment() throws {
        // Given a bare number
        let value = try Self.serializer.serialize(
            request: nil, response: nil, data: Data("42".utf8), error: nil)
        // Then it is read
        #expect(value as? Int == 42)
    }

    @Test("invalid JSON fails with jsonSerializationFailed")
    func invalid() {
        // Given a body that is not JSON
        let reason = T.reason {
            try Self.serializer.serialize(request: nil, response: nil, data: Data("{nope".utf8), error: nil)
        }
        // Then JSONSerialization's failure is wrapped
        guard case .jsonSerializationFailed = reason else {
            Issue.record("expected jsonSerializationFailed, got \(String(describing: reason))")
            return
        }
    }

    @Test("an allowed empty answer is NSNull; a refused one fails")
    func empty() throws {
        // Given empty answers to a HEAD and to a GET answered 200
        let serializer = Self.serializer
        let head = try serializer.serialize(request: T.request(.head), response: T.response(200), data: nil, error: nil)
        let reason = T.reason {
            try serializer.serialize(request: T.request(), response: T.response(200), data: nil, error: nil)
        }
        // Then the HEAD gives NSNull and the GET fails
        #expect(head is NSNull)
        guard case .inputDataNilOrZeroLength = reason else {
            Issue.record("expected inputDataNilOrZeroLength, got \(String(describing: reason))")
            return
        }
    }
}

/// Reaches the deprecated serializer through a protocol requirement, so that the tests compile
/// without a deprecation warning (the build treats warnings as errors).
private protocol LegacyNameLookup {
    static func jsonSerializer() -> any ResponseSerializer<any Sendable>
}

private enum LegacyNames: LegacyNameLookup {
    @available(*, deprecated, message: "uses JSONResponseSerializer on purpose")
    static func jsonSerializer() -> any ResponseSerializer<any Sendable> {
        JSONResponseSerializer()
    }
}
