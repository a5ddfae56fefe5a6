public import Foundation

extension AttributedString {
    /// The text as an `NSAttributedString`, run by run, with each run's StringKit attributes converted
    /// by `toDictionary()` (on Apple platforms that includes the UIKit/AppKit attributes).
    public var nsAttributedString: NSAttributedString {
        let result = NSMutableAttributedString(string: "")
        for run in runs {
            let attributes = StringAttribute.from(run.attributes).toDictionary()
            result.append(NSAttributedString(string: String(self[run.range].characters), attributes: attributes))
        }
        return result
    }

    /// Text with StringKit attributes read back from an `NSAttributedString`, run by run.
    ///
    /// - Parameter text: Text styled by `String.with(attributes:)`, `StringBuilder.value`, or (on Apple
    ///   platforms) with UIKit/AppKit attributes.
    public init(stringKit text: NSAttributedString) {
        var result = AttributedString()
        text.enumerateAttributes(in: NSRange(location: 0, length: text.length), options: []) { attributes, range, _ in
            let part = text.attributedSubstring(from: range).string
            let container = StringAttribute.from(dictionary: attributes).attributeContainer
            result.append(AttributedString(part, attributes: container))
        }
        self = result
    }
}
