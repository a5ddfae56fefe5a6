import Foundation
import StringKit
import Testing

@Suite("StringAttribute and NSAttributedString dictionaries")
struct StringAttributeDictionaryTests {
    @Test("each attribute is stored under its StringKit key, named as in the attribute scope")
    func keys() {
        // Given attributes of several kinds
        let dictionary = [StringAttribute.kern(2), .font(.boldSystemFont(ofSize: 16)), .aligment(.right)].toDictionary()
        // Then their keys are the scope's names and their values the portable ones
        #expect(dictionary[NSAttributedString.Key("StringKit.kern")] as? Double == 2)
        #expect(
            dictionary[NSAttributedString.Key("StringKit.font")] as? StringAttribute.Font
                == .system(size: 16, weight: .bold))
        #expect(dictionary[NSAttributedString.Key("StringKit.alignment")] as? StringAttribute.TextAlignment == .right)
    }

    @Test("values of the wrong type under StringKit keys are ignored, never trapped on")
    func wrongTypes() {
        // Given a dictionary whose StringKit keys hold foreign values
        let dictionary: [NSAttributedString.Key: Any] = [
            NSAttributedString.Key("StringKit.kern"): "wide",
            NSAttributedString.Key("StringKit.font"): 14,
            NSAttributedString.Key("StringKit.crossOut"): true,
            NSAttributedString.Key("StringKit.lineHeight"): 18.0,
        ]
        // When it is read
        // Then only the well-typed value is reported
        #expect(StringAttribute.from(dictionary: dictionary) == [.lineHeight(18)])
    }

    @Test("AttributedString and NSAttributedString convert into each other run by run")
    func roundTrip() {
        // Given text built with two styled blocks and an emoji
        let text = StringBuilder(globalAttributes: [.foregroundColor(.gray)])
            .add(.string("🇷🇺 price"), with: [.kern(1)])
            .add(.delimiterWithString(repeatedDelimiter: .init(type: .space), string: "42"), with: [.lineSpacing(3)])
            .attributedValue
        // When it goes to NSAttributedString and back
        let again = AttributedString(stringKit: text.nsAttributedString)
        // Then the characters and every run's attributes are the same
        #expect(again == text)
        #expect(
            again.runs.map { StringAttribute.from($0.attributes) }
                == text.runs.map { StringAttribute.from($0.attributes) })
    }

    @Test("the HTML of the NSAttributedString and of the AttributedString forms is the same")
    func html() {
        let attributes: [StringAttribute] = [
            .foregroundColor(.red), .aligment(.center), .font(.systemFont(ofSize: 12)),
        ]
        let renderer = HTMLRenderer()
        #expect(
            renderer.render("a < b".with(attributes: attributes))
                == renderer.render("a < b".attributed(with: attributes)))
        #expect(renderer.render("a < b".with(attributes: attributes)).contains("color: #FF0000\">a &lt; b</span>"))
    }
}
