import Foundation

/// Plays vibration feedback for app events, choosing the pattern the device can play
/// (SurfUtils' `VibrationFeedbackManager`).
///
/// The choice is a table (``pattern(for:capability:)``): the same event is an impact on a haptic
/// engine, a system sound on the first Taptic Engine, a plain vibration or nothing elsewhere.
///
/// ```swift
/// VibrationFeedbackManager.playVibrationFeedbackBy(event: .error)      // SurfUtils' three events
/// VibrationFeedbackManager.playFeedback(for: .success)                // all of FeedbackEvent's
/// VibrationFeedbackManager.playVibrationFeedback(default: .alert, taptic: .failed, haptic: .error)
/// // or, injectable:
/// VibrationFeedbackManager(player: player).play(.selection)
/// ```
///
/// It is main-actor isolated, as the feedback generators are. SurfUtils' static methods stay callable
/// from any thread, as in SurfUtils, without a concurrency warning: they play at once on Apple
/// platforms' main thread, and otherwise on the main queue's next turn.
@preconcurrency @MainActor
public final class VibrationFeedbackManager {
    /// SurfUtils' app events, exactly its three, so a `switch` written for SurfUtils stays exhaustive;
    /// ``FeedbackEvent`` has these and eight more.
    public enum Event: String, Sendable, Hashable, CaseIterable {
        /// A control was tapped.
        case tap
        /// Something failed.
        case error
        /// An action was cancelled.
        case cancelled
    }

    private let player: any HapticPlayer

    /// Creates a manager that plays through `player`.
    ///
    /// - Parameter player: The device's player; the platform's by default.
    public init(player: (any HapticPlayer)? = nil) {
        self.player = player ?? Self.platformPlayer()
    }

    /// The player the static methods use instead of the platform's (tests set it, in one serialized
    /// suite, and clear it afterwards).
    package static var playerOverride: (any HapticPlayer)?

    /// A manager on the platform's player, or on ``playerOverride``.
    private static var shared: VibrationFeedbackManager {
        VibrationFeedbackManager(player: playerOverride)
    }

    /// Plays the feedback for `event` with the platform's player (SurfUtils' static entry point).
    ///
    /// - Parameter event: What happened.
    public nonisolated static func playVibrationFeedbackBy(event: Event) {
        onMain { shared.play(FeedbackEvent(event)) }
    }

    /// Plays the feedback for `event` with the platform's player.
    ///
    /// - Parameter event: What happened, one of SurfUtils' events or the others (success, warning,
    ///   selection, impacts).
    public nonisolated static func playFeedback(for event: FeedbackEvent) {
        onMain { shared.play(event) }
    }

    /// Plays `haptic` on a haptic engine, `taptic` on the first Taptic Engine, `default` elsewhere
    /// (SurfUtils' static entry point).
    ///
    /// - Parameters:
    ///   - default: The sound-based vibration for devices without a Taptic Engine.
    ///   - taptic: The system sound for the first Taptic Engine (iPhone 6s).
    ///   - haptic: The feedback for a haptic engine (iPhone 7 and later).
    public nonisolated static func playVibrationFeedback(
        default: DefaultVibrationType, taptic: TapticEngineVibrationType, haptic: HapticFeedbackVibrationType
    ) {
        onMain { shared.play(default: `default`, taptic: taptic, haptic: haptic) }
    }

    /// Plays a sound-based vibration whatever the device (SurfUtils' static entry point).
    ///
    /// - Parameter type: Which one.
    public nonisolated static func playDefaultFeedbackBy(type: DefaultVibrationType) {
        onMain { shared.player.play(HapticPattern(type)) }
    }

    /// Plays a Taptic Engine system sound whatever the device (SurfUtils' static entry point).
    ///
    /// - Parameter type: Which one.
    public nonisolated static func playTapticFeedbackBy(type: TapticEngineVibrationType) {
        onMain { shared.player.play(HapticPattern(type)) }
    }

    /// Plays haptic-engine feedback whatever the device (SurfUtils' static entry point).
    ///
    /// - Parameter type: Which one.
    public nonisolated static func playHapticFeedbackBy(type: HapticFeedbackVibrationType) {
        onMain { shared.player.play(HapticPattern(type)) }
    }

    /// Plays the pattern of the device's kind among the three.
    ///
    /// - Parameters:
    ///   - default: For devices with neither engine (a vibration motor or nothing).
    ///   - taptic: For the first Taptic Engine.
    ///   - haptic: For a haptic engine.
    /// - Returns: The pattern that was played.
    @discardableResult
    public func play(
        default: DefaultVibrationType, taptic: TapticEngineVibrationType, haptic: HapticFeedbackVibrationType
    ) -> HapticPattern {
        let pattern: HapticPattern
        switch player.capability {
        case .hapticEngine: pattern = HapticPattern(haptic)
        case .tapticEngine: pattern = HapticPattern(taptic)
        case .vibration, .none: pattern = HapticPattern(`default`)
        }
        player.play(pattern)
        return pattern
    }

    /// Plays the feedback for `event`.
    ///
    /// - Parameter event: What happened.
    /// - Returns: The pattern that was played.
    @discardableResult
    public func play(_ event: FeedbackEvent) -> HapticPattern {
        let pattern = Self.pattern(for: event, capability: player.capability)
        player.play(pattern)
        return pattern
    }

    /// The pattern for `event` on a device with `capability`.
    ///
    /// - Parameters:
    ///   - event: What happened.
    ///   - capability: What the device can play.
    /// - Returns: The pattern to play (`.none` when the device cannot express the event).
    public nonisolated static func pattern(for event: FeedbackEvent, capability: HapticCapability) -> HapticPattern {
        switch capability {
        case .hapticEngine: return hapticEnginePattern(for: event)
        case .tapticEngine: return tapticEnginePattern(for: event)
        case .vibration: return event == .error || event == .warning ? .vibrate : .none
        case .none: return .none
        }
    }

    private nonisolated static func hapticEnginePattern(for event: FeedbackEvent) -> HapticPattern {
        switch event {
        case .tap: return .impact(.medium)
        case .error: return .notification(.error)
        case .cancelled, .warning: return .notification(.warning)
        case .success: return .notification(.success)
        case .selection: return .selection
        case .light: return .impact(.light)
        case .medium: return .impact(.medium)
        case .heavy: return .impact(.heavy)
        case .soft: return .impact(.soft)
        case .rigid: return .impact(.rigid)
        }
    }

    private nonisolated static func tapticEnginePattern(for event: FeedbackEvent) -> HapticPattern {
        switch event {
        case .tap, .selection, .light, .medium, .soft: return .peek
        case .success, .heavy, .rigid: return .pop
        case .error, .cancelled, .warning: return .nope
        }
    }

    /// Runs `body` on the main actor: at once on Apple platforms' main thread (which is the main
    /// actor's), otherwise on the main queue's next turn, in call order. SurfUtils' static methods were
    /// callable from any thread (Swift 5, no isolation); they stay so without a warning, and the
    /// feedback generators are still used on the main actor only. (On Linux the main queue may be
    /// drained by another thread than the main one, so the main thread says nothing there.)
    private nonisolated static func onMain(_ body: @escaping @MainActor @Sendable () -> Void) {
        #if canImport(Darwin)
            if Thread.isMainThread {
                MainActor.assumeIsolated { body() }
                return
            }
        #endif
        DispatchQueue.main.async { body() }
    }

    private static func platformPlayer() -> any HapticPlayer {
        #if canImport(UIKit) && canImport(AudioToolbox) && os(iOS)
            return SystemHapticPlayer()
        #else
            return RecordingHapticPlayer(capability: .none)
        #endif
    }
}
