import StringKit
import Testing

@Suite("Color and Font values")
struct ColorTests {
    @Test("hex colours round-trip", arguments: ["#FF6600", "#00000080", "#123456"])
    func hexRoundTrip(hex: String) throws {
        let color = try #require(Color(hex: hex))
        #expect(color.hexString == hex)
    }

    @Test("short hex, missing hash, and bad input")
    func hexForms() {
        #expect(Color(hex: "#F60")?.hexString == "#FF6600")
        #expect(Color(hex: "ff6600") == Color(hex: "#FF6600"))
        #expect(Color(hex: "#GG0000") == nil)
        #expect(Color(hex: "#12345") == nil)
        #expect(Color(hex: "") == nil)
        #expect(Color(hex: "#+FF") == nil)
    }

    @Test("components are clamped, never trapping")
    func clamping() {
        let color = Color(red: 2, green: -1, blue: .nan, alpha: .infinity)
        #expect([color.red, color.green, color.blue, color.alpha] == [1, 0, 0, 0])
        #expect(Font.system(size: -3).size == 0)
    }
}
