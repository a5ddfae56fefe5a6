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
    /// For a pattern of one or more non-empty ASCII literal segments without `/`, `%` or other
    /// escapes: the segments joined by `/`, which an ASCII path without escapes matches exactly
    /// when it is these bytes once one trailing and then one leading slash are dropped.
    private let literalPath: [UInt8]?

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
        literalPath = Self.literalPath(of: segments)
    }

    /// Matches a request path.
    ///
    /// - Parameter path: the path, percent-encoded as sent (no query).
    /// - Returns: the captured parameters, percent-decoded, or nil when the path does not match.
    public func match(_ path: String) -> [String: String]? {
        if let literalPath, let matches = Self.matchesLiterally(path, literalPath) { return matches ? [:] : nil }
        let pieces = Self.split(path)
        var parameters: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .rest:
                parameters["*"] = pieces.dropFirst(index).joined(separator: "/")
                return parameters
            case .literal(let text):
                guard index < pieces.count, Self.matches(pieces[index], literal: text) else { return nil }
            case .parameter(let name):
                guard index < pieces.count else { return nil }
                parameters[name] = Self.decode(pieces[index])
            }
        }
        return pieces.count == segments.count ? parameters : nil
    }

    private static func literalPath(of segments: [Segment]) -> [UInt8]? {
        var joined: [UInt8] = []
        for segment in segments {
            guard case .literal(let text) = segment, !text.isEmpty,
                text.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "%") })
            else { return nil }
            if !joined.isEmpty { joined.append(UInt8(ascii: "/")) }
            joined.append(contentsOf: text.utf8)
        }
        return joined.isEmpty ? nil : joined
    }

    /// Whether an all-literal pattern matches `path`, without splitting it; nil when the path holds
    /// anything but ASCII or an escape, which the general match handles.
    ///
    /// The pieces of a path, joined by `/`, are the path less one trailing slash and then one leading
    /// one; with non-empty literals free of `/`, those bytes equal the joined literals exactly when
    /// the pieces equal the literals.
    private static func matchesLiterally(_ path: String, _ literalPath: [UInt8]) -> Bool? {
        var path = path
        return path.withUTF8 { bytes -> Bool? in
            guard !bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "%") }) else { return nil }
            var start = 0
            var end = bytes.count
            if end > start, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            if end > start, bytes[start] == UInt8(ascii: "/") { start += 1 }
            return end - start == literalPath.count && bytes[start..<end].elementsEqual(literalPath)
        }
    }

    private static func split<Text: StringProtocol>(_ path: Text) -> [Text.SubSequence] {
        var pieces = path.split(separator: "/", omittingEmptySubsequences: false)
        if pieces.last?.isEmpty == true { pieces.removeLast() }
        if pieces.first?.isEmpty == true { pieces.removeFirst() }
        return pieces
    }

    /// Whether a path segment, percent-decoded, is `literal`; a segment without escapes is compared
    /// as it is, without a decoded copy.
    private static func matches(_ piece: Substring, literal: String) -> Bool {
        guard piece.utf8.contains(UInt8(ascii: "%")) else { return piece == literal }
        return decode(piece) == literal
    }

    /// A path segment percent-decoded; as it is when it holds no escape or an invalid one.
    static func decode<Text: StringProtocol>(_ piece: Text) -> String {
        // Most segments hold no escape: they need no trip through Foundation.
        guard piece.utf8.contains(UInt8(ascii: "%")) else { return String(piece) }
        let text = String(piece)
        return text.removingPercentEncoding ?? text
    }
}
