public import Foundation

// SurfUtils' remaining StringBuilder methods. SurfUtils marked the last three deprecated in favour of
// `add(_:with:)`; they are kept without the mark, so code that still calls them builds warning-free.

extension StringBuilder {
    /// Adds the text of an `NSAttributedString` with its attributes (SurfUtils API).
    ///
    /// Each run keeps its own attributes (read by ``StringAttribute/from(dictionary:)``); SurfUtils
    /// applied the first run's attributes to the whole text and crashed on empty text, which here adds
    /// nothing.
    ///
    /// - Parameter nsAttribute: The text to add.
    /// - Returns: The builder, for chaining.
    @discardableResult
    public func add(with nsAttribute: NSAttributedString) -> StringBuilder {
        let whole = NSRange(location: 0, length: nsAttribute.length)
        nsAttribute.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            let text = nsAttribute.attributedSubstring(from: range).string
            add(.string(text), with: StringAttribute.from(dictionary: attributes))
        }
        return self
    }

    /// Adds text with its own styles (SurfUtils API; the same as `add(.string(text), with: attributes)`).
    ///
    /// - Parameters:
    ///   - text:       The text.
    ///   - attributes: Styles for this text; they override the global ones.
    /// - Returns: The builder, for chaining.
    @discardableResult
    public func add(text: String, with attributes: [StringAttribute] = []) -> StringBuilder {
        add(.string(text), with: attributes)
    }

    /// Adds spaces styled like the block before them, so they take its font (SurfUtils API).
    ///
    /// - Parameter count: How many spaces; zero or less adds nothing.
    /// - Returns: The builder, for chaining.
    @discardableResult
    public func addSpace(count: Int = 1) -> StringBuilder {
        addWithLastAttributes(.delimeter(repeatedDelimeter: TextDelimeterRepeater(type: .space, count: count)))
        return self
    }

    /// Adds line breaks styled like the block before them, so they take its font (SurfUtils API).
    ///
    /// - Parameter count: How many line breaks; zero or less adds nothing.
    /// - Returns: The builder, for chaining.
    @discardableResult
    public func addLineBreak(count: Int = 1) -> StringBuilder {
        addWithLastAttributes(.delimeter(repeatedDelimeter: TextDelimeterRepeater(type: .lineBreak, count: count)))
        return self
    }
}
