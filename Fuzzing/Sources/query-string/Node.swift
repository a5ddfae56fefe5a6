import Foundation
import FuzzSupport
import NetworkKit

/// A parameter value the input describes, with what the encoder must write for it.
indirect enum Node {
    /// A `String`: its pair's value must decode to it.
    case string(String)
    /// A scalar of another type, written in a form this harness does not predict.
    case scalar(Any)
    /// `NSNull`: a bare key.
    case null
    /// An array, as `[Any]` or, when `typed`, as `[Int]` (its elements are then `.scalar(Int)`).
    case array([Node], typed: Bool)
    /// A dictionary, as `[String: Any]`.
    case dictionary([String: Node])
    /// `Optional.some(node)`: written as the node.
    case optional(Node)

    /// One leaf's pair: its decoded key, whether it has a value, and the value when it is a string.
    struct Pair {
        var key: String
        var value: String?
        var text: String?
    }

    var value: Any {
        switch self {
        case .string(let text): text
        case .scalar(let value): value
        case .null: NSNull()
        case .array(let nodes, let typed):
            typed
                ? nodes.map { node -> Int in if case .scalar(let value as Int) = node { value } else { 0 } }
                : nodes.map(\.value)
        case .dictionary(let nodes): nodes.mapValues(\.value)
        case .optional(let node): Optional.some(node.value) as Any
        }
    }

    func pairs(key: String, encoder: QueryStringEncoder) -> [Pair] {
        switch self {
        case .string(let text): [Pair(key: key, value: text, text: text)]
        case .scalar: [Pair(key: key, value: "", text: nil)]
        case .null: [Pair(key: key, value: nil, text: nil)]
        case .optional(let node): node.pairs(key: key, encoder: encoder)
        case .dictionary(let nodes):
            nodes.sorted { $0.key < $1.key }.flatMap { $0.value.pairs(key: key + "[" + $0.key + "]", encoder: encoder) }
        case .array(let nodes, _):
            nodes.enumerated().flatMap { index, node in
                let element: String
                switch encoder.arrayEncoding {
                case .brackets: element = key + "[]"
                case .noBrackets: element = key
                case .indexInBrackets: element = key + "[\(index)]"
                case .custom(let name): element = name(key, index)
                }
                return node.pairs(key: element, encoder: encoder)
            }
        }
    }

    /// A value from the input, at most six levels deep and `budget` nodes in all.
    static func make(_ input: inout FuzzInput, depth: Int, budget: inout Int) -> Node {
        budget -= 1
        let containers = depth < 6 && budget > 0
        switch input.choice(containers ? 14 : 11) {
        case 0, 1: return .string(input.text(upTo: 16))
        case 2: return .scalar(Int(Int8(bitPattern: input.byte())) * Int(input.byte()))
        case 3: return .scalar(Double(bitPattern: bits(&input)))
        case 4: return .scalar(Float(bitPattern: UInt32(truncatingIfNeeded: bits(&input))))
        case 5: return .scalar(input.flag())
        case 6: return .null
        case 7: return .scalar(number(&input))
        case 8: return .scalar(Decimal(string: input.text(upTo: 24)) ?? Decimal.nan)
        case 9: return .scalar(input.pick(others(&input)))
        case 10:
            return input.flag() ? .scalar(Int?.none as Any) : .optional(make(&input, depth: depth + 1, budget: &budget))
        case 11:
            let count = input.choice(4)
            return .array((0..<count).map { _ in .scalar(Int(input.byte())) }, typed: true)
        case 12:
            let count = input.choice(4)
            return .array((0..<count).map { _ in make(&input, depth: depth + 1, budget: &budget) }, typed: false)
        default:
            var nodes: [String: Node] = [:]
            for _ in 0..<input.choice(4) {
                nodes[input.text(upTo: 8)] = make(&input, depth: depth + 1, budget: &budget)
            }
            return .dictionary(nodes)
        }
    }

    private static func bits(_ input: inout FuzzInput) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { value, _ in value << 8 | UInt64(input.byte()) }
    }

    private static func number(_ input: inout FuzzInput) -> NSNumber {
        switch input.choice(5) {
        case 0: NSNumber(value: input.flag())
        case 1: NSNumber(value: Int64(bitPattern: bits(&input)))
        case 2: NSNumber(value: Double(bitPattern: bits(&input)))
        case 3: NSNumber(value: UInt64(bits(&input)))
        default: NSNumber(value: Int8(bitPattern: input.byte()))
        }
    }

    private static func others(_ input: inout FuzzInput) -> [Any] {
        [
            UInt8(input.byte()), Int64.min, UInt64.max, Substring(input.text(upTo: 8)), Character("é"),
            Date(timeIntervalSince1970: Double(input.byte())), URL(string: "http://example.org/a?b") as Any,
            [1: "one"], (1, "tuple"), HTTPMethod.post,
        ]
    }
}
