/// One style for a piece of text (SurfUtils API, portable): SurfUtils' cases and spellings, with
/// portable ``StringAttribute/Font`` and ``StringAttribute/Color`` values so the same styles work on Linux, in HTML and on Apple. On Apple
/// platforms SurfUtils' UIKit/AppKit values are accepted too (`.font(someUIFont)`, `.foregroundColor(someUIColor)`,
/// `.aligment(someNSTextAlignment)`, `.lineBreakMode(someNSLineBreakMode)`), and the font or colour given is
/// the one drawn.
///
/// ```swift
/// let styled = "Awesome attributed string".with(attributes: [.kern(9), .lineHeight(20)])  // NSAttributedString
/// let swifty = "Awesome".attributed(with: [.font(.boldSystemFont(ofSize: 16)), .foregroundColor(.red)])
/// ```
public enum StringAttribute: Sendable, Hashable {
    /// Extra space between lines, in points.
    case lineSpacing(Double)
    /// Extra space between letters, in points.
    case kern(Double)
    /// The font.
    case font(Font)
    /// The colour of the letters.
    case foregroundColor(Color)
    /// Paragraph alignment (SurfUtils' spelling; ``alignment(_:)`` is the same).
    case aligment(TextAlignment)
    /// A line through the text.
    case crossOut(style: CrossOutStyle)
    /// How lines are broken or truncated.
    case lineBreakMode(LineBreakMode)
    /// Vertical offset from the baseline, in points (positive raises).
    case baselineOffset(Double)
    /// The height of each line, in points: with a ``font(_:)`` Apple platforms use a line-height
    /// multiple, otherwise a minimum and maximum line height.
    case lineHeight(Double)
    /// Extra space after each paragraph, in points.
    case paragraphSpacing(Double)
    /// SurfUtils' older line height: with a ``font(_:)`` it becomes line spacing of
    /// `lineHeight - font line height`.
    case oldLineHeight(Double)

    /// Paragraph alignment, correctly spelled; the same as ``aligment(_:)``.
    ///
    /// - Parameter value: The alignment.
    /// - Returns: `.aligment(value)`.
    public static func alignment(_ value: TextAlignment) -> StringAttribute {
        .aligment(value)
    }

    /// How the line through crossed-out text is drawn.
    public enum CrossOutStyle: String, Sendable, Hashable, Codable, CaseIterable {
        /// One line.
        case single
        /// Two lines.
        case double
    }
}
