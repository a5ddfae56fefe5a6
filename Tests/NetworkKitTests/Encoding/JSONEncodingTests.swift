import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("JSONEncoding")
struct JSONEncodingTests {
    private let request = URLRequest(url: URL(string: "http://h/x")!)

    @Test("a dictionary becomes sorted JSON with its content type")
    func encodes() throws {
        // Given nested parameters
        let parameters: Parameters = ["b": [1, 2], "a": ["c": NSNull(), "d": true]]
        // When encoded
        let encoded = try JSONEncoding.default.encode(request, with: parameters)
        // Then the body is the JSON text and the header says so
        #expect(encoded.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"a":{"c":null,"d":true},"b":[1,2]}"#)
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("non-finite numbers and foreign values name their key path")
    func rejects() {
        // Given a NaN deep inside and a value JSON cannot hold
        let nan: Parameters = ["a": ["b": [1.0, Double.nan]]]
        let date: Parameters = ["when": Date()]
        // Then each is a typed error with its path
        #expect {
            try JSONEncoding.default.encode(request, with: nan)
        } throws: { error in
            guard case .encodingFailed(.nonFiniteNumber(let path)) = error as? HTTPError else { return false }
            return path == "a.b[1]"
        }
        #expect {
            try JSONEncoding.default.encode(request, with: date)
        } throws: { error in
            guard case .encodingFailed(.invalidJSONValue(let path)) = error as? HTTPError else { return false }
            return path == "when"
        }
    }

    @Test("an Encodable body uses the given encoder")
    func encodable() throws {
        // Given a value and an encoder with snake-case keys
        struct Item: Encodable { var itemName: String }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        // When encoded
        let data = try HTTPBody.json(Item(itemName: "tea"), encoder: encoder)
        // Then the strategy applied
        #expect(String(decoding: data, as: UTF8.self) == #"{"item_name":"tea"}"#)
    }
}
