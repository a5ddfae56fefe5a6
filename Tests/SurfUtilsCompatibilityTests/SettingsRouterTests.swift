import Foundation
import ServiceUtils
import XCTest

// SurfUtils' SettingsRouter (and the README's `openDeviceSettings()`), fire and forget.

final class SettingsRouterTests: XCTestCase {
    func testStaticEntryPointsAreCallable() {
        SettingsRouter.openAppSettings()
        SettingsRouter.openDeviceSettings()
    }

    func testTheTargetIsOneThisPlatformCanOpen() throws {
        // Where the static methods go: on Linux a desktop entry of the settings application, or none on
        // a machine without a desktop (such as CI); on Apple platforms the settings URL.
        switch SettingsRouter(environment: ["XDG_DATA_DIRS": "/nonexistent"]).target() {
        case .none:
            #if canImport(UIKit) || canImport(AppKit)
                XCTFail("Apple platforms always have a settings URL")
            #endif
        case .url(let url):
            XCTAssertNotNil(url.scheme)
        case .desktopEntry(let path):
            XCTAssertTrue(path.hasSuffix(".desktop"))
        }
        let opener = RecordingURLOpener(openableSchemes: ["app-settings"])
        let url = try XCTUnwrap(URL(string: "app-settings:"))
        let opened = expectation(description: "opened")
        Task {
            try? await SettingsRouter(opener: opener, target: .url(url)).open()
            opened.fulfill()
        }
        wait(for: [opened], timeout: 10)
        XCTAssertEqual(opener.openedURLs, [url])
    }
}
