// The three protocols SurfUtils' MailUtil talks to, main-actor isolated because their adopters are
// screens. `@preconcurrency` keeps code written for SurfUtils (Swift 5, no isolation) compiling as it
// was; like SurfUtils' they may be adopted by structs as well as classes.

/// Shows a mail error to the user.
@preconcurrency @MainActor
public protocol MailSenderErrorDisplaying {
    /// Shows `error`.
    ///
    /// - Parameter error: What went wrong.
    func display(error: MailSenderError)
}

/// Supplies what to send, at the moment of sending.
@preconcurrency @MainActor
public protocol MailSenderPayloadProvider {
    /// The payload to send now.
    ///
    /// - Returns: Recipient, subject, body and extras.
    func getPayload() -> MailSenderPayload
}

/// Presents and dismisses the in-app composer screen.
@preconcurrency @MainActor
public protocol MailSenderRouterHelper {
    /// Presents the composer.
    ///
    /// - Parameter viewController: The composer screen (a `UIViewController` on UIKit platforms).
    func present(_ viewController: MailComposerScreen)

    /// Dismisses the composer after the user sent or cancelled.
    func dismiss()
}
