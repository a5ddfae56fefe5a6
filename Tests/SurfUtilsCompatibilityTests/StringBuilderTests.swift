import Foundation
import ServiceUtils
import XCTest

// SurfUtils' StringBuilder as SurfUtils 13.2 code uses it: chained `add` calls on text blocks and
// delimiters, the older `add(text:with:)`, `addSpace`, `addLineBreak`, `add(with:)`, global
// attributes, `clear()`, and `.value` as an `NSMutableAttributedString`.

final class StringBuilderTests: XCTestCase {

    /// Each run of `text`: its characters and attributes, as read by `from(dictionary:)`.
    private func runs(of text: NSAttributedString) -> [(String, [StringAttribute])] {
        var result: [(String, [StringAttribute])] = []
        var location = 0
        while location < text.length {
            var range = NSRange(location: 0, length: 0)
            let attributes = text.attributes(at: location, effectiveRange: &range)
            result.append((text.attributedSubstring(from: range).string, StringAttribute.from(dictionary: attributes)))
            location = range.location + range.length
        }
        return result
    }

    func testServiceUtilsReadmeExample() {
        // The page's example, in its exact shape (including its `delimeter:` label).
        let globalSttributes: [StringAttribute] = [
            .font(.systemFont(ofSize: 14)),
            .foregroundColor(.black),
        ]
        let attributedString = StringBuilder(globalAttributes: globalSttributes)
            .add(.string("Title"))
            .add(
                .delimeterWithString(delimeter: .init(type: .space), string: "blue"),
                with: [.foregroundColor(.blue)]
            )
            .add(.delimeterWithString(delimeter: .init(type: .lineBreak), string: "Base style on new line"))
            .add(
                .delimeterWithString(delimeter: .init(type: .space), string: "last word with it's own style"),
                with: [.font(.boldSystemFont(ofSize: 16)), .foregroundColor(.red)]
            )
            .value

        // then the blocks join with their delimiters and each keeps the global style unless it overrides it
        XCTAssertEqual(attributedString.string, "Title blue\nBase style on new line last word with it's own style")
        let result = runs(of: attributedString)
        XCTAssertEqual(
            result.map(\.0), ["Title", " blue", "\nBase style on new line", " last word with it's own style"])
        XCTAssertEqual(result[0].1, [.font(.systemFont(ofSize: 14)), .foregroundColor(.black)])
        XCTAssertEqual(result[1].1, [.font(.systemFont(ofSize: 14)), .foregroundColor(.blue)])
        XCTAssertEqual(result[2].1, [.font(.systemFont(ofSize: 14)), .foregroundColor(.black)])
        XCTAssertEqual(result[3].1, [.font(.boldSystemFont(ofSize: 16)), .foregroundColor(.red)])
    }

    func testSurfUtilsOwnLabelForDelimitedText() {
        let value = StringBuilder()
            .add(.string("a"))
            .add(.delimeterWithString(repeatedDelimeter: .init(type: .space, count: 2), string: "b"))
            .add(.delimeter(repeatedDelimeter: .init(type: .lineBreak, count: 2)))
            .add(.string("c"))
            .value
        XCTAssertEqual(value.string, "a  b\n\nc")
    }

    func testBlocksWithoutTextAddNothing() {
        // given blocks SurfUtils skips: nil text, a delimiter before nil or empty text, zero repeats
        let value = StringBuilder()
            .add(.string("x"))
            .add(.string(nil))
            .add(.delimeterWithString(repeatedDelimeter: .init(type: .lineBreak), string: nil))
            .add(.delimeterWithString(repeatedDelimeter: .init(type: .space), string: ""))
            .add(.delimeter(repeatedDelimeter: .init(type: .space, count: 0)))
            .add(.string("y"))
            .value
        // then neither the text nor the delimiters appear
        XCTAssertEqual(value.string, "xy")
    }

    func testOlderMethodsTakeThePreviousBlocksAttributes() {
        // given text followed by spaces and line breaks added the pre-TextBlock way
        let value = StringBuilder()
            .add(text: "a", with: [.kern(5)])
            .addSpace()
            .addSpace(count: 2)
            .addLineBreak()
            .addLineBreak(count: 2)
            .add(text: "b")
            .value
        // then the delimiters carry the kern of "a" and "b" has none
        XCTAssertEqual(value.string, "a   \n\n\nb")
        let result = runs(of: value)
        XCTAssertEqual(result.map(\.0), ["a   \n\n\n", "b"])
        XCTAssertEqual(result[0].1, [.kern(5)])
        XCTAssertEqual(result[1].1, [])
    }

    func testASpaceFirstHasNoAttributes() {
        let value = StringBuilder().addSpace().add(text: "z", with: [.kern(1)]).value
        XCTAssertEqual(runs(of: value).map(\.1), [[], [.kern(1)]])
    }

    func testGlobalAttributesCanBeAddedAndBlocksCleared() {
        // given a builder whose global style grows after a block is added
        let builder = StringBuilder(globalAttributes: [.kern(1)])
        builder.add(.string("first"))
        builder.add(globalAttributes: [.foregroundColor(.green), .kern(2)])
        // then the later global kern replaces the earlier one
        XCTAssertEqual(runs(of: builder.value).map(\.1), [[.foregroundColor(.green), .kern(2)]])
        // when the blocks are cleared and another added
        builder.clear()
        XCTAssertEqual(builder.value.length, 0)
        builder.add(.string("second"))
        // then the global style stays
        XCTAssertEqual(runs(of: builder.value).map(\.0), ["second"])
        XCTAssertEqual(runs(of: builder.value).map(\.1), [[.foregroundColor(.green), .kern(2)]])
    }

    func testRangesCountUTF16AfterEmoji() {
        // given a family emoji (one Character, eight UTF-16 units) in its own block
        let value = StringBuilder()
            .add(.string("👨‍👩‍👧"), with: [.kern(1)])
            .add(.string("x"), with: [.kern(2)])
            .value
        // then each style covers exactly its block (SurfUtils' ranges counted Characters)
        XCTAssertEqual(value.length, 9)
        XCTAssertEqual(runs(of: value).map(\.0), ["👨‍👩‍👧", "x"])
        XCTAssertEqual(runs(of: value).map(\.1), [[.kern(1)], [.kern(2)]])
    }

    func testAddingAnAttributedStringKeepsEachRun() {
        // given text with two differently styled runs
        let source = NSMutableAttributedString(attributedString: "ab".with(attributes: [.kern(1)]))
        source.append("cd".with(attributes: [.kern(2), .crossOut(style: .single)]))
        // when it is added under a global colour
        let value = StringBuilder(globalAttributes: [.foregroundColor(.gray)])
            .add(with: source)
            .add(with: NSAttributedString(string: ""))
            .value
        // then both runs keep their own attributes over the global ones
        XCTAssertEqual(runs(of: value).map(\.0), ["ab", "cd"])
        XCTAssertEqual(runs(of: value)[0].1, [.foregroundColor(.gray), .kern(1)])
        XCTAssertEqual(runs(of: value)[1].1, [.foregroundColor(.gray), .kern(2), .crossOut(style: .single)])
    }

    func testValueIsAMutableAttributedStringRenderedOnEachAccess() {
        let builder = StringBuilder()
        builder.add(.string("one"))
        let first: NSMutableAttributedString = builder.value
        first.append(NSAttributedString(string: " changed"))
        builder.add(.string(" two"))
        XCTAssertEqual(builder.value.string, "one two")
    }

    func testDelimiterTypesAndRepeaters() {
        let space = StringBuilder.TextDelimeterRepeater(type: .space)
        let breaks = StringBuilder.TextDelimeterRepeater(type: StringBuilder.TextDelimeterType.lineBreak, count: 3)
        let value = StringBuilder()
            .add(.delimeter(repeatedDelimeter: breaks))
            .add(.delimeterWithString(repeatedDelimeter: space, string: "end"))
            .value
        XCTAssertEqual(value.string, "\n\n\n end")
    }
}
