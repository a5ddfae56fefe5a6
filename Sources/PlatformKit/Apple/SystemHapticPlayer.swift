#if canImport(UIKit) && canImport(AudioToolbox) && os(iOS)
    import AudioToolbox
    import CoreHaptics
    import UIKit

    /// Plays patterns with UIKit's feedback generators and `AudioServicesPlaySystemSound`.
    @MainActor
    public final class SystemHapticPlayer: HapticPlayer {
        /// The device's capability: a haptic engine when CoreHaptics reports one, a vibration
        /// motor on other iPhones, nothing on iPad.
        public let capability: HapticCapability

        /// Creates the player, detecting the capability.
        public init() {
            capability = HapticCapability.resolve(
                supportsHapticEngine: CHHapticEngine.capabilitiesForHardware().supportsHaptics,
                feedbackSupportLevel: nil,
                supportsVibration: UIDevice.current.userInterfaceIdiom == .phone)
        }

        /// Plays `pattern`.
        ///
        /// - Parameter pattern: What to play.
        public func play(_ pattern: HapticPattern) {
            switch pattern {
            case .notification(let kind):
                let generator = UINotificationFeedbackGenerator()
                generator.prepare()
                switch kind {
                case .success: generator.notificationOccurred(.success)
                case .warning: generator.notificationOccurred(.warning)
                case .error: generator.notificationOccurred(.error)
                }
            case .impact(let style):
                let generator = UIImpactFeedbackGenerator(style: Self.style(style))
                generator.prepare()
                generator.impactOccurred()
            case .selection:
                let generator = UISelectionFeedbackGenerator()
                generator.prepare()
                generator.selectionChanged()
            case .systemSound(let identifier):
                AudioServicesPlaySystemSound(SystemSoundID(identifier))
            case .none:
                break
            }
        }

        private static func style(_ impact: HapticPattern.Impact) -> UIImpactFeedbackGenerator.FeedbackStyle {
            switch impact {
            case .light: return .light
            case .medium: return .medium
            case .heavy: return .heavy
            case .soft: return .soft
            case .rigid: return .rigid
            }
        }
    }
#endif
