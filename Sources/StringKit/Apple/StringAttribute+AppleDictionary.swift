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
            if let color = dictionary[.foregroundColor] as? PlatformColor {
                result.append(.foregroundColor(Color(platformColor: color)))
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

    extension StringAttribute.TextAlignment {
        /// StringKit's alignment for a platform one (the five cases match one to one).
        init(platformAlignment: NSTextAlignment) {
            switch platformAlignment {
            case .left: self = .left
            case .center: self = .center
            case .right: self = .right
            case .justified: self = .justified
            default: self = .natural
            }
        }
    }

    extension StringAttribute.LineBreakMode {
        /// StringKit's line break mode for a platform one (the six cases match one to one).
        init(platformMode: NSLineBreakMode) {
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
