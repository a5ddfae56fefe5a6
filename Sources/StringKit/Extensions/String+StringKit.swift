public import Foundation

extension String {
    /// This text with attributes applied to all of it, as an `NSAttributedString` (SurfUtils API).
    ///
    /// The attributes are those of `toDictionary()`: StringKit keys everywhere, plus the UIKit/AppKit
    /// attributes on Apple platforms. For a Swift `AttributedString` use ``attributed(with:)``.
    ///
    /// ```swift
    /// label.attributedText = "Sale".with(attributes: [.kern(1), .foregroundColor(.red)])
    /// ```
    ///
    /// - Parameter attributes: The styles.
    /// - Returns: The attributed text.
    public func with(attributes: [StringAttribute]) -> NSAttributedString {
        NSAttributedString(string: self, attributes: attributes.toDictionary())
    }

    /// This text with attributes applied to all of it, as a Foundation `AttributedString` whose runs
    /// carry StringKit's attribute scope (read them with `StringAttribute.from(_:)` or
    /// `text.stringKitFont`).
    ///
    /// ```swift
    /// let html = HTMLRenderer().render("Sale".attributed(with: [.crossOut(style: .single)]))
    /// ```
    ///
    /// - Parameter attributes: The styles; a later one replaces an earlier one of the same kind.
    /// - Returns: The attributed text.
    public func attributed(with attributes: [StringAttribute]) -> AttributedString {
        AttributedString(self, attributes: attributes.attributeContainer)
    }
}
