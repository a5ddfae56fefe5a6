// Apple glue: StringKit's portable styles as UIKit/AppKit fonts, colours and NSAttributedString
// attributes, with the paragraph style built the way SurfUtils built it. Compiled only on Apple
// platforms; everything it converts is tested portably on Linux.
#if canImport(UIKit)
    public import Foundation
    public import UIKit

    /// The platform's font class.
    public typealias PlatformFont = UIFont
    /// The platform's colour class.
    public typealias PlatformColor = UIColor
#elseif canImport(AppKit)
    public import Foundation
    public import AppKit

    /// The platform's font class.
    public typealias PlatformFont = NSFont
    /// The platform's colour class.
    public typealias PlatformColor = NSColor
#endif

#if canImport(UIKit) || canImport(AppKit)
    extension StringAttribute.Font {
        /// A description of a UIKit/AppKit font that keeps the font: ``platformFont`` gives back this very
        /// object, so a Dynamic Type font keeps its text style and a custom font its exact face. The
        /// portable approximation is the point size and, for the system font, regular or bold; another
        /// font is described by its PostScript name.
        ///
        /// - Parameter font: The font, such as `UIFont.preferredFont(forTextStyle: .body)`.
        public init(platformFont font: PlatformFont) {
            let system = PlatformFont.systemFont(ofSize: font.pointSize)
            #if canImport(UIKit)
                let isBold = font.fontDescriptor.symbolicTraits.contains(.traitBold)
            #else
                let isBold = font.fontDescriptor.symbolicTraits.contains(.bold)
            #endif
            if font.familyName == system.familyName {
                self = .system(size: font.pointSize, weight: isBold ? .bold : .regular)
            } else {
                self = .custom(font.fontName, size: font.pointSize)
            }
            _platformFont = PlatformObjectBox(font)
        }

        /// The platform font: the one this description was made from (``init(platformFont:)``), otherwise
        /// one built from the description, where a named font that is not installed falls back to the
        /// system font.
        public var platformFont: PlatformFont {
            if let font = _platformFont?.object as? PlatformFont { return font }
            let base = PlatformFont.systemFont(ofSize: size, weight: platformWeight)
            switch family {
            case .named(let name):
                return PlatformFont(name: name, size: size) ?? base
            case .system(let design):
                guard let descriptor = base.fontDescriptor.withDesign(design.platformDesign) else { return base }
                #if canImport(UIKit)
                    return PlatformFont(descriptor: descriptor, size: size)
                #else
                    return PlatformFont(descriptor: descriptor, size: size) ?? base
                #endif
            }
        }

        private var platformWeight: PlatformFont.Weight {
            switch weight {
            case .ultraLight: .ultraLight
            case .thin: .thin
            case .light: .light
            case .regular: .regular
            case .medium: .medium
            case .semibold: .semibold
            case .bold: .bold
            case .heavy: .heavy
            case .black: .black
            }
        }
    }

    extension StringAttribute.Font.Design {
        #if canImport(UIKit)
            fileprivate var platformDesign: UIFontDescriptor.SystemDesign {
                switch self {
                case .default: .default
                case .serif: .serif
                case .rounded: .rounded
                case .monospaced: .monospaced
                }
            }
        #else
            fileprivate var platformDesign: NSFontDescriptor.SystemDesign {
                switch self {
                case .default: .default
                case .serif: .serif
                case .rounded: .rounded
                case .monospaced: .monospaced
                }
            }
        #endif
    }

    extension StringAttribute.Color {
        /// A colour that keeps a UIKit/AppKit colour: ``platformColor`` gives back this very object, so a
        /// dynamic, asset or pattern colour still adapts and draws as before. The portable approximation is
        /// its sRGB components as they resolve now (clamped to 0…1), or opaque black for a colour that has
        /// none, such as a pattern.
        ///
        /// - Parameter color: The colour, such as `UIColor.label` or `UIColor(named: "Accent")`.
        public init(platformColor color: PlatformColor) {
            var red: CGFloat = 0
            var green: CGFloat = 0
            var blue: CGFloat = 0
            var alpha: CGFloat = 1
            #if canImport(UIKit)
                if !color.getRed(&red, green: &green, blue: &blue, alpha: &alpha) {
                    (red, green, blue, alpha) = (0, 0, 0, 1)  // no RGB form, such as a pattern
                }
            #else
                // Nil, leaving black, when the colour cannot be converted, such as a pattern.
                color.usingColorSpace(.sRGB)?.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
            #endif
            self.init(red: red, green: green, blue: blue, alpha: alpha)
            _platformColor = PlatformObjectBox(color)
        }

        /// The platform colour: the one this colour was made from (``init(platformColor:)``), otherwise
        /// one in the sRGB space with these components.
        public var platformColor: PlatformColor {
            if let color = _platformColor?.object as? PlatformColor { return color }
            #if canImport(UIKit)
                return UIColor(red: red, green: green, blue: blue, alpha: alpha)
            #else
                return NSColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
            #endif
        }
    }

    extension Array where Element == StringAttribute {
        /// The attributes as UIKit/AppKit attributes. Paragraph attributes share one paragraph style;
        /// `lineHeight` becomes `lineHeightMultiple` when a font is given and minimum/maximum line
        /// height otherwise; `oldLineHeight` becomes `lineSpacing = lineHeight - font line height`.
        public var platformAttributes: [NSAttributedString.Key: Any] {
            var result: [NSAttributedString.Key: Any] = [:]
            let font = lazy.compactMap { attribute -> PlatformFont? in
                if case .font(let value) = attribute { return value.platformFont }
                return nil
            }.first
            let paragraph = NSMutableParagraphStyle()
            var hasParagraph = false
            for attribute in self {
                switch attribute {
                case .font(let value): result[.font] = value.platformFont
                case .foregroundColor(let value): result[.foregroundColor] = value.platformColor
                case .kern(let value): result[.kern] = value
                case .baselineOffset(let value): result[.baselineOffset] = value
                case .crossOut(let style):
                    result[.strikethroughStyle] = (style == .single ? NSUnderlineStyle.single : .double).rawValue
                default:
                    hasParagraph = true
                    Self.apply(attribute, to: paragraph, font: font)
                }
            }
            if hasParagraph { result[.paragraphStyle] = paragraph }
            return result
        }

        private static func apply(
            _ attribute: StringAttribute, to paragraph: NSMutableParagraphStyle, font: PlatformFont?
        ) {
            switch attribute {
            case .lineSpacing(let value): paragraph.lineSpacing = StringAttribute.paragraphLineSpacing(value)
            case .paragraphSpacing(let value): paragraph.paragraphSpacing = value
            case .aligment(let value): paragraph.alignment = value.platformAlignment
            case .lineBreakMode(let value): paragraph.lineBreakMode = value.platformMode
            case .lineHeight(let value):
                if let font, lineHeight(of: font) > 0 {
                    paragraph.lineHeightMultiple = value / lineHeight(of: font)
                } else {
                    paragraph.minimumLineHeight = value
                    paragraph.maximumLineHeight = value
                }
            case .oldLineHeight(let value):
                if let font {
                    paragraph.lineSpacing = StringAttribute.paragraphLineSpacing(value - lineHeight(of: font))
                } else {
                    paragraph.minimumLineHeight = value
                    paragraph.maximumLineHeight = value
                }
            default: break
            }
        }

        private static func lineHeight(of font: PlatformFont) -> CGFloat {
            #if canImport(UIKit)
                return font.lineHeight
            #else
                return font.ascender - font.descender + font.leading
            #endif
        }
    }

    extension StringAttribute.TextAlignment {
        fileprivate var platformAlignment: NSTextAlignment {
            switch self {
            case .left: .left
            case .center: .center
            case .right: .right
            case .justified: .justified
            case .natural: .natural
            }
        }
    }

    extension StringAttribute.LineBreakMode {
        fileprivate var platformMode: NSLineBreakMode {
            switch self {
            case .byWordWrapping: .byWordWrapping
            case .byCharWrapping: .byCharWrapping
            case .byClipping: .byClipping
            case .byTruncatingHead: .byTruncatingHead
            case .byTruncatingTail: .byTruncatingTail
            case .byTruncatingMiddle: .byTruncatingMiddle
            }
        }
    }

#endif
