import Foundation

/// A path pattern such as `/category/:id`, `/category/{id}` or `/files/*`, matched segment by segment.
///
/// Literal segments match exactly (after percent-decoding), `:name` and `{name}` capture one
/// segment, and a final `*` matches whatever remains. Leading and trailing slashes do not matter,
/// so `category/:id` and `/category/:id/` are the same pattern.
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
        case rest
    }

    /// The pattern as written.
    public let description: String
    let segments: [Segment]

    /// Parses a pattern.
    ///
    /// - Parameter pattern: the pattern, such as `/category/:id`.
    public init(_ pattern: String) {
        description = pattern
        segments = Self.split(pattern).map { piece -> Segment in
            if piece == "*" { return .rest }
            if piece.hasPrefix(":"), piece.count > 1 { return .parameter(String(piece.dropFirst())) }
            if piece.hasPrefix("{"), piece.hasSuffix("}"), piece.count > 2 {
                return .parameter(String(piece.dropFirst().dropLast()))
            }
            return .literal(Self.decode(piece))
        }
    }

    /// Matches a request path.
    ///
    /// - Parameter path: the path, percent-encoded as sent (no query).
    /// - Returns: the captured parameters, percent-decoded, or nil when the path does not match.
    public func match(_ path: String) -> [String: String]? {
        let pieces = Self.split(path)
        var parameters: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .rest:
                parameters["*"] = pieces.dropFirst(index).joined(separator: "/")
                return parameters
            case .literal(let text):
                guard index < pieces.count, Self.decode(pieces[index]) == text else { return nil }
            case .parameter(let name):
                guard index < pieces.count else { return nil }
                parameters[name] = Self.decode(pieces[index])
            }
        }
        return pieces.count == segments.count ? parameters : nil
    }

    private static func split<Text: StringProtocol>(_ path: Text) -> [Text.SubSequence] {
        var pieces = path.split(separator: "/", omittingEmptySubsequences: false)
        if pieces.last?.isEmpty == true { pieces.removeLast() }
        if pieces.first?.isEmpty == true { pieces.removeFirst() }
        return pieces
    }

    /// A path segment percent-decoded; as it is when it holds no escape or an invalid one.
    static func decode<Text: StringProtocol>(_ piece: Text) -> String {
        // Most segments hold no escape: they need no trip through Foundation.
        guard piece.utf8.contains(UInt8(ascii: "%")) else { return String(piece) }
        let text = String(piece)
        return text.removingPercentEncoding ?? text
    }
}
