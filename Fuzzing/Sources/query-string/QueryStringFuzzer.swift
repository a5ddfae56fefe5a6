import Foundation
import FuzzSupport
import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `QueryStringEncoder` (and `URLEncoding`, `toQueryString()`) on arbitrary nested parameter values:
/// strings, every kind of number (NaN, infinities, `NSNumber`, `Decimal`), booleans, `NSNull`,
/// optionals, values of other types, and arrays and dictionaries of them to any depth, in every
/// encoder option.
///
/// The query must hold only unreserved characters, `?`, `/`, `=`, `&`, `+` (for spaces when asked)
/// and `%XX` escapes; it must split into one pair per leaf whose decoded key is the leaf's key path
/// (`a[b][]`) and, for a string leaf, whose decoded value is the string; `queryComponents` and
/// `URLEncoding` must agree with it.
@main
enum QueryStringFuzzer {
    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            QueryStringFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        let encoder = QueryStringEncoder(
            arrayEncoding: input.pick([
                .brackets, .noBrackets, .indexInBrackets, .custom { key, index in "\(key)(\(index))" },
            ]),
            boolEncoding: input.pick([.numeric, .literal]),
            spaceEncoding: input.pick([.percentEscaped, .plus]))
        var budget = 64
        var parameters: [String: Node] = [:]
        for _ in 0..<(1 + input.choice(4)) {
            parameters[input.text(upTo: 12)] = Node.make(&input, depth: 0, budget: &budget)
        }
        check(parameters, encoder: encoder)
    }

    static func check(_ nodes: [String: Node], encoder: QueryStringEncoder) {
        let parameters = nodes.mapValues(\.value)
        let query = encoder.query(parameters)
        invariant(encoder.query(parameters) == query, "the query changed between two calls")
        checkCharacters(query, plus: encoder.spaceEncoding == .plus)
        let expected = nodes.sorted { $0.key < $1.key }.flatMap { $0.value.pairs(key: $0.key, encoder: encoder) }
            .filter { !($0.key.isEmpty && $0.value == nil) }
        let found = query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (key: decode(parts[0], encoder), value: parts.count > 1 ? decode(parts[1], encoder) : nil)
        }
        invariant(found.count == expected.count, "\(found.count) pairs in \(query), \(expected.count) leaves")
        for (pair, leaf) in zip(found, expected) {
            invariant(pair.key == Array(leaf.key.utf8), "key \(leaf.key.debugDescription) encoded wrongly in \(query)")
            invariant((pair.value == nil) == (leaf.value == nil), "value presence of \(leaf.key) in \(query)")
            if let text = leaf.text { invariant(pair.value == Array(text.utf8), "value of \(leaf.key) in \(query)") }
        }
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
            let single = encoder.query([key: value])
            let components = encoder.queryComponents(fromKey: key, value: value)
            let joined = components.map { name, value in value.map { name + "=" + $0 } ?? name }.joined(separator: "&")
            invariant(joined == single, "queryComponents \(joined) differs from query \(single)")
        }
        checkURLEncoding(parameters, encoder: encoder, query: query)
    }

    static func checkCharacters(_ query: String, plus: Bool) {
        let bytes = Array(query.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                invariant(index + 2 < bytes.count && hexByte(bytes[index + 1], bytes[index + 2]) != nil, "bad escape")
                index += 3
                continue
            }
            let allowed =
                PercentEncoding.AllowedCharacters.queryComponent.contains(byte) || byte == UInt8(ascii: "=")
                || byte == UInt8(ascii: "&") || (plus && byte == UInt8(ascii: "+"))
            invariant(allowed, "raw byte \(byte) in \(query)")
            index += 1
        }
    }

    static func checkURLEncoding(_ parameters: [String: Any], encoder: QueryStringEncoder, query: String) {
        guard let url = URL(string: "http://example.org/p") else { return }
        let encoding = URLEncoding(destination: .queryString, encoder: encoder)
        do {
            let request = try encoding.encode(URLRequest(url: url), with: parameters)
            let sent = request.url.flatMap {
                URLComponents(url: $0, resolvingAgainstBaseURL: false)?.percentEncodedQuery
            }
            invariant(sent == (query.isEmpty ? nil : query), "URLEncoding sent \(String(describing: sent))")
        } catch {
            invariant(false, "URLEncoding threw \(error)")
        }
        // SurfUtils' toQueryString() is the default encoder with booleans written as words.
        if encoder == QueryStringEncoder(boolEncoding: .literal) {
            invariant(parameters.toQueryString() == (parameters.isEmpty ? nil : query), "toQueryString differs")
        }
    }

    /// A key or value: `+` as a space when the encoder writes spaces so, then `%XX` escapes.
    static func decode(_ text: Substring, _ encoder: QueryStringEncoder) -> [UInt8] {
        var bytes = Array(text.utf8)
        if encoder.spaceEncoding == .plus { bytes = bytes.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 } }
        return decodingValidPercentEscapes(bytes)
    }
}
