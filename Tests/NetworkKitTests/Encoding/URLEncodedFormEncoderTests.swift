import Foundation
import NetworkKit
import Testing

// Expected strings are the outputs Alamofire 5.12's own URLEncodedFormEncoder tests document for
// these inputs, or worked out by hand from its rules (sorted pairs per level, RFC 3986 §3.4 escaping
// that keeps only unreserved characters, `?` and `/`); none was produced by NetworkKit.

/// A struct with a scalar, a number, a flag, an array, a dictionary, a nested dictionary and a
/// nested struct, in that declaration order.
private struct Shelf: Encodable {
    struct Label: Encodable { let a = "a" }

    let one = "one"
    let two = 2
    let three = true
    let four = [1, 2, 3]
    let five = ["a": "a"]
    let six = ["a": ["b": "b"]]
    let seven = Label()
}

/// A base class whose synthesized encoding a subclass extends.
private class Product: Encodable {
    let one = "one"
    let two = 2
    let three = true
}

/// Calls the superclass's `encode(to:)` with the same encoder, then adds its own members.
private final class Parcel: Product {
    let four = [1, 2, 3]
    let five = ["a": "a", "b": "b"]

    private enum CodingKeys: String, CodingKey { case four, five }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(four, forKey: .four)
        try container.encode(five, forKey: .five)
    }
}

/// Writes through every super encoder a container offers, over members already written.
private final class Crate: Product {
    let four = [1, 2, 3]
    let five = ["a": "a", "b": "b"]

    private enum CodingKeys: String, CodingKey { case four, five }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(four, forKey: .four)
        try container.encode(five, forKey: .five)
        // The keyed super encoder writes beside the members: `four` becomes "one".
        var beside = container.superEncoder().container(keyedBy: CodingKeys.self)
        try beside.encode(one, forKey: .four)
        // The super encoder for a key writes under it: `four` becomes an object.
        var under = container.superEncoder(forKey: .four).container(keyedBy: CodingKeys.self)
        try under.encode(two, forKey: .five)
        // An unkeyed container's super encoder writes at that container's own path.
        var list = container.nestedUnkeyedContainer(forKey: .four)
        var fromList = list.superEncoder().container(keyedBy: CodingKeys.self)
        try fromList.encode(one, forKey: .four)
    }
}

/// Mixes keyed and unkeyed containers under one key; the unkeyed writes win.
private struct Warehouse: Encodable {
    private enum RootKey: String, CodingKey { case root }
    private enum Keys: String, CodingKey { case a }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: RootKey.self)
        var keyed = container.nestedContainer(keyedBy: Keys.self, forKey: .root)
        try keyed.encode(["string": "string"], forKey: .a)
        var list = container.nestedUnkeyedContainer(forKey: .root)
        try list.encode([1, 2, 3])
        var keyedInList = list.nestedContainer(keyedBy: Keys.self)
        try keyedInList.encode(["string": "string"], forKey: .a)
        var listInList = list.nestedUnkeyedContainer()
        try listInList.encode([1, 2, 3])
    }
}

@Suite("URLEncodedFormEncoder")
struct URLEncodedFormEncoderTests {
    let encoder = URLEncodedFormEncoder()

    @Test("scalars of every width are written as Swift prints them")
    func scalars() throws {
        // Given one value of each scalar type
        // When each is encoded under `a`
        // Then integers are plain, floating point keeps `.0`, and Decimal prints its digits
        #expect(try encoder.encode(["a": "a"]) as String == "a=a")
        #expect(try encoder.encode(["a": 1.0]) as String == "a=1.0")
        #expect(try encoder.encode(["a": Float(1)]) as String == "a=1.0")
        #expect(try encoder.encode(["a": Decimal(1)]) as String == "a=1")
        #expect(try encoder.encode(["a": try #require(Decimal(string: "1.123456"))]) as String == "a=1.123456")
        #expect(try encoder.encode(["a": Int8(1)]) as String == "a=1")
        #expect(try encoder.encode(["a": Int16(1)]) as String == "a=1")
        #expect(try encoder.encode(["a": Int32(1)]) as String == "a=1")
        #expect(try encoder.encode(["a": Int64(-1)]) as String == "a=-1")
        #expect(try encoder.encode(["a": UInt(1)]) as String == "a=1")
        #expect(try encoder.encode(["a": UInt8(1)]) as String == "a=1")
        #expect(try encoder.encode(["a": UInt16(1)]) as String == "a=1")
        #expect(try encoder.encode(["a": UInt32(1)]) as String == "a=1")
        #expect(try encoder.encode(["a": UInt64.max]) as String == "a=18446744073709551615")
    }

    @Test("a struct's members are sorted, nested keys in escaped brackets")
    func encodableStruct() throws {
        // Given a struct with arrays, dictionaries and a nested struct
        // When encoded with the defaults
        let query: String = try encoder.encode(Shelf())
        // Then the pairs are sorted and nested keys bracketed
        #expect(
            query
                == "five%5Ba%5D=a&four%5B%5D=1&four%5B%5D=2&four%5B%5D=3&one=one&seven%5Ba%5D=a"
                + "&six%5Ba%5D%5Bb%5D=b&three=1&two=2")
    }

    @Test("without alphabetizing, an Encodable type's pairs keep its encoding order")
    func encodingOrder() throws {
        // Given the same struct and an encoder that does not sort
        let unsorted = URLEncodedFormEncoder(alphabetizeKeyValuePairs: false)
        // When encoded
        let query: String = try unsorted.encode(Shelf())
        // Then the members come in declaration order
        #expect(
            query
                == "one=one&two=2&three=1&four%5B%5D=1&four%5B%5D=2&four%5B%5D=3&five%5Ba%5D=a"
                + "&six%5Ba%5D%5Bb%5D=b&seven%5Ba%5D=a")
    }

    @Test("a class hierarchy's members land side by side")
    func classes() throws {
        // Given a base class, and a subclass that encodes through super first
        // When each is encoded
        // Then the subclass's members join the base class's at the top level
        #expect(try encoder.encode(Product()) as String == "one=one&three=1&two=2")
        #expect(
            try encoder.encode(Parcel()) as String
                == "five%5Ba%5D=a&five%5Bb%5D=b&four%5B%5D=1&four%5B%5D=2&four%5B%5D=3&one=one&three=1&two=2")
        // And with indices, the array elements are numbered
        #expect(
            try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets).encode(Parcel()) as String
                == "five%5Ba%5D=a&five%5Bb%5D=b&four%5B0%5D=1&four%5B1%5D=2&four%5B2%5D=3&one=one&three=1&two=2")
    }

    @Test("superEncoder writes beside, superEncoder(forKey:) under the key, later writes replace")
    func superEncoders() throws {
        // Given a type that writes through each kind of super encoder over its own members
        // When encoded with either array strategy
        // Then `four` ends as the object the last writes made, as in Alamofire
        let expected = "five%5Ba%5D=a&five%5Bb%5D=b&four%5Bfive%5D=2&four%5Bfour%5D=one"
        #expect(try encoder.encode(Crate()) as String == expected)
        #expect(try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets).encode(Crate()) as String == expected)
    }

    @Test("nested unkeyed and keyed containers under one key")
    func nestedContainers() throws {
        // Given keyed and unkeyed containers nested under one key
        // When encoded with brackets, then with indices
        // Then the unkeyed writes replace the keyed member and keep their own order
        #expect(
            try encoder.encode(Warehouse()) as String
                == "root%5B%5D%5B%5D%5B%5D=1&root%5B%5D%5B%5D%5B%5D=2&root%5B%5D%5B%5D%5B%5D=3"
                + "&root%5B%5D%5B%5D=1&root%5B%5D%5B%5D=2&root%5B%5D%5B%5D=3&root%5B%5D%5Ba%5D%5Bstring%5D=string")
        #expect(
            try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets).encode(Warehouse()) as String
                == "root%5B0%5D%5B0%5D=1&root%5B0%5D%5B1%5D=2&root%5B0%5D%5B2%5D=3"
                + "&root%5B1%5D%5Ba%5D%5Bstring%5D=string&root%5B2%5D%5B0%5D%5B0%5D=1"
                + "&root%5B2%5D%5B0%5D%5B1%5D=2&root%5B2%5D%5B0%5D%5B2%5D=3")
    }

    @Test("arrays of dictionaries and of structs are numbered element by element")
    func arraysOfObjects() throws {
        // Given arrays whose elements are objects
        let indexed = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)
        // When encoded with indices
        // Then each element's members share its index
        #expect(
            try indexed.encode(["foo": [["bar": 2], ["qux": 3], ["quy": 4]]]) as String
                == "foo%5B0%5D%5Bbar%5D=2&foo%5B1%5D%5Bqux%5D=3&foo%5B2%5D%5Bquy%5D=4")
        #expect(
            try indexed.encode(["foo": [["bar": "2"], ["qux": "3"], ["quy": "4"]]]) as String
                == "foo%5B0%5D%5Bbar%5D=2&foo%5B1%5D%5Bqux%5D=3&foo%5B2%5D%5Bquy%5D=4")
        #expect(
            try indexed.encode(["foo": [["bar": true], ["qux": false], ["quy": true]]]) as String
                == "foo%5B0%5D%5Bbar%5D=1&foo%5B1%5D%5Bqux%5D=0&foo%5B2%5D%5Bquy%5D=1")
        #expect(
            try indexed.encode(["foo": [Product()]]) as String
                == "foo%5B0%5D%5Bone%5D=one&foo%5B0%5D%5Bthree%5D=1&foo%5B0%5D%5Btwo%5D=2")
    }

    @Test("an element's members stay together after a dropped nil element")
    func droppedNilElement() throws {
        // Given an array of optional structs whose first element is nil
        struct Pair: Encodable { let a = 1, b = 2 }
        let pairs: [Pair?] = [nil, Pair()]
        // When encoded with indices, dropping nils
        let query: String = try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets).encode(["k": pairs])
        // Then the present element is element 0 and holds both members
        #expect(query == "k%5B0%5D%5Ba%5D=1&k%5B0%5D%5Bb%5D=2")
    }

    @Test("keys with integer values name members, not array slots (unlike Alamofire)")
    func integerKeys() throws {
        // Given a dictionary keyed by integers, and string keys that read as integers
        // When encoded
        // Then each key is a member name, sorted as text, and no member is lost
        #expect(try encoder.encode(["a": [9: "y", 5: "x"]]) as String == "a%5B5%5D=x&a%5B9%5D=y")
        #expect(try encoder.encode(["a": ["1": "x", "b": "y"]]) as String == "a%5B1%5D=x&a%5Bb%5D=y")
        #expect(try encoder.encode(["1": "x", "2": "y"]) as String == "1=x&2=y")
    }

    @Test("a URL is written as its absolute string, as JSONEncoder writes it")
    func url() throws {
        // Given a URL member
        let value = ["u": try #require(URL(string: "https://example.com/a?b=c"))]
        // When encoded
        // Then it is one escaped pair
        #expect(try encoder.encode(value) as String == "u=https%3A//example.com/a?b%3Dc")
    }

    @Test("an empty value gives an empty string")
    func empty() throws {
        // Given an empty dictionary
        // When encoded to text and to data
        // Then both are empty
        #expect(try encoder.encode([String: String]()) as String == "")
        #expect(try encoder.encode([String: String]()) as Data == Data())
    }

    @Test("Data output is the text's UTF-8")
    func dataOutput() throws {
        // Given a value with non-ASCII text
        let value = ["café": "crème brûlée", "n": "1"]
        // When encoded to text and to data
        let text: String = try encoder.encode(value)
        let data: Data = try encoder.encode(value)
        // Then the data is the text's bytes
        #expect(data == Data(text.utf8))
        #expect(text == "caf%C3%A9=cr%C3%A8me%20br%C3%BBl%C3%A9e&n=1")
    }

    @Test("a URL parser reads back every key and value")
    func roundTrip() throws {
        // Given values full of delimiters and non-ASCII text
        let value = ["a&b": "x=y&z", "plus+": "1+1", "percent": "100%", "emoji": "😃 ok", "slash?": "/a?b"]
        // When encoded and parsed by URLComponents
        let query: String = try encoder.encode(value)
        let items = URLComponents(string: "http://h/?" + query)?.queryItems ?? []
        // Then every pair comes back as it was
        let decoded = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
        #expect(decoded == value)
    }

    @Test("an encoder with custom strategies crosses into a detached task")
    func sendable() async throws {
        // Given an encoder holding closures
        let encoder = URLEncodedFormEncoder(
            arrayEncoding: .custom { key, index in "\(key)_\(index)" }, keyEncoding: .custom { $0.uppercased() })
        // When it encodes in a detached task
        let query = try await Task.detached { try encoder.encode(["a": [1, 2]]) as String }.value
        // Then its strategies applied there
        #expect(query == "A_0=1&A_1=2")
    }

    @Test("a second value through one single-value container is an EncodingError")
    func singleValueTwice() {
        // Given a type that encodes two values through one single-value container
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(1)
                try container.encode(2)
            }
        }
        // When it is encoded as a member
        // Then the second write throws invalidValue
        let error = #expect(throws: EncodingError.self) { try encoder.encode(["a": Twice()]) as String }
        guard case .invalidValue(let value, let context) = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(value as? Int == 2)
        #expect(context.codingPath.map(\.stringValue) == ["a"])
    }
}
