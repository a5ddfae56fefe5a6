#if canImport(MessageUI) && canImport(UIKit)
    import MessageUI
    import UIKit

    /// The in-app composer on iOS: `MFMailComposeViewController`, closed through its delegate.
    @MainActor
    final class MessageUIComposer: NSObject, MailComposing, MFMailComposeViewControllerDelegate {
        private var onClose: (@MainActor ((any Error)?) -> Void)?

        func canSendMail() -> Bool {
            MFMailComposeViewController.canSendMail()
        }

        func makeComposer(
            payload: MailSenderPayload, onClose: @escaping @MainActor ((any Error)?) -> Void
        ) -> MailComposerScreen {
            self.onClose = onClose
            let controller = MFMailComposeViewController()
            controller.mailComposeDelegate = self
            controller.setToRecipients([payload.recipient])
            controller.setCcRecipients(payload.cc)
            controller.setBccRecipients(payload.bcc)
            controller.setSubject(payload.subject ?? "")
            controller.setMessageBody(payload.body, isHTML: false)
            for attachment in payload.attachments {
                controller.addAttachmentData(
                    attachment.data, mimeType: attachment.mediaType, fileName: attachment.filename)
            }
            return controller
        }

        nonisolated func mailComposeController(
            _ controller: MFMailComposeViewController,
            didFinishWith result: MFMailComposeResult,
            error: (any Error)?
        ) {
            MainActor.assumeIsolated {
                onClose?(error)
                onClose = nil
            }
        }
    }
#endif
