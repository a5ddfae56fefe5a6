#if canImport(UIKit) && !os(watchOS)
    public import UIKit

    /// The composer screen `MailSenderRouterHelper` presents: a `UIViewController`.
    public typealias MailComposerScreen = UIViewController
#else
    /// The composer screen `MailSenderRouterHelper` presents. Without UIKit there is no screen:
    /// this value only carries the payload a custom composer would show.
    public struct MailComposerScreen: Sendable {
        /// What the composer shows.
        public let payload: MailSenderPayload

        /// Creates a screen description.
        ///
        /// - Parameter payload: What the composer shows.
        public init(payload: MailSenderPayload) {
            self.payload = payload
        }
    }
#endif

/// An in-app mail composer (MessageUI on iOS): the first channel `MailUtil` tries.
@MainActor
public protocol MailComposing: AnyObject {
    /// Whether the device has a configured mail account the composer can use.
    ///
    /// - Returns: `true` when a composer can be made.
    func canSendMail() -> Bool

    /// A composer screen filled with `payload`.
    ///
    /// - Parameters:
    ///   - payload: What to put in the composer.
    ///   - onClose: Called once when the user finishes, with an error when sending failed.
    /// - Returns: The screen to present.
    func makeComposer(
        payload: MailSenderPayload, onClose: @escaping @MainActor (_ error: (any Error)?) -> Void
    ) -> MailComposerScreen
}
