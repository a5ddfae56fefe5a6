/// Plays haptic patterns on a device. Adopters run on the main actor (UIKit's generators must) and
/// ignore patterns their hardware cannot play.
@MainActor
public protocol HapticPlayer: AnyObject {
    /// The device's capability, used to choose patterns.
    var capability: HapticCapability { get }

    /// Plays `pattern` now.
    ///
    /// - Parameter pattern: What to play.
    func play(_ pattern: HapticPattern)
}

/// A `HapticPlayer` that plays nothing and remembers every pattern: the Linux player (Linux has
/// no haptics API, so this is all it does) and the test double everywhere.
@MainActor
public final class RecordingHapticPlayer: HapticPlayer {
    /// The capability this player pretends to have.
    public let capability: HapticCapability
    /// Every pattern played, oldest first (`.none` included).
    public private(set) var played: [HapticPattern] = []

    /// Creates a player.
    ///
    /// - Parameter capability: The capability to report; `.none` by default.
    public init(capability: HapticCapability = .none) {
        self.capability = capability
    }

    /// Records `pattern`.
    ///
    /// - Parameter pattern: What would be played.
    public func play(_ pattern: HapticPattern) {
        played.append(pattern)
    }
}
