import StringKit
import Testing

// On Apple platforms StringKit adds `@_disfavoredOverload` factories beside the attribute cases that
// take UIKit values (`.font(UIFont)`, `.foregroundColor(UIColor)`), which nothing here can compile.
// The same pattern with stand-in classes that share UIKit's static names shows on Linux how the
// compiler chooses between them: leading-dot values stay portable, a UIKit-typed value takes the
// overload.

/// Stands for `UIFont`: a class with UIKit's `systemFont(ofSize:)`.
private final class StandInFont: Sendable {
    let size: Double
    init(size: Double) { self.size = size }
    static func systemFont(ofSize size: Double) -> StandInFont { StandInFont(size: size) }
}

/// Stands for `UIColor`: a class with UIKit's `red`.
private final class StandInColor: Sendable {
    static let red = StandInColor()
}

extension StringAttribute {
    /// Marks its choice with a 100 times larger size.
    @_disfavoredOverload
    fileprivate static func font(_ font: StandInFont) -> StringAttribute {
        .font(.system(size: font.size * 100))
    }

    /// Marks its choice with blue.
    @_disfavoredOverload
    fileprivate static func foregroundColor(_ color: StandInColor) -> StringAttribute {
        .foregroundColor(.blue)
    }
}

@Suite("Attribute factories for platform values beside the portable cases")
struct PlatformOverloadTests {
    @Test("leading-dot values mean the portable ones; a platform-typed value takes the disfavoured factory")
    func overloadChoice() {
        let portable: [StringAttribute] = [.font(.systemFont(ofSize: 14)), .foregroundColor(.red)]
        #expect(
            portable == [.font(StringAttribute.Font.system(size: 14)), .foregroundColor(StringAttribute.Color.red)])

        let font = StandInFont.systemFont(ofSize: 14)
        let color = StandInColor.red
        let platform: [StringAttribute] = [.font(font), .foregroundColor(color)]
        #expect(platform == [.font(.system(size: 1400)), .foregroundColor(.blue)])
    }
}
