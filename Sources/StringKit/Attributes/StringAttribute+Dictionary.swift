public import Foundation

// SurfUtils' bridge between `[StringAttribute]` and `NSAttributedString` attribute dictionaries.
//
// Every attribute is stored under a StringKit key (`StringKit.font`, `StringKit.kern`…, the names of
// `AttributeScopes.StringKitAttributes`) holding its portable value, on every platform: Linux has no
// UIKit keys, and the keys let `from(dictionary:)` read back exactly what `toDictionary()` wrote. On
// Apple platforms the UIKit/AppKit attributes SurfUtils produced (`.font`, `.paragraphStyle`…) are
// added beside them, so labels and text views draw the text as before.

extension StringAttribute {
    /// The attributes stored in an `NSAttributedString` attribute dictionary (SurfUtils API).
    ///
    /// Reads the StringKit keys written by `toDictionary()`; on Apple platforms, a
    /// dictionary without them (text from a storyboard or another library) is read from its UIKit or
    /// AppKit attributes: font, colour, kern, baseline offset, strikethrough and paragraph style.
    ///
    /// - Parameter dictionary: The attributes of one run, such as `attributes(at:effectiveRange:)`.
    /// - Returns: One attribute per kind found, in a fixed order.
    public static func from(dictionary: [NSAttributedString.Key: Any]) -> [StringAttribute] {
        var result: [StringAttribute] = []
        for kind in Kind.allCases {
            if let value = dictionary[kind.key], let attribute = kind.attribute(from: value) {
                result.append(attribute)
            }
        }
        #if canImport(UIKit) || canImport(AppKit)
            if result.isEmpty { return platformAttributes(from: dictionary) }
        #endif
        return result
    }

    /// The key this attribute is stored under.
    var dictionaryKey: NSAttributedString.Key {
        kind.key
    }

    /// The portable value stored under ``dictionaryKey``.
    var dictionaryValue: Any {
        switch self {
        case .lineSpacing(let value), .kern(let value), .baselineOffset(let value), .lineHeight(let value),
            .paragraphSpacing(let value), .oldLineHeight(let value):
            value
        case .font(let value): value
        case .foregroundColor(let value): value
        case .aligment(let value): value
        case .crossOut(let style): style
        case .lineBreakMode(let value): value
        }
    }

    private var kind: Kind {
        switch self {
        case .font: .font
        case .foregroundColor: .foregroundColor
        case .kern: .kern
        case .baselineOffset: .baselineOffset
        case .crossOut: .crossOut
        case .aligment: .alignment
        case .lineBreakMode: .lineBreakMode
        case .lineSpacing: .lineSpacing
        case .lineHeight: .lineHeight
        case .paragraphSpacing: .paragraphSpacing
        case .oldLineHeight: .oldLineHeight
        }
    }

    /// One case of ``StringAttribute`` without its value, in the order `from(dictionary:)` reports them.
    private enum Kind: CaseIterable {
        case font, foregroundColor, kern, baselineOffset, crossOut, alignment, lineBreakMode, lineSpacing
        case lineHeight, paragraphSpacing, oldLineHeight

        var key: NSAttributedString.Key {
            typealias Keys = AttributeScopes.StringKitAttributes
            return switch self {
            case .font: NSAttributedString.Key(Keys.FontAttribute.name)
            case .foregroundColor: NSAttributedString.Key(Keys.ForegroundColorAttribute.name)
            case .kern: NSAttributedString.Key(Keys.KernAttribute.name)
            case .baselineOffset: NSAttributedString.Key(Keys.BaselineOffsetAttribute.name)
            case .crossOut: NSAttributedString.Key(Keys.CrossOutAttribute.name)
            case .alignment: NSAttributedString.Key(Keys.AlignmentAttribute.name)
            case .lineBreakMode: NSAttributedString.Key(Keys.LineBreakModeAttribute.name)
            case .lineSpacing: NSAttributedString.Key(Keys.LineSpacingAttribute.name)
            case .lineHeight: NSAttributedString.Key(Keys.LineHeightAttribute.name)
            case .paragraphSpacing: NSAttributedString.Key(Keys.ParagraphSpacingAttribute.name)
            case .oldLineHeight: NSAttributedString.Key(Keys.OldLineHeightAttribute.name)
            }
        }

        /// The attribute for a stored value, or nil when the value has the wrong type.
        func attribute(from value: Any) -> StringAttribute? {
            switch self {
            case .font: (value as? Font).map(StringAttribute.font)
            case .foregroundColor: (value as? Color).map(StringAttribute.foregroundColor)
            case .kern: (value as? Double).map(StringAttribute.kern)
            case .baselineOffset: (value as? Double).map(StringAttribute.baselineOffset)
            case .crossOut: (value as? CrossOutStyle).map { StringAttribute.crossOut(style: $0) }
            case .alignment: (value as? TextAlignment).map(StringAttribute.aligment)
            case .lineBreakMode: (value as? LineBreakMode).map(StringAttribute.lineBreakMode)
            case .lineSpacing: (value as? Double).map(StringAttribute.lineSpacing)
            case .lineHeight: (value as? Double).map(StringAttribute.lineHeight)
            case .paragraphSpacing: (value as? Double).map(StringAttribute.paragraphSpacing)
            case .oldLineHeight: (value as? Double).map(StringAttribute.oldLineHeight)
            }
        }
    }
}

extension Array where Element == StringAttribute {
    /// The attributes as an `NSAttributedString` attribute dictionary (SurfUtils API).
    ///
    /// Each attribute is stored under its StringKit key, a later one replacing an earlier one of the
    /// same kind; on Apple platforms the UIKit/AppKit attributes of ``platformAttributes`` are added
    /// beside them. ``StringAttribute/from(dictionary:)`` reads the result back.
    ///
    /// - Returns: The dictionary for `NSAttributedString(string:attributes:)`.
    public func toDictionary() -> [NSAttributedString.Key: Any] {
        var result: [NSAttributedString.Key: Any] = [:]
        for attribute in self { result[attribute.dictionaryKey] = attribute.dictionaryValue }
        #if canImport(UIKit) || canImport(AppKit)
            result.merge(platformAttributes) { stringKit, _ in stringKit }
        #endif
        return result
    }
}
