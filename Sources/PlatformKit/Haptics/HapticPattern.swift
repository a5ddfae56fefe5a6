/// What a `HapticPlayer` plays: one generator call or one system sound.
public enum HapticPattern: Sendable, Hashable {
    /// The outcome of a task (`UINotificationFeedbackGenerator`).
    public enum Notification: String, Sendable, Hashable, CaseIterable {
        /// A task succeeded.
        case success
        /// A task produced a warning.
        case warning
        /// A task failed.
        case error
    }

    /// The weight of a collision (`UIImpactFeedbackGenerator`).
    public enum Impact: String, Sendable, Hashable, CaseIterable {
        /// A small, light collision.
        case light
        /// A moderate collision.
        case medium
        /// A large, heavy collision.
        case heavy
        /// A soft, flexible collision.
        case soft
        /// A hard, inflexible collision.
        case rigid
    }

    /// A notification haptic.
    case notification(Notification)
    /// An impact haptic.
    case impact(Impact)
    /// A selection change (`UISelectionFeedbackGenerator`).
    case selection
    /// A system sound ID played with `AudioServicesPlaySystemSound`: the first-generation Taptic
    /// Engine's 1519 (peek), 1520 (pop), 1521 (nope), or 4095 (plain vibration).
    case systemSound(UInt32)
    /// Nothing: the device cannot express this event.
    case none

    /// Taptic Engine "peek": one weak tap.
    public static let peek = HapticPattern.systemSound(1519)
    /// Taptic Engine "pop": one strong tap.
    public static let pop = HapticPattern.systemSound(1520)
    /// Taptic Engine "nope": three quick weak taps.
    public static let nope = HapticPattern.systemSound(1521)
    /// The standard vibration (`kSystemSoundID_Vibrate`).
    public static let vibrate = HapticPattern.systemSound(4095)
}
