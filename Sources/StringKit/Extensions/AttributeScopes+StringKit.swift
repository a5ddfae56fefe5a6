public import Foundation

extension AttributeScopes {
    /// StringKit's attribute scope: one key per ``StringAttribute`` case, so that local values override
    /// global ones key by key. Property names start with `stringKit` so they never clash with the
    /// Foundation, SwiftUI or UIKit scopes in dynamic member lookup.
    ///
    /// ```swift
    /// var text = "Sale".attributed(with: [.kern(1)])
    /// text.stringKitKern            // 1
    /// text.stringKitFont = .system(size: 20, weight: .bold)
    /// ```
    public struct StringKitAttributes: AttributeScope {
        /// The font attribute (``StringAttribute``'s matching case).
        public let stringKitFont: FontAttribute
        /// The foregroundColor attribute (``StringAttribute``'s matching case).
        public let stringKitForegroundColor: ForegroundColorAttribute
        /// The kern attribute (``StringAttribute``'s matching case).
        public let stringKitKern: KernAttribute
        /// The baselineOffset attribute (``StringAttribute``'s matching case).
        public let stringKitBaselineOffset: BaselineOffsetAttribute
        /// The crossOut attribute (``StringAttribute``'s matching case).
        public let stringKitCrossOut: CrossOutAttribute
        /// The lineSpacing attribute (``StringAttribute``'s matching case).
        public let stringKitLineSpacing: LineSpacingAttribute
        /// The alignment attribute (``StringAttribute``'s matching case).
        public let stringKitAlignment: AlignmentAttribute
        /// The lineBreakMode attribute (``StringAttribute``'s matching case).
        public let stringKitLineBreakMode: LineBreakModeAttribute
        /// The lineHeight attribute (``StringAttribute``'s matching case).
        public let stringKitLineHeight: LineHeightAttribute
        /// The paragraphSpacing attribute (``StringAttribute``'s matching case).
        public let stringKitParagraphSpacing: ParagraphSpacingAttribute
        /// The oldLineHeight attribute (``StringAttribute``'s matching case).
        public let stringKitOldLineHeight: OldLineHeightAttribute

        /// ``StringAttribute/font(_:)``.
        public enum FontAttribute: AttributedStringKey {
            /// The value type.
            public typealias Value = StringAttribute.Font
            /// The key's name.
            public static let name = "StringKit.font"
        }

        /// ``StringAttribute/foregroundColor(_:)``.
        public enum ForegroundColorAttribute: AttributedStringKey {
            /// The value type.
            public typealias Value = StringAttribute.Color
            /// The key's name.
            public static let name = "StringKit.foregroundColor"
        }

        /// ``StringAttribute/kern(_:)``.
        public enum KernAttribute: AttributedStringKey {
            /// The value type.
            public typealias Value = Double
            /// The key's name.
            public static let name = "StringKit.kern"
        }

        /// ``StringAttribute/baselineOffset(_:)``.
        public enum BaselineOffsetAttribute: AttributedStringKey {
            /// The value type.
            public typealias Value = Double
            /// The key's name.
            public static let name = "StringKit.baselineOffset"
        }

        /// ``StringAttribute/crossOut(style:)``.
        public enum CrossOutAttribute: AttributedStringKey {
            /// The value type.
            public typealias Value = StringAttribute.CrossOutStyle
            /// The key's name.
            public static let name = "StringKit.crossOut"
        }

        /// ``StringAttribute/lineSpacing(_:)``.
        public enum LineSpacingAttribute: AttributedStringKey {
            /// The value type.
            public typealias Value = Double
            /// The key's name.
            public static let name = "StringKit.lineSpacing"
        }

        /// ``StringAttribute/aligment(_:)``.
        public enum AlignmentAttribute: AttributedStringKey {
            /// The value type.
            public typealias Value = StringAttribute.TextAlignment
            /// The key's name.
            public static let name = "StringKit.alignment"
        }

        /// ``StringAttribute/lineBreakMode(_:)``.
        public enum LineBreakModeAttribute: AttributedStringKey {
            /// The value type.
            public typealias Value = StringAttribute.LineBreakMode
            /// The key's name.
            public static let name = "StringKit.lineBreakMode"
        }

        /// ``StringAttribute/lineHeight(_:)``.
        public enum LineHeightAttribute: AttributedStringKey {
            /// The value type.
            public typealias Value = Double
            /// The key's name.
            public static let name = "StringKit.lineHeight"
        }

        /// ``StringAttribute/paragraphSpacing(_:)``.
        public enum ParagraphSpacingAttribute: AttributedStringKey {
            /// The value type.
            public typealias Value = Double
            /// The key's name.
            public static let name = "StringKit.paragraphSpacing"
        }

        /// ``StringAttribute/oldLineHeight(_:)``.
        public enum OldLineHeightAttribute: AttributedStringKey {
            /// The value type.
            public typealias Value = Double
            /// The key's name.
            public static let name = "StringKit.oldLineHeight"
        }
    }

    /// StringKit's attributes, for APIs that take a scope key path such as `\.stringKit`.
    public var stringKit: StringKitAttributes.Type { StringKitAttributes.self }
}

extension AttributeDynamicLookup {
    /// Reads and writes StringKit's attributes as properties: `text.stringKitFont`.
    ///
    /// - Parameter keyPath: A property of `AttributeScopes.StringKitAttributes`.
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.StringKitAttributes, T>
    ) -> T {
        self[T.self]
    }
}
