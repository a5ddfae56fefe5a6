public import Foundation

/// Renders StringKit-styled text as HTML, so server code (e-mail bodies, web pages) can reuse the same
/// styles as the apps: each run becomes `<span style="…">` with its text escaped, and line breaks
/// become `<br>`. Paragraph styles (alignment, paragraph spacing) of the first run go on a wrapping
/// `<div>`.
///
/// ```swift
/// let sale = "Sale <b>".attributed(with: [.foregroundColor(.black), .crossOut(style: .single)])
/// let html = HTMLRenderer().render(sale)
/// // <div><span style="color: #000000; text-decoration: line-through">Sale &lt;b&gt;</span></div>
/// ```
public struct HTMLRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// The HTML for attributed text.
    ///
    /// - Parameter text: Text styled with ``StringAttribute`` (other attributes are ignored).
    /// - Returns: A `<div>` with one `<span>` per styled run.
    public func render(_ text: AttributedString) -> String {
        var body = ""
        var paragraph: [String] = []
        for (index, run) in text.runs.enumerated() {
            let attributes = StringAttribute.from(run.attributes)
            if index == 0 { paragraph = attributes.compactMap(Self.paragraphDeclaration) }
            let declarations = attributes.compactMap(Self.spanDeclaration)
            let content = Self.escaped(String(text[run.range].characters))
            if declarations.isEmpty {
                body += content
            } else {
                body += "<span style=\"\(declarations.joined(separator: "; "))\">\(content)</span>"
            }
        }
        let style = paragraph.isEmpty ? "" : " style=\"\(paragraph.joined(separator: "; "))\""
        return "<div\(style)>\(body)</div>"
    }

    /// The HTML for an `NSAttributedString` written by StringKit (`String.with(attributes:)`,
    /// `StringBuilder.value`); its attributes are read with ``StringAttribute/from(dictionary:)``.
    ///
    /// - Parameter text: The attributed text.
    /// - Returns: A `<div>` with one `<span>` per styled run.
    public func render(_ text: NSAttributedString) -> String {
        render(AttributedString(stringKit: text))
    }

    /// Escapes text for HTML content and attribute values; `\n` becomes `<br>`.
    ///
    /// - Parameter text: Plain text.
    /// - Returns: The escaped text.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\r\n": result += "<br>"
            default: result.append(character)
            }
        }
        return result
    }

    private static func spanDeclaration(_ attribute: StringAttribute) -> String? {
        switch attribute {
        case .font(let font): fontDeclaration(font)
        case .foregroundColor(let color): "color: \(cssColor(color))"
        case .kern(let value): length(value).map { "letter-spacing: \($0)" }
        case .baselineOffset(let value): length(value).map { "vertical-align: \($0)" }
        case .crossOut(.single): "text-decoration: line-through"
        case .crossOut(.double): "text-decoration: line-through double"
        case .lineHeight(let value), .oldLineHeight(let value): length(value).map { "line-height: \($0)" }
        case .lineBreakMode(.byCharWrapping): "word-break: break-all"
        case .lineBreakMode(.byClipping): "white-space: nowrap"
        default: nil
        }
    }

    private static func paragraphDeclaration(_ attribute: StringAttribute) -> String? {
        switch attribute {
        case .aligment(let alignment):
            "text-align: \(alignment == .justified ? "justify" : alignment == .natural ? "start" : alignment.rawValue)"
        case .paragraphSpacing(let value): length(value).map { "margin-bottom: \($0)" }
        default: nil
        }
    }

    private static func fontDeclaration(_ font: StringAttribute.Font) -> String {
        let family: String
        switch font.family {
        case .system(.default): family = "system-ui, -apple-system, sans-serif"
        case .system(.serif): family = "ui-serif, serif"
        case .system(.rounded): family = "ui-rounded, system-ui, sans-serif"
        case .system(.monospaced): family = "ui-monospace, monospace"
        case .named(let name):
            let safe = name.filter { !"'\"\\<>;{}&".contains($0) && !$0.isNewline }
            family = "'\(safe)', sans-serif"
        }
        var parts = ["font-family: \(family)", "font-weight: \(font.weight.rawValue)"]
        if let size = length(font.size), font.size > 0 { parts.append("font-size: \(size)") }
        return parts.joined(separator: "; ")
    }

    private static func cssColor(_ color: StringAttribute.Color) -> String {
        guard color.alpha < 1 else { return color.hexString }
        let channels = [color.red, color.green, color.blue].map { String(Int(($0 * 255).rounded())) }
        return "rgba(\(channels.joined(separator: ", ")), \(number(color.alpha)))"
    }

    private static func length(_ value: Double) -> String? {
        value.isFinite ? "\(number(value))px" : nil
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        guard rounded.magnitude < 1e15, rounded == rounded.rounded() else { return String(rounded) }
        return String(Int(rounded))
    }
}
