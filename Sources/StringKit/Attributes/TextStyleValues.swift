/// How lines of a paragraph line up (SurfUtils passed `NSTextAlignment`).
public enum TextAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Flush left.
    case left
    /// Centred.
    case center
    /// Flush right.
    case right
    /// Both edges flush.
    case justified
    /// Left or right, following the writing direction.
    case natural
}

/// How a line that does not fit is broken or truncated (SurfUtils passed `NSLineBreakMode`).
public enum LineBreakMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Wrap at word boundaries.
    case byWordWrapping
    /// Wrap at character boundaries.
    case byCharWrapping
    /// Cut off at the edge.
    case byClipping
    /// Ellipsis at the start.
    case byTruncatingHead
    /// Ellipsis at the end.
    case byTruncatingTail
    /// Ellipsis in the middle.
    case byTruncatingMiddle
}
