public import Foundation

extension StringAttribute {
    /// Stores this attribute in an attribute container, replacing a value under the same key.
    ///
    /// - Parameter container: The container to change.
    public func apply(to container: inout AttributeContainer) {
        typealias Keys = AttributeScopes.StringKitAttributes
        switch self {
        case .lineSpacing(let value): container[Keys.LineSpacingAttribute.self] = value
        case .kern(let value): container[Keys.KernAttribute.self] = value
        case .font(let value): container[Keys.FontAttribute.self] = value
        case .foregroundColor(let value): container[Keys.ForegroundColorAttribute.self] = value
        case .aligment(let value): container[Keys.AlignmentAttribute.self] = value
        case .crossOut(let style): container[Keys.CrossOutAttribute.self] = style
        case .lineBreakMode(let value): container[Keys.LineBreakModeAttribute.self] = value
        case .baselineOffset(let value): container[Keys.BaselineOffsetAttribute.self] = value
        case .lineHeight(let value): container[Keys.LineHeightAttribute.self] = value
        case .paragraphSpacing(let value): container[Keys.ParagraphSpacingAttribute.self] = value
        case .oldLineHeight(let value): container[Keys.OldLineHeightAttribute.self] = value
        }
    }

    /// The StringKit attributes stored in a run of an `AttributedString`, in a fixed order.
    ///
    /// - Parameter attributes: The run's attributes (`run.attributes`).
    /// - Returns: One ``StringAttribute`` per StringKit key present.
    public static func from(_ attributes: AttributeContainer) -> [StringAttribute] {
        typealias Keys = AttributeScopes.StringKitAttributes
        var result: [StringAttribute] = []
        if let value = attributes[Keys.FontAttribute.self] { result.append(.font(value)) }
        if let value = attributes[Keys.ForegroundColorAttribute.self] { result.append(.foregroundColor(value)) }
        if let value = attributes[Keys.KernAttribute.self] { result.append(.kern(value)) }
        if let value = attributes[Keys.BaselineOffsetAttribute.self] { result.append(.baselineOffset(value)) }
        if let value = attributes[Keys.CrossOutAttribute.self] { result.append(.crossOut(style: value)) }
        if let value = attributes[Keys.AlignmentAttribute.self] { result.append(.aligment(value)) }
        if let value = attributes[Keys.LineBreakModeAttribute.self] { result.append(.lineBreakMode(value)) }
        if let value = attributes[Keys.LineSpacingAttribute.self] { result.append(.lineSpacing(value)) }
        if let value = attributes[Keys.LineHeightAttribute.self] { result.append(.lineHeight(value)) }
        if let value = attributes[Keys.ParagraphSpacingAttribute.self] { result.append(.paragraphSpacing(value)) }
        if let value = attributes[Keys.OldLineHeightAttribute.self] { result.append(.oldLineHeight(value)) }
        return result
    }
}
