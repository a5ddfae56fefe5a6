import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("ResponseSerializer: when an empty body is an answer, and DataResponseSerializer")
struct ResponseSerializerTests {
    typealias T = SerializationTesting

    @Test("the defaults are a passthrough preprocessor, HEAD, and 204 and 205")
    func defaults() {
        // Given a serializer built with no arguments
        let serializer = DataResponseSerializer()
        // Then it carries Alamofire's defaults
        #expect(serializer.dataPreprocessor is PassthroughPreprocessor)
        #expect(serializer.emptyRequestMethods == [.head])
        #expect(serializer.emptyResponseCodes == [204, 205])
        #expect(DataResponseSerializer.defaultEmptyResponseCodes == [204, 205])
        #expect(StringResponseSerializer.defaultEmptyRequestMethods == [.head])
    }

    @Test("204 and 205 answers and HEAD requests may be empty", arguments: [204, 205])
    func emptyAllowedByStatus(_ status: Int) throws {
        // Given an empty answer with an allowing status
        let serializer = DataResponseSerializer()
        let response = try #require(T.response(status))
        // When serialized without a body, and with an empty one
        let fromNil = try serializer.serialize(request: T.request(), response: response, data: nil, error: nil)
        let fromEmpty = try serializer.serialize(request: nil, response: response, data: Data(), error: nil)
        // Then both give empty data
        #expect(fromNil.isEmpty)
        #expect(fromEmpty.isEmpty)
    }

    @Test("a HEAD request's empty answer is allowed whatever the status")
    func emptyAllowedByMethod() throws {
        // Given a HEAD request answered 200 without a body
        let serializer = DataResponseSerializer()
        let response = try #require(T.response(200))
        // When serialized
        let data = try serializer.serialize(request: T.request(.head), response: response, data: nil, error: nil)
        // Then the answer is empty data
        #expect(data.isEmpty)
        #expect(serializer.requestAllowsEmptyResponseData(T.request(.head)) == true)
    }

    @Test("an empty 200 answer to a GET fails with inputDataNilOrZeroLength")
    func emptyRefused() throws {
        // Given a GET answered 200 without a body
        let serializer = DataResponseSerializer()
        let response = try #require(T.response(200))
        // When serialized, with no body and with an empty one, and with nothing known at all
        let reasons = [
            T.reason { try serializer.serialize(request: T.request(), response: response, data: nil, error: nil) },
            T.reason { try serializer.serialize(request: T.request(), response: response, data: Data(), error: nil) },
            T.reason { try serializer.serialize(request: nil, response: nil, data: nil, error: nil) },
        ]
        // Then each fails so
        for reason in reasons {
            guard case .inputDataNilOrZeroLength = reason else {
                Issue.record("expected inputDataNilOrZeroLength, got \(String(describing: reason))")
                continue
            }
        }
    }

    @Test("the allow checks answer nil when there is no request or response")
    func unknownInputs() {
        // Given a serializer
        let serializer = StringResponseSerializer()
        // Then a missing request or response has no opinion, and together they refuse
        #expect(serializer.requestAllowsEmptyResponseData(nil) == nil)
        #expect(serializer.responseAllowsEmptyResponseData(nil) == nil)
        #expect(serializer.emptyResponseAllowed(forRequest: nil, response: nil) == false)
        #expect(serializer.responseAllowsEmptyResponseData(T.response(200)) == false)
        #expect(serializer.emptyResponseAllowed(forRequest: T.request(.head), response: T.response(500)))
    }

    @Test("methods are compared exactly as the request reports them")
    func methodCase() {
        // Given a serializer allowing empty answers to PURGE, and requests spelling it two ways
        let serializer = DataResponseSerializer(emptyRequestMethods: [HTTPMethod(rawValue: "PURGE")])
        var upper = T.request()
        upper.httpMethod = "PURGE"
        var lower = T.request()
        lower.httpMethod = "purge"
        // Then only the exact spelling allows it (Foundation itself uppercases only standard methods)
        #expect(serializer.requestAllowsEmptyResponseData(upper) == true)
        #expect(serializer.requestAllowsEmptyResponseData(lower) == false)
    }

    @Test("custom codes and methods replace the defaults")
    func customRules() throws {
        // Given a serializer that allows empty 200s and DELETEs but not 204s
        let serializer = DataResponseSerializer.data(emptyResponseCodes: [200], emptyRequestMethods: [.delete])
        // When serialized empty
        let ok = try serializer.serialize(request: nil, response: T.response(200), data: nil, error: nil)
        let deleted = try serializer.serialize(request: T.request(.delete), response: nil, data: nil, error: nil)
        let noContent = T.reason {
            try serializer.serialize(request: T.request(.head), response: T.response(204), data: nil, error: nil)
        }
        // Then the rules given decide
        #expect(ok.isEmpty)
        #expect(deleted.isEmpty)
        guard case .inputDataNilOrZeroLength = noContent else {
            Issue.record("204 should no longer be allowed empty: \(String(describing: noContent))")
            return
        }
    }

    @Test("a body comes back as received, through the preprocessor")
    func body() throws {
        // Given a body and a serializer that strips XSSI prefixes
        let serializer = DataResponseSerializer(dataPreprocessor: .googleXSSI)
        // When serialized
        let data = try serializer.serialize(
            request: nil, response: T.response(200), data: Data(")]}',\n[1]".utf8), error: nil)
        // Then the prefix is gone
        #expect(data == Data("[1]".utf8))
    }

    @Test("a passed-in error comes back unchanged, even with a body or an allowed empty answer")
    func errorPassesThrough() throws {
        // Given an earlier error
        let earlier = MarkerError(id: 7)
        // When each serializer sees it
        let bodies: [() throws -> Any] = [
            {
                try DataResponseSerializer().serialize(
                    request: nil, response: nil, data: Data("x".utf8), error: earlier)
            },
            {
                try StringResponseSerializer().serialize(
                    request: nil, response: T.response(204), data: nil, error: earlier)
            },
            {
                try DecodableResponseSerializer<Empty>().serialize(
                    request: nil, response: nil, data: nil, error: earlier)
            },
            {
                try URLResponseSerializer().serializeDownload(request: nil, response: nil, fileURL: nil, error: earlier)
            },
            {
                try DataResponseSerializer().serializeDownload(
                    request: nil, response: nil, fileURL: URL(fileURLWithPath: "/"), error: earlier)
            },
        ]
        // Then it is thrown as it was
        for body in bodies {
            #expect(throws: earlier) { try body() }
        }
    }

    @Test("a preprocessor's error is thrown unchanged")
    func preprocessorError() {
        // Given a failing preprocessor
        let serializer = DataResponseSerializer(dataPreprocessor: FailingPreprocessor())
        // Then its error surfaces as it is
        #expect(throws: MarkerError(id: 99)) {
            try serializer.serialize(request: nil, response: nil, data: Data("x".utf8), error: nil)
        }
    }

    @Test("leading-dot forms build the serializers")
    func leadingDot() throws {
        // Given generic consumers of each protocol
        func response<S: ResponseSerializer>(_ serializer: S) -> S { serializer }
        func download<S: DownloadResponseSerializerProtocol>(_ serializer: S) -> S { serializer }
        // Then the static forms resolve to the concrete types
        #expect(response(.data).emptyResponseCodes == [204, 205])
        #expect(response(.string(encoding: .utf8)).encoding == .utf8)
        #expect(response(.decodable(of: Empty.self)).decoder is JSONDecoder)
        let file = URL(fileURLWithPath: "/tmp/f")
        #expect(try download(.url).serializeDownload(request: nil, response: nil, fileURL: file, error: nil) == file)
    }
}
