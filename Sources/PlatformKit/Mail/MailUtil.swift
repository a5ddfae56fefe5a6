import Foundation

/// The SurfUtils name of ``MailUtil``.
public typealias MailSender = MailUtil

/// Sends mail through the best channel this device has, in SurfUtils' order: the in-app composer,
/// then the mail app through a `mailto:` URL, then (beyond SurfUtils, for servers and Linux) a
/// `MailTransport` such as `SendmailTransport`; with none of them it displays
/// `MailSenderError.thereIsNoAbilityToSendMail`.
///
/// ```swift
/// let mail = MailUtil(errorDisplaying: screen, payloadProvider: screen, routerHelper: screen)
/// if mail.canSend() { mail.send() }
/// ```
///
/// It is main-actor isolated, as the screens it drives; `@preconcurrency` lets code written for
/// SurfUtils (Swift 5, no isolation) create and call it as before.
@preconcurrency @MainActor
public final class MailUtil {
    /// A way to send mail, in the order they are tried.
    public enum Channel: Sendable, Equatable, CaseIterable {
        /// The in-app composer (MessageUI).
        case composer
        /// The mail app, opened with a `mailto:` URL.
        case mailApp
        /// A transport that delivers without a user interface.
        case transport
    }

    private let errorDisplaying: any MailSenderErrorDisplaying
    private let payloadProvider: any MailSenderPayloadProvider
    private let routerHelper: any MailSenderRouterHelper
    private let composer: (any MailComposing)?
    private let opener: any URLOpener
    private let transport: (any MailTransport)?
    private let sender: EmailAddress?

    /// Creates the utility with the platform's composer and URL opener (SurfUtils' initialiser).
    ///
    /// - Parameters:
    ///   - errorDisplaying: Shows errors.
    ///   - payloadProvider: Supplies what to send.
    ///   - routerHelper: Presents and dismisses the composer.
    public convenience init(
        errorDisplaying: any MailSenderErrorDisplaying,
        payloadProvider: any MailSenderPayloadProvider,
        routerHelper: any MailSenderRouterHelper
    ) {
        self.init(
            errorDisplaying: errorDisplaying, payloadProvider: payloadProvider, routerHelper: routerHelper,
            composer: Self.platformComposer(), opener: .system, transport: nil)
    }

    /// Creates the utility with explicit channels.
    ///
    /// - Parameters:
    ///   - errorDisplaying: Shows errors.
    ///   - payloadProvider: Supplies what to send.
    ///   - routerHelper: Presents and dismisses the composer.
    ///   - composer: The in-app composer, if any.
    ///   - opener: Opens `mailto:` URLs.
    ///   - transport: Delivers without a user interface, if any.
    ///   - sender: The `From` address for the transport.
    public init(
        errorDisplaying: any MailSenderErrorDisplaying,
        payloadProvider: any MailSenderPayloadProvider,
        routerHelper: any MailSenderRouterHelper,
        composer: (any MailComposing)?,
        opener: any URLOpener,
        transport: (any MailTransport)?,
        sender: EmailAddress? = nil
    ) {
        self.errorDisplaying = errorDisplaying
        self.payloadProvider = payloadProvider
        self.routerHelper = routerHelper
        self.composer = composer
        self.opener = opener
        self.transport = transport
        self.sender = sender
    }

    /// Whether any channel can send mail here.
    ///
    /// - Returns: `true` when ``availableChannel()`` finds one.
    public func canSend() -> Bool {
        availableChannel() != nil
    }

    /// The first channel that can send mail here, or `nil`.
    ///
    /// - Returns: The channel `send()` would use.
    public func availableChannel() -> Channel? {
        if let composer, composer.canSendMail() { return .composer }
        if let probe = URL(string: "mailto:someone@example.org"), opener.canOpen(probe) { return .mailApp }
        if let transport, transport.isAvailable { return .transport }
        return nil
    }

    /// Sends the provider's payload through the first available channel, reporting any failure to
    /// the error display (SurfUtils' fire-and-forget form of ``deliver()``).
    public func send() {
        Task { await deliver() }
    }

    /// Sends the provider's payload through the first available channel and waits until it was
    /// handed over; failures go to the error display.
    ///
    /// - Returns: The channel used, or `nil` when none could send.
    @discardableResult
    public func deliver() async -> Channel? {
        let payload = payloadProvider.getPayload()
        guard let channel = availableChannel() else {
            errorDisplaying.display(error: .thereIsNoAbilityToSendMail)
            return nil
        }
        switch channel {
        case .composer: presentComposer(payload: payload)
        case .mailApp: await openMailApp(payload: payload)
        case .transport: await sendWithTransport(payload: payload)
        }
        return channel
    }

    private func presentComposer(payload: MailSenderPayload) {
        guard let composer else { return }
        // The composer is dismissed however it closes (SurfUtils left it on screen after an error), and
        // only then is the error shown, so it is not hidden behind the composer.
        let screen = composer.makeComposer(payload: payload) { [weak self] error in
            guard let self else { return }
            self.routerHelper.dismiss()
            if let error { self.errorDisplaying.display(error: .system(error)) }
        }
        routerHelper.present(screen)
    }

    private func openMailApp(payload: MailSenderPayload) async {
        do {
            let url = try payload.mailtoURL.url()
            if await opener.open(url) == false {
                errorDisplaying.display(
                    error: .system(PlatformError.urlOpeningFailed(.handlerFailed(scheme: "mailto"))))
            }
        } catch {
            errorDisplaying.display(error: .system(error))
        }
    }

    private func sendWithTransport(payload: MailSenderPayload) async {
        guard let transport else { return }
        do {
            try await transport.send(try payload.message(from: sender))
        } catch {
            errorDisplaying.display(error: .system(error))
        }
    }

    private static func platformComposer() -> (any MailComposing)? {
        #if canImport(MessageUI) && canImport(UIKit)
            return MessageUIComposer()
        #else
            return nil
        #endif
    }
}
