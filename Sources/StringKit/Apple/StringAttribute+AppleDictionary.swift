// Apple glue: reads StringKit attributes back from UIKit/AppKit attributes, for `NSAttributedString`s
// that StringKit did not write (storyboards, other libraries), as SurfUtils' `from(dictionary:)` did.
// Compiled only on Apple platforms.
#if canImport(UIKit)
    import Foundation
    import UIKit
#elseif canImport(AppKit)
    import Foundation
    import AppKit
#endif

#if canImport(UIKit) || canImport(AppKit)
    extension StringAttribute {
        /// The attributes found under UIKit/AppKit keys.
        static func platformAttributes(from dictionary: [NSAttributedString.Key: Any]) -> [StringAttribute] {
            var result: [StringAttribute] = []
            if let font = dictionary[.font] as? PlatformFont { result.append(.font(Font(platformFont: font))) }
            if let color = dictionary[.foregroundColor] as? PlatformColor, let value = Color(platformColor: color) {
                result.append(.foregroundColor(value))
            }
            if let kern = (dictionary[.kern] as? NSNumber)?.doubleValue { result.append(.kern(kern)) }
            if let offset = (dictionary[.baselineOffset] as? NSNumber)?.doubleValue {
                result.append(.baselineOffset(offset))
            }
            if let style = (dictionary[.strikethroughStyle] as? NSNumber)?.intValue {
                if style == NSUnderlineStyle.single.rawValue { result.append(.crossOut(style: .single)) }
                if style == NSUnderlineStyle.double.rawValue { result.append(.crossOut(style: .double)) }
            }
            if let paragraph = dictionary[.paragraphStyle] as? NSParagraphStyle {
                result.append(.aligment(TextAlignment(platformAlignment: paragraph.alignment)))
                result.append(.lineBreakMode(LineBreakMode(platformMode: paragraph.lineBreakMode)))
                result.append(.lineSpacing(paragraph.lineSpacing))
                if paragraph.minimumLineHeight > 0 { result.append(.lineHeight(paragraph.minimumLineHeight)) }
                result.append(.paragraphSpacing(paragraph.paragraphSpacing))
            }
            return result
        }
    }

    extension Font {
        /// The size and, for the system font, the boldness of a platform font; other fonts by name.
        fileprivate init(platformFont font: PlatformFont) {
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
        }
    }

    extension Color {
        /// The sRGB components of a platform colour; nil for colours without them (patterns).
        fileprivate init?(platformColor color: PlatformColor) {
            var red: CGFloat = 0
            var green: CGFloat = 0
            var blue: CGFloat = 0
            var alpha: CGFloat = 0
            #if canImport(UIKit)
                guard color.getRed(&red, green: &green, blue: &blue, alpha: &alpha) else { return nil }
            #else
                guard let srgb = color.usingColorSpace(.sRGB) else { return nil }
                srgb.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
            #endif
            self.init(red: red, green: green, blue: blue, alpha: alpha)
        }
    }

    extension TextAlignment {
        fileprivate init(platformAlignment: NSTextAlignment) {
            switch platformAlignment {
            case .left: self = .left
            case .center: self = .center
            case .right: self = .right
            case .justified: self = .justified
            default: self = .natural
            }
        }
    }

    extension LineBreakMode {
        fileprivate init(platformMode: NSLineBreakMode) {
            switch platformMode {
            case .byCharWrapping: self = .byCharWrapping
            case .byClipping: self = .byClipping
            case .byTruncatingHead: self = .byTruncatingHead
            case .byTruncatingTail: self = .byTruncatingTail
            case .byTruncatingMiddle: self = .byTruncatingMiddle
            default: self = .byWordWrapping
            }
        }
    }
#endif
