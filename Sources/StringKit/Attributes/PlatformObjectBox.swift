import Foundation

/// A UIKit or AppKit object kept inside a portable value (``StringAttribute/Font``, ``StringAttribute/Color``), so that the value gives
/// that very object back on Apple platforms instead of one rebuilt from its portable description.
///
/// Two boxes are equal when their objects are (the same object, or `isEqual(_:)`), and a box hashes as
/// its object does. ``StringAttribute/Font`` and ``StringAttribute/Color`` leave it out of their coding keys, so it is never encoded:
/// a decoded value has only the portable description.
struct PlatformObjectBox: @unchecked Sendable, Hashable {
    // Safe: the reference is a `let`, and only the Apple glue (`Font(platformFont:)` and
    // `Color(platformColor:)` in Apple/StringAttribute+Apple.swift) stores objects here, always a
    // UIFont/NSFont or a UIColor/NSColor, which are immutable and safe to share between threads:
    // - UIFont: "Font objects are immutable, so it's safe to use them from multiple threads in your app."
    //   https://developer.apple.com/documentation/uikit/uifont
    // - NSColor: "Color objects are immutable and thread-safe."
    //   https://developer.apple.com/documentation/appkit/nscolor
    // - UIColor and NSFont are immutable too (neither has a mutating API), and "Immutable objects are
    //   generally thread-safe" (Threading Programming Guide, Thread Safety Summary):
    //   https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/Multithreading/ThreadSafetySummary/ThreadSafetySummary.html
    // Tests store immutable stand-ins.
    let object: NSObject

    init(_ object: NSObject) {
        self.object = object
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.object === rhs.object || lhs.object.isEqual(rhs.object)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(object.hash)
    }
}
