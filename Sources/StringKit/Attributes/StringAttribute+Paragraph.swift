// Values that paragraph styles (UIKit's and AppKit's NSParagraphStyle) accept, worked out in portable
// code so the Apple conversion stays a thin copy of them.

extension StringAttribute {
    /// The line spacing a paragraph style gets for `spacing` points: never negative, as
    /// `NSParagraphStyle.lineSpacing` documents, and 0 for a value that is not finite. An
    /// `oldLineHeight` smaller than the font's own line height therefore adds no spacing.
    ///
    /// - Parameter spacing: The spacing asked for (for `oldLineHeight`, the height minus the font's).
    /// - Returns: The spacing to set.
    static func paragraphLineSpacing(_ spacing: Double) -> Double {
        spacing.isFinite ? max(0, spacing) : 0
    }
}
