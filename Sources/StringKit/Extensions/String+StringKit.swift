public import Foundation

extension String {
    /// This text with attributes applied to all of it (SurfUtils API; returns a Foundation
    /// `AttributedString`, which Apple code turns into `NSAttributedString` with `nsAttributedString`).
    ///
    /// - Parameter attributes: The styles.
    /// - Returns: The attributed text.
    public func with(attributes: [StringAttribute]) -> AttributedString {
        AttributedString(self, attributes: attributes.attributeContainer)
    }
}
