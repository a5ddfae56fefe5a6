import Foundation
import NetworkKit
import Testing

// Expected strings are the outputs Alamofire 5.12's URLEncodedFormEncoder tests and documentation
// give for these options, or worked out by hand from its rules; none was produced by NetworkKit.

/// A struct with one member that has a value and one that is nil.
private struct Draft: Encodable {
    let one = "one"
    let two: String? = nil
}

/// Members named at run time (key strategies apply to a type's keys, not to a dictionary's).
private struct Members: Encodable {
    struct Name: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    let names: [String]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Name.self)
        for name in names { try container.encode("v", forKey: Name(stringValue: name)) }
    }
}

@Suite("URLEncodedFormEncoder options")
struct URLEncodedFormEncoderOptionTests {
    /// 123.456 s after 1 January 2001, 00:00:00 UTC.
    let date = Date(timeIntervalSinceReferenceDate: 123.456)

    @Test("arrayEncoding: brackets, no brackets, indices, custom")
    func arrays() throws {
        // Given one array
        let value = ["array": [1, 2]]
        // When encoded with each array strategy
        // Then each element's key follows it
        #expect(try URLEncodedFormEncoder().encode(value) as String == "array%5B%5D=1&array%5B%5D=2")
        #expect(
            try URLEncodedFormEncoder(arrayEncoding: .brackets).encode(value) as String == "array%5B%5D=1&array%5B%5D=2"
        )
        #expect(try URLEncodedFormEncoder(arrayEncoding: .noBrackets).encode(value) as String == "array=1&array=2")
        #expect(
            try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets).encode(value) as String
                == "array%5B0%5D=1&array%5B1%5D=2")
        let custom = URLEncodedFormEncoder(arrayEncoding: .custom { key, index in "\(key).\(index + 1)" })
        #expect(try custom.encode(value) as String == "array.1=1&array.2=2")
    }

    @Test("sorting applies to array elements as text, as in Alamofire")
    func sortedElements() throws {
        // Given an array whose elements are out of text order
        let value = ["n": [7, 200, 31]]
        // When encoded with and without sorting
        // Then sorting orders the elements' pairs as text; without it they keep their order
        #expect(try URLEncodedFormEncoder().encode(value) as String == "n%5B%5D=200&n%5B%5D=31&n%5B%5D=7")
        #expect(
            try URLEncodedFormEncoder(alphabetizeKeyValuePairs: false).encode(value) as String
                == "n%5B%5D=7&n%5B%5D=200&n%5B%5D=31")
    }

    @Test("boolEncoding: numeric by default, literal on request")
    func bools() throws {
        // Given both truth values
        let value = ["no": false, "yes": true]
        // When encoded with each bool strategy
        // Then they are 1/0 or true/false
        #expect(try URLEncodedFormEncoder().encode(value) as String == "no=0&yes=1")
        #expect(try URLEncodedFormEncoder(boolEncoding: .numeric).encode(value) as String == "no=0&yes=1")
        #expect(try URLEncodedFormEncoder(boolEncoding: .literal).encode(value) as String == "no=false&yes=true")
    }

    @Test("dataEncoding: base64 by default, deferred to Data, custom")
    func data() throws {
        // Given some bytes
        // When encoded with each data strategy
        // Then base64 is escaped, deferred writes the byte values, custom writes the closure's text
        #expect(try URLEncodedFormEncoder().encode(["data": Data("data".utf8)]) as String == "data=ZGF0YQ%3D%3D")
        let deferred = URLEncodedFormEncoder(dataEncoding: .deferredToData)
        #expect(try deferred.encode(["data": Data([7, 200])]) as String == "data%5B%5D=200&data%5B%5D=7")
        let hex = URLEncodedFormEncoder(dataEncoding: .custom { $0.map { String($0, radix: 16) }.joined() })
        #expect(try hex.encode(["data": Data([0xCA, 0xFE])]) as String == "data=cafe")
    }

    @Test("a custom data or date strategy's error comes out unchanged")
    func customErrors() {
        // Given strategies that throw
        struct Refused: Error {}
        let data = URLEncodedFormEncoder(dataEncoding: .custom { _ in throw Refused() })
        let date = URLEncodedFormEncoder(dateEncoding: .custom { _ in throw Refused() })
        // When a value uses them
        // Then their error is what the encoder throws
        #expect(throws: Refused.self) { try data.encode(["data": Data("data".utf8)]) as String }
        #expect(throws: Refused.self) { try date.encode(["date": self.date]) as String }
    }

    @Test("dateEncoding: each strategy")
    func dates() throws {
        // Given a date and a fixed formatter
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSSS"
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let value = ["date": date]
        func encoded(_ strategy: URLEncodedFormEncoder.DateEncoding) throws -> String {
            try URLEncodedFormEncoder(dateEncoding: strategy).encode(value)
        }
        // When encoded with each date strategy
        // Then each gives Alamofire's text
        #expect(try URLEncodedFormEncoder().encode(value) as String == "date=123.456")
        #expect(try encoded(.deferredToDate) == "date=123.456")
        #expect(try encoded(.secondsSince1970) == "date=978307323.456")
        #expect(try encoded(.millisecondsSince1970) == "date=978307323456.0")
        #expect(try encoded(.iso8601) == "date=2001-01-01T00%3A02%3A03Z")
        #expect(try encoded(.formatted(formatter)) == "date=2001-01-01%2000%3A02%3A03.4560")
        #expect(try encoded(.custom { "\($0.timeIntervalSinceReferenceDate)" }) == "date=123.456")
    }

    @Test(
        "keyEncoding: every strategy on oneTwoThree",
        arguments: [
            (URLEncodedFormEncoder.KeyEncoding.useDefaultKeys, "oneTwoThree"),
            (.convertToSnakeCase, "one_two_three"),
            (.convertToKebabCase, "one-two-three"),
            (.capitalized, "OneTwoThree"),
            (.uppercased, "ONETWOTHREE"),
            (.lowercased, "onetwothree"),
            (.custom { _ in "A" }, "A"),
        ])
    func keys(strategy: URLEncodedFormEncoder.KeyEncoding, expectedKey: String) throws {
        // Given a camel-case key
        // When encoded with the strategy
        let query: String = try URLEncodedFormEncoder(keyEncoding: strategy).encode(["oneTwoThree": "oneTwoThree"])
        // Then the key is rewritten and the value left alone
        #expect(query == "\(expectedKey)=oneTwoThree")
    }

    @Test(
        "snake and kebab case: capitals runs, underscores, edges",
        arguments: [
            ("oneTwoThree", "one_two_three", "one-two-three"),
            ("myURLProperty", "my_url_property", "my-url-property"),
            ("URLRequest", "u_rl_request", "u-rl-request"),
            ("_leading", "_leading", "_leading"),
            ("trailing_", "trailing_", "trailing_"),
            ("_oneTwoThree_", "_one_two_three_", "_one-two-three_"),
            ("HTTPStatusCode", "h_ttp_status_code", "h-ttp-status-code"),
            ("pageURL", "page_url", "page-url"),
            ("already_snake", "already_snake", "already_snake"),
            ("a", "a", "a"),
            ("", "", ""),
        ])
    func snakeAndKebab(key: String, snake: String, kebab: String) throws {
        // Given a key
        let value = [key: "v"]
        // When encoded with snake and kebab case
        let snakeQuery: String = try URLEncodedFormEncoder(keyEncoding: .convertToSnakeCase).encode(value)
        let kebabQuery: String = try URLEncodedFormEncoder(keyEncoding: .convertToKebabCase).encode(value)
        // Then the words are split as Alamofire splits them
        #expect(snakeQuery == "\(snake)=v")
        #expect(kebabQuery == "\(kebab)=v")
    }

    @Test("snake case agrees with JSONEncoder's on ordinary camel-case keys")
    func snakeMatchesJSONEncoder() throws {
        // Given keys with words, acronyms and digits, and Foundation's snake-case JSON of them
        let keys = [
            "oneTwoThree", "myURLProperty", "URLRequest", "HTTPStatusCode", "userID", "version2Name", "a1B2",
            "_leading", "_oneTwoThree_",
        ]
        let value = Members(names: keys)
        let json = JSONEncoder()
        json.keyEncodingStrategy = .convertToSnakeCase
        let foundation = try JSONDecoder().decode([String: String].self, from: try json.encode(value)).keys.sorted()
        #expect(foundation.count == keys.count)
        // When the form encoder converts the same keys
        let query: String = try URLEncodedFormEncoder(keyEncoding: .convertToSnakeCase).encode(value)
        let ours = query.split(separator: "&").map { String($0.dropLast(2)) }.sorted()
        // Then both give the same keys
        #expect(ours == foundation)
    }

    @Test("keyEncoding applies to the whole key path, as in Alamofire")
    func keyPathRewrite() throws {
        // Given a nested camel-case member
        let value = ["parentKey": ["childKey": "v"]]
        // When encoded with key strategies
        // Then each rewrites the joined key
        #expect(
            try URLEncodedFormEncoder(keyEncoding: .convertToSnakeCase).encode(value) as String
                == "parent_key%5Bchild_key%5D=v")
        #expect(
            try URLEncodedFormEncoder(keyEncoding: .capitalized).encode(value) as String == "ParentKey%5BchildKey%5D=v")
        #expect(
            try URLEncodedFormEncoder(keyEncoding: .uppercased).encode(value) as String == "PARENTKEY%5BCHILDKEY%5D=v")
    }

    @Test("keyPathEncoding: brackets, dots, custom")
    func keyPaths() throws {
        // Given a nested dictionary
        let value = ["a": ["b": "b"]]
        // When encoded with each key path strategy
        // Then nested keys join as the strategy says
        #expect(try URLEncodedFormEncoder().encode(value) as String == "a%5Bb%5D=b")
        #expect(try URLEncodedFormEncoder(keyPathEncoding: .brackets).encode(value) as String == "a%5Bb%5D=b")
        #expect(try URLEncodedFormEncoder(keyPathEncoding: .dots).encode(value) as String == "a.b=b")
        #expect(try URLEncodedFormEncoder(keyPathEncoding: .init { "-\($0)" }).encode(value) as String == "a-b=b")
        // And deeper levels repeat it
        #expect(try URLEncodedFormEncoder(keyPathEncoding: .dots).encode(["a": ["b": ["c": 1]]]) as String == "a.b.c=1")
    }

    @Test("nilEncoding: drop the key, drop the value, null, custom")
    func nils() throws {
        // Given a nil in a dictionary and in a struct's synthesized encoding
        let dictionary: [String: String?] = ["a": nil]
        func encoded(_ strategy: URLEncodedFormEncoder.NilEncoding) throws -> (String, String) {
            let encoder = URLEncodedFormEncoder(nilEncoding: strategy)
            return (try encoder.encode(dictionary), try encoder.encode(Draft()))
        }
        // When encoded with each nil strategy
        // Then the pair is left out, written empty, written as null or as the closure says
        #expect(try URLEncodedFormEncoder().encode(dictionary) as String == "")
        #expect(try URLEncodedFormEncoder().encode(Draft()) as String == "one=one")
        #expect(try encoded(.dropKey) == ("", "one=one"))
        #expect(try encoded(.dropValue) == ("a=", "one=one&two="))
        #expect(try encoded(.null) == ("a=null", "one=one&two=null"))
        #expect(try encoded(.init { "none" }) == ("a=none", "one=one&two=none"))
    }

    @Test("nil array elements are dropped or written per nilEncoding")
    func nilElements() throws {
        // Given an array with a nil in the middle
        let value: [String: [String?]] = ["k": ["a", nil, "c"]]
        // When encoded with indices
        // Then a dropped nil takes no index, a written one keeps its place
        #expect(
            try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets).encode(value) as String
                == "k%5B0%5D=a&k%5B1%5D=c")
        #expect(
            try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, nilEncoding: .null).encode(value) as String
                == "k%5B0%5D=a&k%5B1%5D=null&k%5B2%5D=c")
    }

    @Test("spaceEncoding: %20 by default, + on request, and a literal + is always escaped")
    func spaces() throws {
        // Given spaces in a key and a value, and a plus
        let value = [" foo ": " bar ", "math": "1+1"]
        // When encoded with each space strategy
        // Then spaces become %20 or +, and + is %2B either way
        #expect(try URLEncodedFormEncoder().encode(value) as String == "%20foo%20=%20bar%20&math=1%2B1")
        #expect(
            try URLEncodedFormEncoder(spaceEncoding: .plusReplaced).encode(value) as String == "+foo+=+bar+&math=1%2B1")
        #expect(
            try URLEncodedFormEncoder(spaceEncoding: .plusReplaced).encode(["spaces": "replace with spaces"]) as String
                == "spaces=replace+with+spaces")
    }

    @Test("allowedCharacters: the default keeps unreserved, ? and /; a custom set changes that")
    func allowedCharacters() throws {
        // Given the default set, one without ? and /, and one that also allows brackets and a space
        var strict = URLEncodedFormEncoder.defaultAllowedCharacters
        strict.remove(charactersIn: "?/")
        var loose = URLEncodedFormEncoder.defaultAllowedCharacters
        loose.insert(charactersIn: "[] é")
        // When values are encoded with each
        // Then only the allowed ASCII characters stay, and a space is still written per spaceEncoding
        #expect(try URLEncodedFormEncoder().encode(["?foo?": "/bar/?"]) as String == "?foo?=/bar/?")
        #expect(
            try URLEncodedFormEncoder(allowedCharacters: strict).encode(["allowed": "?/"]) as String == "allowed=%3F%2F"
        )
        #expect(
            try URLEncodedFormEncoder(allowedCharacters: loose).encode(["a": ["b": "x é"]]) as String
                == "a[b]=x%20%C3%A9")
        // And the set can change after creation
        var encoder = URLEncodedFormEncoder()
        encoder.allowedCharacters = strict
        #expect(try encoder.encode(["p": "a/b"]) as String == "p=a%2Fb")
    }

    @Test("the default set is RFC 3986's query set without the delimiters")
    func defaultSet() {
        // Given Foundation's query set minus what would end a key or value
        var expected = CharacterSet.urlQueryAllowed
        expected.subtract(CharacterSet(charactersIn: ":#[]@!$&'()*+,;="))
        // When compared with the encoder's default
        // Then they hold the same characters
        #expect(URLEncodedFormEncoder.defaultAllowedCharacters == expected)
    }

    @Test("escaping: unreserved kept; reserved, illegal, percent and non-Latin text escaped")
    func escaping() throws {
        // Given each class of character
        let encoder = URLEncodedFormEncoder()
        // When encoded as values
        // Then each is written as RFC 3986 §3.4 and Alamofire say
        #expect(
            try encoder.encode([
                "lower": "abcdefghijklmnopqrstuvwxyz", "num": "0123456789", "upper": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            ])
                as String == "lower=abcdefghijklmnopqrstuvwxyz&num=0123456789&upper=ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        #expect(
            try encoder.encode(["reserved": ":#[]@!$&'()*+,;="]) as String
                == "reserved=%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D")
        #expect(
            try encoder.encode(["illegal": " \"#%<>[]\\^`{}|"]) as String
                == "illegal=%20%22%23%25%3C%3E%5B%5D%5C%5E%60%7B%7D%7C")
        #expect(
            try encoder.encode(["foo&bar": "baz&qux", "foobar": "bazqux"]) as String
                == "foo%26bar=baz%26qux&foobar=bazqux")
        #expect(try encoder.encode(["percent%": "%25"]) as String == "percent%25=%2525")
        #expect(
            try encoder.encode(["arabic": "العربية", "emoji": "😃", "french": "français", "japanese": "日本語"]) as String
                == "arabic=%D8%A7%D9%84%D8%B9%D8%B1%D8%A8%D9%8A%D8%A9&emoji=%F0%9F%98%83&french=fran%C3%A7ais"
                + "&japanese=%E6%97%A5%E6%9C%AC%E8%AA%9E")
        let chinese = String(repeating: "一二三四五六七八九十", count: 2000)
        let escaped = String(
            repeating: "%E4%B8%80%E4%BA%8C%E4%B8%89%E5%9B%9B%E4%BA%94%E5%85%AD%E4%B8%83%E5%85%AB%E4%B9%9D%E5%8D%81",
            count: 2000)
        #expect(try encoder.encode(["chinese": chinese]) as String == "chinese=" + escaped)
    }

    @Test("a root that is not keyed throws formRootNotKeyed")
    func rootNotKeyed() {
        // Given roots that are an array, an empty array, a string and a number
        let encoder = URLEncodedFormEncoder()
        let cases: [(any Encodable, String, String)] = [
            ([1], "Array<Int>", "an array"),
            ([Int](), "Array<Int>", "an array"),
            ("string", "String", "a single value"),
            (42, "Int", "a single value"),
        ]
        for (value, type, found) in cases {
            // When encoded
            let error = #expect(throws: HTTPError.self) { try encoder.encode(value) as String }
            // Then the error names the type and what it encoded
            #expect(error == .encodingFailed(.formRootNotKeyed(type: type, found: found)))
            #expect(error?.description.contains(type) == true)
        }
    }
}
