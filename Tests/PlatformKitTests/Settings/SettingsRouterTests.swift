import Foundation
import InternalServiceUtilities
import ServiceUtilsTestSupport
import Testing

@testable import PlatformKit

@Suite("SettingsRouter and desktop entries")
struct SettingsRouterTests {
    @Test("an explicit URL target goes through the opener; a refusal is typed")
    func urlTarget() async throws {
        // Given a settings URL and an opener that accepts it
        let url = try #require(URL(string: "app-settings:"))
        let opener = RecordingURLOpener(openableSchemes: ["app-settings"])
        // When opening
        try await SettingsRouter(opener: opener, target: .url(url)).open()
        // Then the opener got the URL; an opener that refuses gives a typed error
        #expect(opener.openedURLs == [url])
        await #expect(throws: PlatformError.settingsUnavailable(.openerRefused("app-settings:"))) {
            try await SettingsRouter(opener: RecordingURLOpener(), target: .url(url)).open()
        }
    }

    @Test("Exec lines split as the Desktop Entry spec says")
    func execParsing() {
        #expect(
            DesktopEntry.arguments(fromExec: "gnome-control-center --overview") == [
                "gnome-control-center", "--overview",
            ])
        #expect(DesktopEntry.arguments(fromExec: "systemsettings %U") == ["systemsettings"])
        #expect(
            DesktopEntry.arguments(fromExec: "\"/opt/My App/run\" --x \"a \\\"b\\\"\" 100%%") == [
                "/opt/My App/run", "--x", "a \"b\"", "100%",
            ])
        #expect(DesktopEntry.arguments(fromExec: "\"unterminated") == nil)
        #expect(DesktopEntry.arguments(fromExec: "   ") == nil)
        let entry = "[Desktop Entry]\nName=S\nExec=settings --a\n[Desktop Action New]\nExec=other\n"
        #expect(DesktopEntry.execLine(inEntry: entry) == "settings --a")
    }

    #if os(Linux)
        @Test("on Linux the settings desktop entry is found in XDG_DATA_DIRS and its program started")
        func linuxDesktopEntry() async throws {
            // Given a temporary data dir with a gnome-control-center entry whose program records a marker
            let desktop = try TemporaryDesktop()
            defer { desktop.remove() }
            let marker = desktop.root.appendingPathComponent("settings-started.txt")
            let script = desktop.root.appendingPathComponent("fake settings.sh")
            try "#!/bin/sh\nprintf '%s' \"$1\" > '\(marker.path)'\n".write(
                to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            let applications = desktop.root.appendingPathComponent("system-data/applications")
            try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
            let entryPath = applications.appendingPathComponent("gnome-control-center.desktop").path
            // The entry runs the script through /bin/sh: an executable written a moment ago can fail to
            // start with ETXTBSY while another test's child, forked in that moment, still holds the
            // writer's descriptor (seen once under load).
            try "[Desktop Entry]\nType=Application\nName=Settings\nExec=/bin/sh \"\(script.path)\" --overview %U\n"
                .write(toFile: entryPath, atomically: true, encoding: .utf8)
            let router = SettingsRouter(opener: RecordingURLOpener(), environment: desktop.environment)

            // When looking it up and starting it
            #expect(router.target() == .desktopEntry(path: entryPath))
            let process = try DesktopEntry.start(path: entryPath, environment: desktop.environment)
            let status = try await onThread { process.wait() }

            // Then the program ran with the entry's arguments, field codes removed
            #expect(status == 0)
            #expect(try String(contentsOf: marker, encoding: .utf8) == "--overview")
        }

        @Test("on Linux without any settings entry the router says it cannot")
        func linuxWithoutSettings() async throws {
            let desktop = try TemporaryDesktop()
            defer { desktop.remove() }
            let router = SettingsRouter(opener: RecordingURLOpener(), environment: desktop.environment)
            #expect(router.target() == nil)
            await #expect(throws: PlatformError.settingsUnavailable(.noSettingsApplication)) { try await router.open() }
            let broken = desktop.root.appendingPathComponent("broken.desktop").path
            try "[Desktop Entry]\nExec=/nonexistent/program\n".write(toFile: broken, atomically: true, encoding: .utf8)
            await #expect(throws: PlatformError.settingsUnavailable(.invalidDesktopEntry(path: broken))) {
                try await SettingsRouter(
                    opener: RecordingURLOpener(), environment: desktop.environment, target: .desktopEntry(path: broken)
                ).open()
            }
        }
    #endif
}
