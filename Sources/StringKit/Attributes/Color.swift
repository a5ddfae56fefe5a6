extension StringAttribute {
    /// A portable sRGB colour, so the same styles work on Linux, in HTML and on Apple platforms.
    ///
    /// ```swift
    /// let accent = StringAttribute.Color(hex: "#FF6600")     // orange
    /// accent?.hexString                      // "#FF6600"
    /// ```
    ///
    /// On Apple platforms a colour made from a `UIColor`/`NSColor` (`init(platformColor:)`, or SurfUtils'
    /// `.foregroundColor(someUIColor)`) keeps that colour and gives it back unchanged, so dynamic and asset
    /// colours still adapt; its components are the portable approximation that encoders, the HTML renderer
    /// and Linux see. Two colours are equal when their components and their kept colours (by `isEqual`) are.
    public struct Color: Sendable, Hashable, Codable {
        /// The red component, 0…1.
        public let red: Double
        /// The green component, 0…1.
        public let green: Double
        /// The blue component, 0…1.
        public let blue: Double
        /// The opacity, 0 (transparent) …1 (opaque).
        public let alpha: Double
        /// The UIKit/AppKit colour this colour was made from, if any; never encoded.
        var _platformColor: PlatformObjectBox? = nil

        /// Creates a colour from sRGB components; values outside 0…1 (or not finite) are clamped.
        ///
        /// - Parameters:
        ///   - red:   0…1.
        ///   - green: 0…1.
        ///   - blue:  0…1.
        ///   - alpha: 0…1; opaque by default.
        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = Self.clamped(red)
            self.green = Self.clamped(green)
            self.blue = Self.clamped(blue)
            self.alpha = Self.clamped(alpha)
        }

        /// Reads `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil for anything else.
        ///
        /// - Parameter hex: The hexadecimal colour.
        public init?(hex: String) {
            var digits = Substring(hex)
            if digits.first == "#" { digits = digits.dropFirst() }
            guard [3, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit),
                let value = UInt32(digits, radix: 16)
            else { return nil }
            if digits.count == 3 {
                let red = Double((value >> 8) & 0xF) / 15
                let green = Double((value >> 4) & 0xF) / 15
                self.init(red: red, green: green, blue: Double(value & 0xF) / 15)
                return
            }
            let rgba = digits.count == 6 ? value << 8 | 0xFF : value
            self.init(
                red: Double(rgba >> 24 & 0xFF) / 255,
                green: Double(rgba >> 16 & 0xFF) / 255,
                blue: Double(rgba >> 8 & 0xFF) / 255,
                alpha: Double(rgba & 0xFF) / 255
            )
        }

        /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
        public var hexString: String {
            let parts = [red, green, blue] + (alpha < 1 ? [alpha] : [])
            return "#" + parts.map { Self.hexByte($0) }.joined()
        }

        // The named colours below have UIKit's values, so SurfUtils code such as `.foregroundColor(.red)`
        // means the same colour on every platform.

        /// Opaque black.
        public static let black = Color(red: 0, green: 0, blue: 0)
        /// Opaque white.
        public static let white = Color(red: 1, green: 1, blue: 1)
        /// Opaque mid grey (0.5 in every component).
        public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
        /// Opaque pure red.
        public static let red = Color(red: 1, green: 0, blue: 0)
        /// Opaque pure green.
        public static let green = Color(red: 0, green: 1, blue: 0)
        /// Opaque pure blue.
        public static let blue = Color(red: 0, green: 0, blue: 1)
        /// Fully transparent.
        public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

        private static func clamped(_ value: Double) -> Double {
            value.isFinite ? min(max(value, 0), 1) : 0
        }

        // Codable stores the components only: a platform colour cannot be encoded portably.
        private enum CodingKeys: String, CodingKey {
            case red, green, blue, alpha
        }

        private static func hexByte(_ component: Double) -> String {
            let byte = Int((component * 255).rounded())
            let text = String(byte, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
    }
}
