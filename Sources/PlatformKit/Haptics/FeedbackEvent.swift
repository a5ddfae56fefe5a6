/// An app event that deserves vibration feedback: SurfUtils' three
/// (``VibrationFeedbackManager/Event``) and notification, selection and impact events.
///
/// ```swift
/// VibrationFeedbackManager.playFeedback(for: .success)
/// let pattern = VibrationFeedbackManager.pattern(for: .selection, capability: .hapticEngine)
/// ```
public enum FeedbackEvent: String, Sendable, Hashable, CaseIterable {
    /// A control was tapped.
    case tap
    /// Something failed.
    case error
    /// An action was cancelled.
    case cancelled
    /// Something succeeded.
    case success
    /// Something needs attention.
    case warning
    /// The selection changed (a picker moved).
    case selection
    /// A light impact.
    case light
    /// A medium impact.
    case medium
    /// A heavy impact.
    case heavy
    /// A soft impact.
    case soft
    /// A rigid impact.
    case rigid

    /// The same event as SurfUtils'.
    ///
    /// - Parameter event: One of SurfUtils' three events.
    public init(_ event: VibrationFeedbackManager.Event) {
        switch event {
        case .tap: self = .tap
        case .error: self = .error
        case .cancelled: self = .cancelled
        }
    }
}
