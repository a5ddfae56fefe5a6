import FrameworkNamesStandIn
import ServiceUtils
import XCTest

// A SwiftUI view file of a SurfUtils app imports SwiftUI and the utilities side by side: SwiftUI's
// `Color`, `Font` and `TextAlignment` (here their stand-ins) must stay unambiguous, and SurfUtils'
// attribute calls must still mean StringKit's values.

final class FrameworkNamesTests: XCTestCase {
    func testSwiftUINamesStayUnambiguousBesideServiceUtils() {
        let color: Color = .red
        let font = Font.body
        let alignment = TextAlignment.center
        XCTAssertEqual(color.name, "red")
        XCTAssertEqual(font.name, "body")
        XCTAssertEqual(alignment, .center)
        let attributes: [StringAttribute] = [
            .font(.systemFont(ofSize: 14)), .foregroundColor(.red), .aligment(.center),
        ]
        XCTAssertEqual(attributes.count, 3)
        XCTAssertEqual(
            WordDeclinationSelector.declineWord(for: 3, from: WordDeclinations("яблоко", "яблока", "яблок")), "яблока")
    }
}
