// SurfUtils' three vibration vocabularies, and the patterns they play.

extension VibrationFeedbackManager {
    /// A sound-based vibration, for devices without a Taptic Engine (SurfUtils' type).
    public enum DefaultVibrationType: Sendable, Hashable, CaseIterable {
        /// The standard vibration (`kSystemSoundID_Vibrate`, 4095).
        case standard
        /// The alert vibration (system sound 1011).
        case alert
    }

    /// A system sound of the first Taptic Engine, iPhone 6s (SurfUtils' type).
    public enum TapticEngineVibrationType: Sendable, Hashable, CaseIterable {
        /// A weak boom (1519).
        case peek
        /// A strong boom (1520).
        case pop
        /// Three sequential weak booms (1521).
        case cancelled
        /// A weak boom then a strong boom (1102).
        case tryagain
        /// Three sequential strong booms (1107).
        case failed
    }

    /// Feedback of a haptic engine, iPhone 7 and later (SurfUtils' type).
    public enum HapticFeedbackVibrationType: Sendable, Hashable, CaseIterable {
        /// A success notification.
        case success
        /// A warning notification.
        case warning
        /// An error notification.
        case error
        /// A light impact.
        case light
        /// A medium impact.
        case medium
        /// A heavy impact.
        case heavy
        /// A selection change.
        case selection
    }
}

extension HapticPattern {
    /// The pattern of a SurfUtils default vibration.
    ///
    /// - Parameter type: The vibration.
    public init(_ type: VibrationFeedbackManager.DefaultVibrationType) {
        switch type {
        case .standard: self = .vibrate
        case .alert: self = .systemSound(1011)
        }
    }

    /// The pattern of a SurfUtils Taptic Engine sound.
    ///
    /// - Parameter type: The sound.
    public init(_ type: VibrationFeedbackManager.TapticEngineVibrationType) {
        switch type {
        case .peek: self = .peek
        case .pop: self = .pop
        case .cancelled: self = .nope
        case .tryagain: self = .systemSound(1102)
        case .failed: self = .systemSound(1107)
        }
    }

    /// The pattern of a SurfUtils haptic feedback.
    ///
    /// - Parameter type: The feedback.
    public init(_ type: VibrationFeedbackManager.HapticFeedbackVibrationType) {
        switch type {
        case .success: self = .notification(.success)
        case .warning: self = .notification(.warning)
        case .error: self = .notification(.error)
        case .light: self = .impact(.light)
        case .medium: self = .impact(.medium)
        case .heavy: self = .impact(.heavy)
        case .selection: self = .selection
        }
    }
}
