/// What a device can play, from richest to poorest.
public enum HapticCapability: String, Sendable, Hashable, CaseIterable {
    /// A haptic engine with feedback generators (iPhone 7 and later).
    case hapticEngine
    /// The first-generation Taptic Engine, reachable only through system sounds 1519–1521
    /// (iPhone 6s).
    case tapticEngine
    /// A plain vibration motor.
    case vibration
    /// No haptics at all (iPad, Mac, Linux servers).
    case none

    /// Resolves the capability from the facts a platform reports.
    ///
    /// - Parameters:
    ///   - supportsHapticEngine: The device has feedback generators (CoreHaptics says so).
    ///   - feedbackSupportLevel: UIKit's feedback level when known: 2 haptic, 1 Taptic, 0 none.
    ///   - supportsVibration: The device has a vibration motor.
    /// - Returns: The richest capability the facts allow.
    public static func resolve(
        supportsHapticEngine: Bool, feedbackSupportLevel: Int?, supportsVibration: Bool
    ) -> HapticCapability {
        if supportsHapticEngine || (feedbackSupportLevel ?? 0) >= 2 { return .hapticEngine }
        if feedbackSupportLevel == 1 { return .tapticEngine }
        return supportsVibration ? .vibration : .none
    }
}
