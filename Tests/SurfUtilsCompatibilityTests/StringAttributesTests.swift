import Foundation
import ServiceUtils
import XCTest

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
        XCTAssertEqual(regular, .font(Font.system(size: 14)))
        XCTAssertEqual(bold, .font(Font.system(size: 16, weight: .bold)))
        // and the named colours have UIKit's components
        let named: [(Color, String)] = [
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
