extension StringAttribute {
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
}
