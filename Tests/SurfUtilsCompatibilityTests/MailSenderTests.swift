import Foundation
import ServiceUtils
import XCTest

#if canImport(UIKit) && !os(watchOS)
    import UIKit
#endif

// SurfUtils' MailSender integration, as its README writes it: three project classes adopting the
// three protocols, `MailSender(errorDisplaying:payloadProvider:routerHelper:)`, then `send()`.

private final class SnackService {
    static var shown: [String] = []
    func showErrorMessage(_ message: String) { SnackService.shown.append(message) }
}

private final class ProjectMailSenderErrorDisplaying: MailSenderErrorDisplaying {
    var errors: [MailSenderError] = []
    var onError: (() -> Void)?

    func display(error: MailSenderError) {
        errors.append(error)
        SnackService().showErrorMessage("There is an error while sending email")
        onError?()
    }
}

private final class ProjectMailSenderPayloadProvider: MailSenderPayloadProvider {
    func getPayload() -> MapUtilPayload {
        let body = "Some info about app"
        return MapUtilPayload(recipient: "feedback@example.org", subject: "Feedback", body: body)
    }
}

#if canImport(UIKit) && !os(watchOS)
    typealias Screen = UIViewController
#else
    typealias Screen = MailComposerScreen
#endif

private final class Router {
    var presented = 0
    var dismissed = 0
    func present(_ screen: Screen) { presented += 1 }
    func dismissModule() { dismissed += 1 }
}

private final class ProjectMailSenderRouterHelper: MailSenderRouterHelper {
    private let router: Router

    init(router: Router) {
        self.router = router
    }

    func present(_ viewController: Screen) {
        router.present(viewController)
    }

    func dismiss() {
        router.dismissModule()
    }
}

final class MailSenderTests: XCTestCase {
    func testReadmeIntegrationReportsWhenNoChannelExists() {
        let errors = ProjectMailSenderErrorDisplaying()
        let mailSender = MailSender(
            errorDisplaying: errors,
            payloadProvider: ProjectMailSenderPayloadProvider(),
            routerHelper: ProjectMailSenderRouterHelper(router: Router())
        )
        // With a mail client registered for mailto: the README's send() would open it; CI has none
        // (no composer on Linux, no transport given), so there the error is displayed.
        guard !mailSender.canSend() else { return }
        let displayed = expectation(description: "error displayed")
        errors.onError = { displayed.fulfill() }
        mailSender.send()
        wait(for: [displayed], timeout: 10)
        guard case .thereIsNoAbilityToSendMail = errors.errors.first else {
            return XCTFail("unexpected \(errors.errors)")
        }
        XCTAssertEqual(SnackService.shown.last, "There is an error while sending email")
    }

    @MainActor
    func testTheMailAppGetsTheEncodedPayload() async throws {
        let opener = RecordingURLOpener(openableSchemes: ["mailto"])
        let router = Router()
        let mailUtil = MailUtil(
            errorDisplaying: ProjectMailSenderErrorDisplaying(), payloadProvider: ProjectMailSenderPayloadProvider(),
            routerHelper: ProjectMailSenderRouterHelper(router: router), composer: nil, opener: opener,
            transport: nil)
        XCTAssertTrue(mailUtil.canSend())
        let channel = await mailUtil.deliver()
        XCTAssertEqual(channel, .mailApp)
        let url = try XCTUnwrap(opener.openedURLs.first)
        XCTAssertEqual(
            url.absoluteString, "mailto:feedback@example.org?subject=Feedback&body=Some%20info%20about%20app")
        XCTAssertEqual(router.presented, 0)
    }

    func testPayloadKeepsSurfUtilsFields() {
        let payload = MailSenderPayload(recipient: "a@example.org", subject: nil, body: "text")
        XCTAssertEqual(payload.recipient, "a@example.org")
        XCTAssertNil(payload.subject)
        XCTAssertEqual(payload.body, "text")
        let error = MailSenderError.system(URLError(.badURL))
        XCTAssertNotNil(error.errorDescription)
    }
}
