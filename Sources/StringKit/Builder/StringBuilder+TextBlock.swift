extension StringBuilder {
    /// The delimiters a block can start with (SurfUtils' spelling; ``TextDelimiterType`` is the same).
    public enum TextDelimeterType: Sendable, Hashable {
        /// `\n`.
        case lineBreak
        /// A space.
        case space

        /// The delimiter's text.
        public var string: String {
            switch self {
            case .lineBreak: "\n"
            case .space: " "
            }
        }
    }

    /// A delimiter repeated `count` times (SurfUtils' spelling; ``TextDelimiterRepeater`` is the same).
    public struct TextDelimeterRepeater: Sendable, Hashable {
        /// The delimiter.
        public let type: TextDelimeterType
        /// How many times it repeats; zero or less gives no text.
        public let count: Int

        /// Creates a repeated delimiter.
        ///
        /// - Parameters:
        ///   - type:  Line break or space.
        ///   - count: Repetitions; one by default.
        public init(type: TextDelimeterType, count: Int = 1) {
            self.type = type
            self.count = count
        }

        /// The repeated text, or nil for a count of zero or less.
        public var string: String? {
            count > 0 ? String(repeating: type.string, count: count) : nil
        }
    }

    /// The correctly spelled name of ``TextDelimeterType``.
    public typealias TextDelimiterType = TextDelimeterType
    /// The correctly spelled name of ``TextDelimeterRepeater``.
    public typealias TextDelimiterRepeater = TextDelimeterRepeater

    /// A block of a built string: text, a delimiter, or a delimiter followed by text.
    public enum TextBlock: Sendable, Hashable {
        /// Text alone; nil adds nothing.
        case string(String?)
        /// A delimiter followed by text; nothing at all (not even the delimiter) when the text is nil or empty.
        case delimeterWithString(repeatedDelimeter: TextDelimeterRepeater, string: String?)
        /// A delimiter alone.
        case delimeter(repeatedDelimeter: TextDelimeterRepeater)

        /// A delimiter followed by text (correct spelling of ``delimeterWithString(repeatedDelimeter:string:)``).
        ///
        /// - Parameters:
        ///   - repeatedDelimiter: The delimiter.
        ///   - string:            The text.
        /// - Returns: The block.
        public static func delimiterWithString(repeatedDelimiter: TextDelimiterRepeater, string: String?) -> TextBlock {
            .delimeterWithString(repeatedDelimeter: repeatedDelimiter, string: string)
        }

        /// A delimiter followed by text, with the label SurfUtils' README uses:
        /// `.delimeterWithString(delimeter: .init(type: .space), string: "blue")`.
        ///
        /// - Parameters:
        ///   - delimeter: The delimiter.
        ///   - string:    The text.
        /// - Returns: `.delimeterWithString(repeatedDelimeter: delimeter, string: string)`.
        public static func delimeterWithString(delimeter: TextDelimeterRepeater, string: String?) -> TextBlock {
            .delimeterWithString(repeatedDelimeter: delimeter, string: string)
        }

        /// A delimiter alone (correct spelling of ``delimeter(repeatedDelimeter:)``).
        ///
        /// - Parameter repeatedDelimiter: The delimiter.
        /// - Returns: The block.
        public static func delimiter(repeatedDelimiter: TextDelimiterRepeater) -> TextBlock {
            .delimeter(repeatedDelimeter: repeatedDelimiter)
        }

        /// The block's text, or nil when it adds nothing.
        public var string: String? {
            switch self {
            case .string(let text):
                return text
            case .delimeterWithString(let delimiter, let text):
                guard let text, !text.isEmpty else { return nil }
                return (delimiter.string ?? "") + text
            case .delimeter(let delimiter):
                return delimiter.string
            }
        }
    }
}
