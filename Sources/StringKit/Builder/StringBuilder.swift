public import Foundation
import InternalServiceUtilities

/// Builds an attributed string from blocks of text, each with its own styles over shared global ones
/// (SurfUtils API, portable).
///
/// Local attributes override global ones key by key on their block, paragraph attributes included
/// (SurfUtils replaced the whole global paragraph style with a block's). Blocks without text are
/// skipped: `.string(nil)`, `.delimeter` with a count of zero, and `.delimeterWithString` whose string
/// is nil or empty (its delimiter is dropped too). Ranges are kept in the text's own indices, so emoji
/// and combining marks never shift styles (SurfUtils counted `String.count` in UTF-16 ranges).
///
/// ```swift
/// let builder = StringBuilder(globalAttributes: [.font(.systemFont(ofSize: 15))])
///     .add(.string("Total:"), with: [.foregroundColor(.black)])
///     .add(.delimeterWithString(repeatedDelimeter: .init(type: .space), string: "42 ₽"), with: [.kern(1)])
/// label.attributedText = builder.value                  // NSMutableAttributedString, as in SurfUtils
/// let text: AttributedString = builder.attributedValue  // the same text as a Swift AttributedString
/// ```
public final class StringBuilder: Sendable {
    private struct Part: Sendable {
        let block: TextBlock
        let attributes: [StringAttribute]
    }

    private struct State: Sendable {
        var parts: [Part] = []
        var globalAttributes: [StringAttribute]
    }

    private let state: Locked<State>

    /// Creates a builder.
    ///
    /// - Parameter globalAttributes: Styles for the whole text; blocks can override them.
    public init(globalAttributes: [StringAttribute] = []) {
        state = Locked(State(globalAttributes: globalAttributes))
    }

    /// Adds a block of text with its own styles.
    ///
    /// - Parameters:
    ///   - block:      The text, delimiter, or both.
    ///   - attributes: Styles for this block; they override the global ones.
    /// - Returns: The builder, for chaining.
    @discardableResult
    public func add(_ block: TextBlock, with attributes: [StringAttribute] = []) -> StringBuilder {
        state.withLock { $0.parts.append(Part(block: block, attributes: attributes)) }
        return self
    }

    /// Adds styles for the whole text, after (and so overriding) the global styles given so far.
    ///
    /// - Parameter globalAttributes: The styles.
    /// - Returns: The builder, for chaining.
    @discardableResult
    public func add(globalAttributes: [StringAttribute]) -> StringBuilder {
        state.withLock { $0.globalAttributes.append(contentsOf: globalAttributes) }
        return self
    }

    /// Removes every block; the global styles stay.
    ///
    /// - Returns: The builder, for chaining.
    @discardableResult
    public func clear() -> StringBuilder {
        state.withLock { $0.parts = [] }
        return self
    }

    /// The text built so far as an `NSMutableAttributedString` (SurfUtils API), rendered anew on each
    /// access; each run's attributes are those of `toDictionary()`.
    public var value: NSMutableAttributedString {
        NSMutableAttributedString(attributedString: attributedValue.nsAttributedString)
    }

    /// The text built so far as a Foundation `AttributedString` with StringKit's attribute scope,
    /// rendered anew on each access.
    public var attributedValue: AttributedString {
        let snapshot = state.withLock { $0 }
        var result = AttributedString()
        for part in snapshot.parts {
            guard let text = part.block.string else { continue }
            var container = snapshot.globalAttributes.attributeContainer
            for attribute in part.attributes { attribute.apply(to: &container) }
            result.append(AttributedString(text, attributes: container))
        }
        return result
    }

    /// Appends a block whose attributes are those of the last block, or none (for `addSpace` and
    /// `addLineBreak`).
    func addWithLastAttributes(_ block: TextBlock) {
        state.withLock { state in
            state.parts.append(Part(block: block, attributes: state.parts.last?.attributes ?? []))
        }
    }
}
