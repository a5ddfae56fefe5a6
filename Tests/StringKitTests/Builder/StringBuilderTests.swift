import Foundation
import StringKit
import Testing

@Suite("StringBuilder (SurfUtils API)")
struct StringBuilderTests {
    /// The text of each run with its StringKit attributes.
    func runs(_ text: AttributedString) -> [(String, [StringAttribute])] {
        text.runs.map { (String(text[$0.range].characters), StringAttribute.from($0.attributes)) }
    }

    @Test("blocks join with their delimiters; local attributes override global ones key by key")
    func overriding() {
        // Given a global font and colour, and a block that overrides the colour only
        let builder = StringBuilder(globalAttributes: [.font(.system(size: 15)), .foregroundColor(.black)])
            .add(.string("Total:"))
            .add(
                .delimeterWithString(repeatedDelimeter: .init(type: .space), string: "42"),
                with: [.foregroundColor(.white)])
        // When the value is rendered
        let result = runs(builder.attributedValue)
        // Then the second run keeps the global font and takes its own colour
        #expect(String(builder.attributedValue.characters) == "Total: 42")
        #expect(result.count == 2)
        #expect(result[0].1 == [.font(.system(size: 15)), .foregroundColor(.black)])
        #expect(result[1].0 == " 42")
        #expect(result[1].1 == [.font(.system(size: 15)), .foregroundColor(.white)])
    }

    @Test("empty blocks follow SurfUtils: nothing, and no dangling delimiter")
    func emptyBlocks() {
        let builder = StringBuilder()
            .add(.string("a"))
            .add(.string(nil))
            .add(.delimeterWithString(repeatedDelimeter: .init(type: .lineBreak, count: 2), string: ""))
            .add(.delimeterWithString(repeatedDelimeter: .init(type: .lineBreak), string: nil))
            .add(.delimeter(repeatedDelimeter: .init(type: .space, count: 0)))
            .add(.delimiter(repeatedDelimiter: .init(type: .lineBreak, count: 2)))
            .add(.delimiterWithString(repeatedDelimiter: .init(type: .space, count: 3), string: "b"))
        #expect(String(builder.attributedValue.characters) == "a\n\n   b")
    }

    @Test("ranges stay right after emoji and combining marks")
    func graphemes() {
        // Given blocks with a family emoji (7 UTF-16 units, 1 Character) and a combining accent
        let builder = StringBuilder()
            .add(.string("👨‍👩‍👧 e\u{0301}"), with: [.kern(1)])
            .add(.string("tail"), with: [.kern(2)])
        // When rendered
        let result = runs(builder.attributedValue)
        // Then each style covers exactly its own block
        #expect(result.map(\.0) == ["👨‍👩‍👧 e\u{0301}", "tail"])
        #expect(result.map(\.1) == [[.kern(1)], [.kern(2)]])
    }

    @Test("add(globalAttributes:) appends and overrides; clear() removes blocks only")
    func globalsAndClear() {
        let builder = StringBuilder(globalAttributes: [.kern(1)])
        builder.add(.string("x")).add(globalAttributes: [.kern(3), .aligment(.center)])
        #expect(runs(builder.attributedValue).first?.1 == [.kern(3), .aligment(.center)])
        builder.clear()
        #expect(builder.attributedValue.characters.isEmpty)
        builder.add(.string("y"))
        #expect(runs(builder.attributedValue).first?.1 == [.kern(3), .aligment(.center)])
    }

    @Test("String.attributed(with:) styles the whole text, correct spellings alias the old ones")
    func withAttributes() {
        let text = "Awesome".attributed(with: [.alignment(.center), .crossOut(style: .double), .oldLineHeight(20)])
        #expect(runs(text).map(\.1) == [[.crossOut(style: .double), .aligment(.center), .oldLineHeight(20)]])
        #expect(StringAttribute.alignment(.left) == .aligment(.left))
        #expect(StringBuilder.TextDelimiterRepeater(type: .space, count: 2).string == "  ")
    }
}

@Suite("StringKit attribute scope")
struct StringKitAttributeScopeTests {
    @Test("attributes read and write as properties of AttributedString")
    func dynamicLookup() {
        // Given text styled through StringAttribute
        var text = "Sale".attributed(with: [.kern(1), .foregroundColor(.white)])
        // When a scope property is read and another written
        let kern = text.stringKitKern
        text.stringKitFont = .system(size: 20, weight: .bold)
        // Then both views agree
        #expect(kern == 1)
        #expect(
            StringAttribute.from(text.runs.first?.attributes ?? AttributeContainer())
                == [.font(.system(size: 20, weight: .bold)), .foregroundColor(.white), .kern(1)]
        )
    }
}
