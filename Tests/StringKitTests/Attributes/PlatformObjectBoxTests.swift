import Foundation
import Testing

@testable import StringKit

/// An immutable object standing in for a `UIFont` or `UIColor`, equal by name as those are by value.
private final class StandIn: NSObject {
    let name: String

    init(_ name: String) {
        self.name = name
    }

    override func isEqual(_ object: Any?) -> Bool {
        (object as? StandIn)?.name == name
    }

    override var hash: Int {
        name.hashValue
    }
}

@Suite("Fonts and colours that keep a platform object")
struct PlatformObjectBoxTests {
    private func font(keeping object: NSObject?) -> StringAttribute.Font {
        var font = StringAttribute.Font.system(size: 14, weight: .semibold)
        font._platformFont = object.map(PlatformObjectBox.init)
        return font
    }

    private func color(keeping object: NSObject?) -> StringAttribute.Color {
        var color = StringAttribute.Color(red: 1, green: 0.5, blue: 0, alpha: 0.25)
        color._platformColor = object.map(PlatformObjectBox.init)
        return color
    }

    @Test("the kept object is never encoded: the JSON is the portable description's")
    func codable() throws {
        // Given a font and a colour that keep an object, and the same descriptions without one
        let keptFont = font(keeping: StandIn("body"))
        let keptColor = color(keeping: StandIn("label"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // When they are encoded
        let fontJSON = try encoder.encode(keptFont)
        let colorJSON = try encoder.encode(keptColor)
        // Then the JSON is the plain description's, with the same keys as before
        #expect(fontJSON == (try encoder.encode(font(keeping: nil))))
        #expect(colorJSON == (try encoder.encode(color(keeping: nil))))
        let keys = try #require(try JSONSerialization.jsonObject(with: fontJSON) as? [String: Any]).keys
        #expect(Set(keys) == ["family", "size", "weight"])
        // And decoding gives the description without the object
        let decodedFont = try JSONDecoder().decode(StringAttribute.Font.self, from: fontJSON)
        let decodedColor = try JSONDecoder().decode(StringAttribute.Color.self, from: colorJSON)
        #expect(decodedFont == font(keeping: nil))
        #expect(decodedFont._platformFont == nil)
        #expect(decodedColor == color(keeping: nil))
        #expect(decodedColor._platformColor == nil)
    }

    @Test("equality and hashing follow the kept object's isEqual")
    func hashable() {
        // Given the same object, an equal one, a different one, and none
        let object = StandIn("body")
        let same = font(keeping: object)
        let equal = font(keeping: StandIn("body"))
        let other = font(keeping: StandIn("title"))
        let plain = font(keeping: nil)
        // Then equal objects make equal fonts with equal hashes, and anything else differs
        #expect(same == font(keeping: object))
        #expect(same == equal)
        #expect(same.hashValue == equal.hashValue)
        #expect(same != other)
        #expect(same != plain)
        #expect(Set([same, equal, other, plain]).count == 3)
        // And colours behave the same way
        #expect(color(keeping: StandIn("label")) == color(keeping: StandIn("label")))
        #expect(color(keeping: StandIn("label")) != color(keeping: StandIn("link")))
        #expect(color(keeping: StandIn("label")) != color(keeping: nil))
    }

    @Test("attributes with kept objects stay Sendable and comparable")
    func attributes() async {
        // Given attributes built from values that keep objects
        let attributes: [StringAttribute] = [
            .font(font(keeping: StandIn("body"))), .foregroundColor(color(keeping: StandIn("label"))),
        ]
        // When they cross into another task
        let returned = await Task.detached { attributes }.value
        // Then they come back equal, and the kept object is the very one
        #expect(returned == attributes)
        guard case .font(let font) = returned.first else {
            Issue.record("no font")
            return
        }
        #expect((font._platformFont?.object as? StandIn)?.name == "body")
    }
}
