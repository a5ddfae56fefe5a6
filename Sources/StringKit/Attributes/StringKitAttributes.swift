public import Foundation

/// The attribute keys StringKit stores in a Foundation `AttributedString`, one per ``StringAttribute``
/// case, so that local values override global ones key by key.
public enum StringKitAttributes {
    /// ``StringAttribute/font(_:)``.
    public enum FontKey: AttributedStringKey {
        /// The value type.
        public typealias Value = Font
        /// The key's name.
        public static let name = "StringKit.font"
    }

    /// ``StringAttribute/foregroundColor(_:)``.
    public enum ForegroundColorKey: AttributedStringKey {
        /// The value type.
        public typealias Value = Color
        /// The key's name.
        public static let name = "StringKit.foregroundColor"
    }

    /// ``StringAttribute/kern(_:)``.
    public enum KernKey: AttributedStringKey {
        /// The value type.
        public typealias Value = Double
        /// The key's name.
        public static let name = "StringKit.kern"
    }

    /// ``StringAttribute/baselineOffset(_:)``.
    public enum BaselineOffsetKey: AttributedStringKey {
        /// The value type.
        public typealias Value = Double
        /// The key's name.
        public static let name = "StringKit.baselineOffset"
    }

    /// ``StringAttribute/crossOut(style:)``.
    public enum CrossOutKey: AttributedStringKey {
        /// The value type.
        public typealias Value = StringAttribute.CrossOutStyle
        /// The key's name.
        public static let name = "StringKit.crossOut"
    }

    /// ``StringAttribute/lineSpacing(_:)``.
    public enum LineSpacingKey: AttributedStringKey {
        /// The value type.
        public typealias Value = Double
        /// The key's name.
        public static let name = "StringKit.lineSpacing"
    }

    /// ``StringAttribute/aligment(_:)``.
    public enum AlignmentKey: AttributedStringKey {
        /// The value type.
        public typealias Value = TextAlignment
        /// The key's name.
        public static let name = "StringKit.alignment"
    }

    /// ``StringAttribute/lineBreakMode(_:)``.
    public enum LineBreakModeKey: AttributedStringKey {
        /// The value type.
        public typealias Value = LineBreakMode
        /// The key's name.
        public static let name = "StringKit.lineBreakMode"
    }

    /// ``StringAttribute/lineHeight(_:)``.
    public enum LineHeightKey: AttributedStringKey {
        /// The value type.
        public typealias Value = Double
        /// The key's name.
        public static let name = "StringKit.lineHeight"
    }

    /// ``StringAttribute/paragraphSpacing(_:)``.
    public enum ParagraphSpacingKey: AttributedStringKey {
        /// The value type.
        public typealias Value = Double
        /// The key's name.
        public static let name = "StringKit.paragraphSpacing"
    }

    /// ``StringAttribute/oldLineHeight(_:)``.
    public enum OldLineHeightKey: AttributedStringKey {
        /// The value type.
        public typealias Value = Double
        /// The key's name.
        public static let name = "StringKit.oldLineHeight"
    }
}
