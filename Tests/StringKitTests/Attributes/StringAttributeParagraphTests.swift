import Testing

@testable import StringKit

@Suite("Paragraph values for UIKit and AppKit")
struct StringAttributeParagraphTests {
    @Test(
        "line spacing is never negative nor undefined",
        arguments: [(4.0, 4.0), (0, 0), (-3.5, 0), (.nan, 0), (.infinity, 0), (-.infinity, 0)])
    func lineSpacing(asked: Double, expected: Double) {
        #expect(StringAttribute.paragraphLineSpacing(asked) == expected)
    }

    @Test("an old line height below the font's own adds no spacing, one above adds the difference")
    func oldLineHeight() {
        // Given a 14-point system font whose line is about 16.7 points high
        let fontLineHeight = 16.7
        // Then 12 points of "line height" clamp to zero and 20 points add the rest
        #expect(StringAttribute.paragraphLineSpacing(12 - fontLineHeight) == 0)
        #expect(abs(StringAttribute.paragraphLineSpacing(20 - fontLineHeight) - 3.3) < 1e-9)
    }
}
