public import Foundation

extension StringAttribute {
    /// Stores this attribute in an attribute container, replacing a value under the same key.
    ///
    /// - Parameter container: The container to change.
    public func apply(to container: inout AttributeContainer) {
        switch self {
        case .lineSpacing(let value): container[StringKitAttributes.LineSpacingKey.self] = value
        case .kern(let value): container[StringKitAttributes.KernKey.self] = value
        case .font(let value): container[StringKitAttributes.FontKey.self] = value
        case .foregroundColor(let value): container[StringKitAttributes.ForegroundColorKey.self] = value
        case .aligment(let value): container[StringKitAttributes.AlignmentKey.self] = value
        case .crossOut(let style): container[StringKitAttributes.CrossOutKey.self] = style
        case .lineBreakMode(let value): container[StringKitAttributes.LineBreakModeKey.self] = value
        case .baselineOffset(let value): container[StringKitAttributes.BaselineOffsetKey.self] = value
        case .lineHeight(let value): container[StringKitAttributes.LineHeightKey.self] = value
        case .paragraphSpacing(let value): container[StringKitAttributes.ParagraphSpacingKey.self] = value
        case .oldLineHeight(let value): container[StringKitAttributes.OldLineHeightKey.self] = value
        }
    }

    /// The StringKit attributes stored in a run of an `AttributedString`, in a fixed order.
    ///
    /// - Parameter attributes: The run's attributes (`run.attributes`).
    /// - Returns: One ``StringAttribute`` per StringKit key present.
    public static func from(_ attributes: AttributeContainer) -> [StringAttribute] {
        typealias Keys = StringKitAttributes
        var result: [StringAttribute] = []
        if let value = attributes[Keys.FontKey.self] { result.append(.font(value)) }
        if let value = attributes[Keys.ForegroundColorKey.self] { result.append(.foregroundColor(value)) }
        if let value = attributes[Keys.KernKey.self] { result.append(.kern(value)) }
        if let value = attributes[Keys.BaselineOffsetKey.self] { result.append(.baselineOffset(value)) }
        if let value = attributes[Keys.CrossOutKey.self] { result.append(.crossOut(style: value)) }
        if let value = attributes[Keys.AlignmentKey.self] { result.append(.aligment(value)) }
        if let value = attributes[Keys.LineBreakModeKey.self] { result.append(.lineBreakMode(value)) }
        if let value = attributes[Keys.LineSpacingKey.self] { result.append(.lineSpacing(value)) }
        if let value = attributes[Keys.LineHeightKey.self] { result.append(.lineHeight(value)) }
        if let value = attributes[Keys.ParagraphSpacingKey.self] { result.append(.paragraphSpacing(value)) }
        if let value = attributes[Keys.OldLineHeightKey.self] { result.append(.oldLineHeight(value)) }
        return result
    }
}
