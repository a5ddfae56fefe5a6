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
    extension Font {
        /// The platform font; a named font that is not installed falls back to the system font.
        public var platformFont: PlatformFont {
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

    extension Font.Design {
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

    extension Color {
        /// The platform colour in the sRGB space.
        public var platformColor: PlatformColor {
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

    extension TextAlignment {
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

    extension LineBreakMode {
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
