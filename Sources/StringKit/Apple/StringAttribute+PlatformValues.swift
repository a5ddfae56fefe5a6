// Apple glue: SurfUtils' `StringAttribute` cases took UIKit values (`.font(UIFont)`, `.foregroundColor(UIColor)`,
// `.aligment(NSTextAlignment)`, `.lineBreakMode(NSLineBreakMode)`). These factories accept them beside the
// portable cases, so that SurfUtils code passing UIKit/AppKit values compiles unchanged. They are disfavoured:
// where both fit, as in `.font(.systemFont(ofSize: 14))`, `.foregroundColor(.red)` or `.aligment(.center)`,
// the portable case is chosen, the same value on every platform. Compiled only on Apple platforms.
#if canImport(UIKit)
    public import UIKit
#elseif canImport(AppKit)
    public import AppKit
#endif

#if canImport(UIKit) || canImport(AppKit)
    extension StringAttribute {
        /// The font, as a UIKit/AppKit font (SurfUtils' `case font(UIFont)`); the font itself is what
        /// ``StringAttribute/Font/platformFont`` and `toDictionary()` give back.
        ///
        /// - Parameter font: The font, such as `UIFont.preferredFont(forTextStyle: .body)`.
        /// - Returns: `.font(Font(platformFont: font))`.
        @_disfavoredOverload
        public static func font(_ font: PlatformFont) -> StringAttribute {
            .font(Font(platformFont: font))
        }

        /// The colour of the letters, as a UIKit/AppKit colour (SurfUtils' `case foregroundColor(UIColor)`); the
        /// colour itself, dynamic or not, is what ``StringAttribute/Color/platformColor`` and `toDictionary()` give back.
        ///
        /// - Parameter color: The colour, such as `UIColor.label`.
        /// - Returns: `.foregroundColor(Color(platformColor: color))`.
        @_disfavoredOverload
        public static func foregroundColor(_ color: PlatformColor) -> StringAttribute {
            .foregroundColor(Color(platformColor: color))
        }

        /// Paragraph alignment, as an `NSTextAlignment` (SurfUtils' `case aligment(NSTextAlignment)`).
        ///
        /// - Parameter alignment: The alignment; each of its cases has a ``StringAttribute/TextAlignment`` twin.
        /// - Returns: `.aligment` with the matching ``StringAttribute/TextAlignment``.
        @_disfavoredOverload
        public static func aligment(_ alignment: NSTextAlignment) -> StringAttribute {
            .aligment(TextAlignment(platformAlignment: alignment))
        }

        /// How lines are broken or truncated, as an `NSLineBreakMode` (SurfUtils'
        /// `case lineBreakMode(NSLineBreakMode)`).
        ///
        /// - Parameter mode: The mode; each of its cases has a ``StringAttribute/LineBreakMode`` twin.
        /// - Returns: `.lineBreakMode` with the matching ``StringAttribute/LineBreakMode``.
        @_disfavoredOverload
        public static func lineBreakMode(_ mode: NSLineBreakMode) -> StringAttribute {
            .lineBreakMode(LineBreakMode(platformMode: mode))
        }
    }
#endif
