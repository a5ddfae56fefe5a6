extension StringAttribute {
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
}
