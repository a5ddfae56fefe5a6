extension StringAttribute {
    /// A portable font description: a family (or the system font in a design), a size in points and a
    /// weight. Apple platforms turn it into `UIFont`/`NSFont`; the HTML renderer into CSS.
    ///
    /// On Apple platforms a description made from a `UIFont`/`NSFont` (`init(platformFont:)`, or SurfUtils'
    /// `.font(someUIFont)`) keeps that font and gives it back unchanged, Dynamic Type included; its family,
    /// size and weight are the portable approximation that encoders, the HTML renderer and Linux see. Two
    /// descriptions are equal when their portable parts and their kept fonts (by `isEqual`) are.
    ///
    /// It is nested in ``StringAttribute``, as are ``StringAttribute/Color``,
    /// ``StringAttribute/TextAlignment`` and ``StringAttribute/LineBreakMode``, so that a file importing
    /// SwiftUI (whose `Font`, `Color` and `TextAlignment` are top-level) beside ServiceUtils stays
    /// unambiguous.
    ///
    /// ```swift
    /// let title = StringAttribute.Font.system(size: 20, weight: .bold)
    /// let body = StringAttribute.Font.custom("Georgia", size: 15)
    /// let caption: [StringAttribute] = [.font(.systemFont(ofSize: 12))]   // UIKit's names work too
    /// ```
    public struct Font: Sendable, Hashable, Codable {
        /// Where the glyphs come from.
        public enum Family: Sendable, Hashable, Codable {
            /// The platform's system font in a design.
            case system(Design)
            /// A font installed under this family or PostScript name.
            case named(String)
        }

        /// The designs of the system font.
        public enum Design: String, Sendable, Hashable, Codable, CaseIterable {
            /// The default sans-serif design.
            case `default`
            /// A serif design.
            case serif
            /// A rounded design.
            case rounded
            /// A fixed-width design.
            case monospaced
        }

        /// Font weights, with their CSS numeric values.
        public enum Weight: Int, Sendable, Hashable, Codable, CaseIterable {
            /// 100.
            case ultraLight = 100
            /// 200.
            case thin = 200
            /// 300.
            case light = 300
            /// 400.
            case regular = 400
            /// 500.
            case medium = 500
            /// 600.
            case semibold = 600
            /// 700.
            case bold = 700
            /// 800.
            case heavy = 800
            /// 900.
            case black = 900
        }

        /// The family.
        public let family: Family
        /// The size in points.
        public let size: Double
        /// The weight.
        public let weight: Weight
        /// The UIKit/AppKit font this description was made from, if any; never encoded.
        var _platformFont: PlatformObjectBox? = nil

        /// Creates a font description.
        ///
        /// - Parameters:
        ///   - family: System design or named family.
        ///   - size:   Points; negative or non-finite sizes become 0 (the platform's default size).
        ///   - weight: The weight; regular by default.
        public init(family: Family, size: Double, weight: Weight = .regular) {
            self.family = family
            self.size = size.isFinite ? max(size, 0) : 0
            self.weight = weight
        }

        /// The system font.
        ///
        /// - Parameters:
        ///   - size:   Points.
        ///   - weight: The weight; regular by default.
        ///   - design: The design; the default sans-serif by default.
        /// - Returns: The font description.
        public static func system(size: Double, weight: Weight = .regular, design: Design = .default) -> Font {
            Font(family: .system(design), size: size, weight: weight)
        }

        /// The system font, by UIKit's name (SurfUtils code such as `.font(.systemFont(ofSize: 14))`).
        ///
        /// - Parameter fontSize: Points.
        /// - Returns: The regular system font.
        public static func systemFont(ofSize fontSize: Double) -> Font {
            system(size: fontSize)
        }

        /// The system font in a weight, by UIKit's name.
        ///
        /// - Parameters:
        ///   - fontSize: Points.
        ///   - weight:   The weight, such as `.medium`.
        /// - Returns: The system font.
        public static func systemFont(ofSize fontSize: Double, weight: Weight) -> Font {
            system(size: fontSize, weight: weight)
        }

        /// The bold system font, by UIKit's name.
        ///
        /// - Parameter fontSize: Points.
        /// - Returns: The system font in ``Weight/bold``.
        public static func boldSystemFont(ofSize fontSize: Double) -> Font {
            system(size: fontSize, weight: .bold)
        }

        /// A named font.
        ///
        /// - Parameters:
        ///   - name:   The family or PostScript name.
        ///   - size:   Points.
        ///   - weight: The weight; regular by default.
        /// - Returns: The font description.
        public static func custom(_ name: String, size: Double, weight: Weight = .regular) -> Font {
            Font(family: .named(name), size: size, weight: weight)
        }

        // Codable stores the portable description only: a platform font cannot be encoded portably.
        private enum CodingKeys: String, CodingKey {
            case family, size, weight
        }
    }
}
