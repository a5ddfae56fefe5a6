import Foundation
import InternalServiceUtilities
import PlatformKit
import Testing

@MainActor
private final class FakeScreen: MailSenderErrorDisplaying, MailSenderPayloadProvider, MailSenderRouterHelper {
    var payload = MailSenderPayload(recipient: "support@example.org", subject: "Q&A", body: "Hello\nthere")
    var errors: [String] = []
    var presented: [MailComposerScreen] = []
    var dismissals = 0
    var events: [String] = []

    func display(error: MailSenderError) {
        errors.append(error.localizedDescription)
        events.append("error")
    }
    func getPayload() -> MailSenderPayload { payload }
    func present(_ viewController: MailComposerScreen) { presented.append(viewController) }
    func dismiss() {
        dismissals += 1
        events.append("dismiss")
    }
}

@MainActor
private final class FakeComposer: MailComposing {
    let available: Bool
    var onClose: (@MainActor ((any Error)?) -> Void)?
    init(available: Bool) { self.available = available }
    func canSendMail() -> Bool { available }
    func makeComposer(payload: MailSenderPayload, onClose: @escaping @MainActor ((any Error)?) -> Void)
        -> MailComposerScreen
    {
        self.onClose = onClose
        return MailComposerScreen(payload: payload)
    }
}

private struct FakeTransport: MailTransport {
    let isAvailable: Bool
    private let box = Locked<[MailMessage]>([])
    init(available: Bool) { isAvailable = available }
    var sent: [MailMessage] { box.value }
    func send(_ message: MailMessage) async throws(PlatformError) { box.withLock { $0.append(message) } }
}

@Suite("MailUtil channel order (SurfUtils' MailSender)")
@MainActor
struct MailUtilTests {
    private func makeUtil(
        _ screen: FakeScreen, composer: FakeComposer?, opener: RecordingURLOpener, transport: FakeTransport?
    ) -> MailUtil {
        MailUtil(
            errorDisplaying: screen, payloadProvider: screen, routerHelper: screen, composer: composer, opener: opener,
            transport: transport)
    }

    @Test("the in-app composer comes first, and closing it without error dismisses it")
    func composerFirst() async throws {
        // Given every channel available
        let screen = FakeScreen()
        let composer = FakeComposer(available: true)
        let opener = RecordingURLOpener(openableSchemes: ["mailto"])
        let util = makeUtil(screen, composer: composer, opener: opener, transport: FakeTransport(available: true))

        // When sending and the user finishes
        #expect(await util.deliver() == .composer)
        composer.onClose?(nil)

        // Then the composer showed the payload, was dismissed, and no URL was opened
        #expect(screen.presented.first?.payload == screen.payload)
        #expect(screen.dismissals == 1)
        #expect(opener.openedURLs.isEmpty)
    }

    @Test("without a composer the mail app gets a correct mailto: URL")
    func mailAppSecond() async throws {
        let screen = FakeScreen()
        let opener = RecordingURLOpener(openableSchemes: ["mailto"])
        let util = makeUtil(screen, composer: FakeComposer(available: false), opener: opener, transport: nil)

        #expect(util.canSend())
        #expect(await util.deliver() == .mailApp)
        #expect(
            opener.openedURLs.map(\.absoluteString) == [
                "mailto:support@example.org?subject=Q%26A&body=Hello%0D%0Athere"
            ])
        #expect(screen.errors.isEmpty)
    }

    @Test("without composer or mail app the transport sends the message")
    func transportThird() async throws {
        let screen = FakeScreen()
        let transport = FakeTransport(available: true)
        let util = makeUtil(screen, composer: nil, opener: RecordingURLOpener(), transport: transport)

        #expect(await util.deliver() == .transport)
        #expect(transport.sent.first?.subject == "Q&A")
        #expect(transport.sent.first?.to.map(\.address) == ["support@example.org"])
    }

    @Test("with no channel canSend is false and send displays thereIsNoAbilityToSendMail")
    func noChannel() async throws {
        let screen = FakeScreen()
        let util = makeUtil(
            screen, composer: nil, opener: RecordingURLOpener(), transport: FakeTransport(available: false))

        #expect(!util.canSend())
        #expect(await util.deliver() == nil)
        #expect(screen.errors == [MailSenderError.thereIsNoAbilityToSendMail.localizedDescription])
    }

    @Test("a bad recipient or a composer error reaches the error display as system(_:)")
    func errorsAreDisplayed() async throws {
        // Given a payload whose recipient is not an address
        let screen = FakeScreen()
        screen.payload = MailSenderPayload(recipient: "nobody", body: "x")
        let util = makeUtil(
            screen, composer: nil, opener: RecordingURLOpener(openableSchemes: ["mailto"]), transport: nil)
        // When sending
        await util.deliver()
        // Then the typed error is shown
        let expected = MailSenderError.system(PlatformError.invalidMessage(.invalidAddress("nobody")))
        #expect(screen.errors == [expected.localizedDescription])

        // Given a composer that fails
        let composerScreen = FakeScreen()
        let composer = FakeComposer(available: true)
        let composerUtil = makeUtil(composerScreen, composer: composer, opener: RecordingURLOpener(), transport: nil)
        await composerUtil.deliver()
        composer.onClose?(PlatformError.deliveryFailed(.launchFailed("test")))
        // Then the composer is dismissed first, and the error is displayed after it
        #expect(composerScreen.errors.count == 1)
        #expect(composerScreen.events == ["dismiss", "error"])
    }
}
