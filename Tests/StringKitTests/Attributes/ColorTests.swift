import StringKit
import Testing

@Suite("Color and Font values")
struct ColorTests {
    @Test("hex colours round-trip", arguments: ["#FF6600", "#00000080", "#123456"])
    func hexRoundTrip(hex: String) throws {
        let color = try #require(StringAttribute.Color(hex: hex))
        #expect(color.hexString == hex)
    }

    @Test("short hex, missing hash, and bad input")
    func hexForms() {
        #expect(StringAttribute.Color(hex: "#F60")?.hexString == "#FF6600")
        #expect(StringAttribute.Color(hex: "ff6600") == StringAttribute.Color(hex: "#FF6600"))
        #expect(StringAttribute.Color(hex: "#GG0000") == nil)
        #expect(StringAttribute.Color(hex: "#12345") == nil)
        #expect(StringAttribute.Color(hex: "") == nil)
        #expect(StringAttribute.Color(hex: "#+FF") == nil)
    }

    @Test("components are clamped, never trapping")
    func clamping() {
        let color = StringAttribute.Color(red: 2, green: -1, blue: .nan, alpha: .infinity)
        #expect([color.red, color.green, color.blue, color.alpha] == [1, 0, 0, 0])
        #expect(StringAttribute.Font.system(size: -3).size == 0)
    }
}
