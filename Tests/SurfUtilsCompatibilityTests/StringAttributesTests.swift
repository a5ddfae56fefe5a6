import Foundation
import ServiceUtils
import XCTest

#if canImport(UIKit)
    import UIKit
#endif

// SurfUtils' StringAttributes as SurfUtils 13.2 code uses them: every `StringAttribute` case in its
// call shape, `String.with(attributes:) -> NSAttributedString`, `[StringAttribute].toDictionary()` and
// `StringAttribute.from(dictionary:)`, with UIKit-style `.systemFont(ofSize:)` and `.black` values.

final class StringAttributesTests: XCTestCase {

    /// The attributes of the run at `location` and how far that run reaches.
    private func run(of text: NSAttributedString, at location: Int) -> ([StringAttribute], NSRange) {
        var range = NSRange(location: 0, length: 0)
        let attributes = text.attributes(at: location, effectiveRange: &range)
        return (StringAttribute.from(dictionary: attributes), range)
    }

    func testServiceUtilsReadmeExample() {
        // The page writes `[.kern(9), lineHeight(20)]`: without the dot no library can make `lineHeight`
        // resolve, so this is the line with the dot the page meant.
        let attrString = "Awesome attributed srting".with(attributes: [.kern(9), .lineHeight(20)])
        // then the text is unchanged and one run carries both attributes over all of it
        XCTAssertEqual(attrString.string, "Awesome attributed srting")
        let (attributes, range) = run(of: attrString, at: 0)
        XCTAssertEqual(attributes, [.kern(9), .lineHeight(20)])
        XCTAssertEqual(range, NSRange(location: 0, length: 25))
    }

    func testEveryCaseRoundTripsThroughTheDictionary() {
        // given every case, in SurfUtils' call shapes, with CGFloat values as UIKit code has them
        let spacing: CGFloat = 4
        let attributes: [StringAttribute] = [
            .lineSpacing(spacing),
            .kern(1.5),
            .font(.systemFont(ofSize: 14)),
            .foregroundColor(.black),
            .aligment(.center),
            .crossOut(style: .double),
            .lineBreakMode(.byTruncatingTail),
            .baselineOffset(-2),
            .lineHeight(20),
            .paragraphSpacing(8),
            .oldLineHeight(22),
        ]
        // when written to a dictionary and read back
        let dictionary = attributes.toDictionary()
        let again = StringAttribute.from(dictionary: dictionary)
        // then every attribute comes back (in the library's fixed order)
        XCTAssertEqual(dictionary.count, 11)
        XCTAssertEqual(Set(again), Set(attributes))
        XCTAssertEqual(again.count, attributes.count)
    }

    func testALaterAttributeOfTheSameKindWins() {
        let dictionary = [StringAttribute.kern(1), .foregroundColor(.red), .kern(3)].toDictionary()
        XCTAssertEqual(StringAttribute.from(dictionary: dictionary), [.foregroundColor(.red), .kern(3)])
    }

    func testCrossOutStyles() {
        for style in [StringAttribute.CrossOutStyle.single, .double] {
            let text = "gone".with(attributes: [.crossOut(style: style)])
            XCTAssertEqual(run(of: text, at: 0).0, [.crossOut(style: style)])
        }
    }

    func testUIKitStyleFontsAndColours() {
        // given the factory names UIKit code uses
        let regular = StringAttribute.font(.systemFont(ofSize: 14))
        let bold = StringAttribute.font(.boldSystemFont(ofSize: 16))
        // then they are the system font in the right size and weight
        XCTAssertEqual(regular, .font(StringAttribute.Font.system(size: 14)))
        XCTAssertEqual(bold, .font(StringAttribute.Font.system(size: 16, weight: .bold)))
        // and the named colours have UIKit's components
        let named: [(StringAttribute.Color, String)] = [
            (.black, "#000000"), (.white, "#FFFFFF"), (.red, "#FF0000"), (.green, "#00FF00"),
            (.blue, "#0000FF"), (.gray, "#808080"), (.clear, "#00000000"),
        ]
        for (color, hex) in named {
            XCTAssertEqual(color.hexString, hex)
        }
    }

    func testADictionaryWithoutStringKitKeysGivesNoAttributes() {
        let foreign: [NSAttributedString.Key: Any] = [NSAttributedString.Key("Other.key"): 1]
        XCTAssertEqual(StringAttribute.from(dictionary: foreign), [])
        XCTAssertEqual("plain".with(attributes: []).string, "plain")
        XCTAssertEqual(run(of: "plain".with(attributes: []), at: 0).0, [])
    }
}

#if canImport(UIKit)
    // SurfUtils' cases took UIKit values: `.font(UIFont)`, `.foregroundColor(UIColor)`,
    // `.aligment(NSTextAlignment)`, `.lineBreakMode(NSLineBreakMode)`, CGFloat numbers. The same code, with
    // values held in variables as apps have them, and the very font and colour reaching UIKit.
    final class StringAttributesUIKitTests: XCTestCase {

        func testUIKitValuesInSurfUtilsShapes() {
            // given a Dynamic Type font, a dynamic colour and UIKit paragraph values
            let font = UIFont.preferredFont(forTextStyle: .body)
            let color = UIColor.label
            let alignment: NSTextAlignment = .right
            let lineBreakMode: NSLineBreakMode = .byTruncatingMiddle
            let kern: CGFloat = 1.5
            let attributes: [StringAttribute] = [
                .font(font),
                .foregroundColor(color),
                .aligment(alignment),
                .lineBreakMode(lineBreakMode),
                .kern(kern),
            ]
            // when they become UIKit attributes
            let dictionary = attributes.toDictionary()
            // then UIKit gets the very font and colour, and the paragraph values
            XCTAssertIdentical(dictionary[.font] as? UIFont, font)
            XCTAssertIdentical(dictionary[.foregroundColor] as? UIColor, color)
            let paragraph = dictionary[.paragraphStyle] as? NSParagraphStyle
            XCTAssertEqual(paragraph?.alignment, .right)
            XCTAssertEqual(paragraph?.lineBreakMode, .byTruncatingMiddle)
            XCTAssertEqual(dictionary[.kern] as? Double, 1.5)
            // and a string styled with them draws with that font
            let text = "Awesome".with(attributes: attributes)
            XCTAssertIdentical(text.attribute(.font, at: 0, effectiveRange: nil) as? UIFont, font)
            // and the attributes read back are the ones given
            XCTAssertEqual(Set(StringAttribute.from(dictionary: dictionary)), Set(attributes))
        }

        func testUIKitSpellingsStillPickThePortableValues() {
            // given the leading-dot spellings UIKit code uses
            let font = StringAttribute.font(.systemFont(ofSize: 14))
            let color = StringAttribute.foregroundColor(.red)
            let alignment = StringAttribute.aligment(.center)
            let lineBreakMode = StringAttribute.lineBreakMode(.byWordWrapping)
            // then they are StringKit's portable values, the same on every platform
            XCTAssertEqual(font, .font(StringAttribute.Font.system(size: 14)))
            XCTAssertEqual(color, .foregroundColor(StringAttribute.Color.red))
            XCTAssertEqual(alignment, .aligment(StringAttribute.TextAlignment.center))
            XCTAssertEqual(lineBreakMode, .lineBreakMode(StringAttribute.LineBreakMode.byWordWrapping))
        }

        func testAttributesWrittenByUIKitComeBackAsTheSameObjects() {
            // given a string styled by UIKit itself, as storyboards and other libraries do
            let font = UIFont.preferredFont(forTextStyle: .headline)
            let color = UIColor.systemRed
            let text = NSAttributedString(string: "Sale", attributes: [.font: font, .foregroundColor: color])
            // when its attributes are read as SurfUtils read them
            let attributes = StringAttribute.from(dictionary: text.attributes(at: 0, effectiveRange: nil))
            // then they hold the very font and colour
            XCTAssertEqual(attributes, [.font(font), .foregroundColor(color)])
            XCTAssertIdentical(attributes.toDictionary()[.font] as? UIFont, font)
            XCTAssertIdentical(attributes.toDictionary()[.foregroundColor] as? UIColor, color)
        }
    }
#endif
