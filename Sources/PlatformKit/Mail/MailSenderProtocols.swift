// The three protocols SurfUtils' MailUtil talks to, main-actor isolated because their adopters are
// screens.

/// Shows a mail error to the user.
@MainActor
public protocol MailSenderErrorDisplaying: AnyObject {
    /// Shows `error`.
    ///
    /// - Parameter error: What went wrong.
    func display(error: MailSenderError)
}

/// Supplies what to send, at the moment of sending.
@MainActor
public protocol MailSenderPayloadProvider: AnyObject {
    /// The payload to send now.
    ///
    /// - Returns: Recipient, subject, body and extras.
    func getPayload() -> MailSenderPayload
}

/// Presents and dismisses the in-app composer screen.
@MainActor
public protocol MailSenderRouterHelper: AnyObject {
    /// Presents the composer.
    ///
    /// - Parameter viewController: The composer screen (a `UIViewController` on UIKit platforms).
    func present(_ viewController: MailComposerScreen)

    /// Dismisses the composer after the user sent or cancelled.
    func dismiss()
}
