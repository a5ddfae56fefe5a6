public import Foundation

/// The errors `MailUtil` hands to its `MailSenderErrorDisplaying` (SurfUtils-compatible).
///
/// Kept apart from `PlatformError` because SurfUtils callers switch over exactly these two cases;
/// the underlying `PlatformError` (or system error) travels inside `system(_:)`.
public enum MailSenderError: LocalizedError {
    /// Neither the in-app composer, nor a mail app, nor a transport can send mail on this device.
    case thereIsNoAbilityToSendMail
    /// A channel was chosen but failed with `error`.
    case system(any Error)

    /// A one-line explanation.
    public var errorDescription: String? {
        switch self {
        case .thereIsNoAbilityToSendMail:
            return "No way to send mail here: no mail composer, no mail app and no mail transport."
        case .system(let error):
            return "Sending mail failed: \(error.localizedDescription)"
        }
    }
}
