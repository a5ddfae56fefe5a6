import Foundation

/// Plain SVG text built element by element: no scripts, no style sheets, no external fonts, every
/// text and attribute value escaped, so that a code host shows it as an image as it is.
struct SVGCanvas {
    /// The drawing's width in pixels.
    var width: Double
    /// The drawing's height in pixels.
    var height: Double
    /// The elements so far, one a line.
    private var elements: [String] = []

    /// The font stack of every text: fonts a browser already has.
    static let fontFamily = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif"

    /// A canvas of `width` × `height` pixels.
    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// How a text is placed on its `x`.
    enum Anchor: String {
        case start, middle, end
    }

    /// How heavy a text's font is.
    enum Weight: String {
        case normal, bold
    }

    /// Adds a text whose baseline starts, centres or ends at (`x`, `y`).
    mutating func text(
        _ content: String, x: Double, y: Double, size: Double = 12, anchor: Anchor = .start,
        color: String = "#222222", weight: Weight = .normal
    ) {
        elements.append(
            "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(size))\""
                + " text-anchor=\"\(anchor.rawValue)\" fill=\"\(color.xmlEscaped)\" font-weight=\"\(weight.rawValue)\">\(content.xmlEscaped)</text>"
        )
    }

    /// Adds a filled rectangle.
    mutating func rectangle(x: Double, y: Double, width: Double, height: Double, color: String) {
        elements.append(
            "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(Swift.max(width, 0)))\""
                + " height=\"\(Self.number(height))\" fill=\"\(color.xmlEscaped)\"/>")
    }

    /// Adds a straight line, dashed when `dash` is given (such as `4 3`).
    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, color: String, width: Double = 1, dash: String? = nil
    ) {
        let dashes = dash.map { " stroke-dasharray=\"\($0.xmlEscaped)\"" } ?? ""
        elements.append(
            "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\""
                + " y2=\"\(Self.number(y2))\" stroke=\"\(color.xmlEscaped)\" stroke-width=\"\(Self.number(width))\""
                + "\(dashes)/>")
    }

    /// The whole document, with `title` as its accessible name, on a white background (so it reads in
    /// a dark theme too).
    func document(title: String) -> String {
        let size = "width=\"\(Self.number(width))\" height=\"\(Self.number(height))\""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" \(size) viewBox="0 0 \(Self.number(width)) \(Self.number(height))" \
            role="img" aria-label="\(title.xmlEscaped)" font-family="\(Self.fontFamily.xmlEscaped)">
            <title>\(title.xmlEscaped)</title>
            <rect x="0" y="0" \(size) fill="#ffffff"/>
            \(elements.joined(separator: "\n"))
            </svg>

            """
    }

    /// About how wide `text` is at `size` pixels in a sans-serif font, erring wide.
    static func estimatedWidth(of text: String, size: Double = 12) -> Double {
        Double(text.count) * size * 0.6
    }

    /// `value` with at most one decimal and no trailing `.0`, in the C locale.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
