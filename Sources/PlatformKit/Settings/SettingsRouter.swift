public import Foundation

/// Opens the system settings for this app (SurfUtils' `SettingsRouter`).
///
/// On Apple platforms it opens `UIApplication.openSettingsURLString` through a `URLOpener`; on
/// Linux it starts the desktop's settings application from its desktop entry (GNOME's
/// `org.gnome.Settings.desktop` or `gnome-control-center.desktop`, KDE's `systemsettings.desktop`,
/// Xfce's `xfce-settings-manager.desktop`) and otherwise reports that it cannot.
///
/// ```swift
/// SettingsRouter.openAppSettings()                 // SurfUtils form, fire and forget
/// SettingsRouter.openDeviceSettings()              // the form SurfUtils' README shows
/// try await SettingsRouter().open()                 // typed errors
/// ```
public struct SettingsRouter: Sendable {
    /// Where the settings are on this system.
    public enum Target: Sendable, Equatable {
        /// A URL to hand to the opener.
        case url(URL)
        /// A desktop entry (`.desktop` file) whose `Exec` line starts the settings application.
        case desktopEntry(path: String)
    }

    /// The desktop entries tried on Linux, in order.
    public static let linuxDesktopEntries = [
        "org.gnome.Settings.desktop", "gnome-control-center.desktop", "systemsettings.desktop",
        "kdesystemsettings.desktop", "xfce-settings-manager.desktop", "cinnamon-settings.desktop",
        "mate-control-center.desktop", "lxqt-config.desktop",
    ]

    private let opener: any URLOpener
    private let environment: [String: String]
    private let explicitTarget: Target?

    /// Creates a router.
    ///
    /// - Parameters:
    ///   - opener: Opens settings URLs; the platform's by default.
    ///   - environment: Where Linux desktop entries are looked up (`XDG_DATA_HOME`,
    ///     `XDG_DATA_DIRS`) and the settings application runs; this process's by default.
    ///   - target: A fixed target, skipping the lookup.
    public init(
        opener: any URLOpener = .system,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        target: Target? = nil
    ) {
        self.opener = opener
        self.environment = environment
        self.explicitTarget = target
    }

    /// Opens the app's settings, ignoring failures (SurfUtils' entry point).
    public static func openAppSettings() {
        Task { try? await SettingsRouter().open() }
    }

    /// Opens the system's settings, ignoring failures (the entry point SurfUtils' README names).
    ///
    /// iOS offers apps one documented settings URL, `UIApplication.openSettingsURLString`, which opens
    /// the app's own page in Settings, so on iOS this is ``openAppSettings()``. On macOS it opens
    /// System Settings, and on Linux the desktop's settings application — the same place as
    /// ``openAppSettings()``, since neither has per-app settings pages.
    public static func openDeviceSettings() {
        openAppSettings()
    }

    /// The settings target on this system, or `nil` when there is none.
    ///
    /// - Returns: The URL or desktop entry ``open()`` would use.
    public func target() -> Target? {
        if let explicitTarget { return explicitTarget }
        #if canImport(UIKit)
            // The documented value of `UIApplication.openSettingsURLString`, which is main-actor
            // isolated and so cannot be read here.
            return URL(string: "app-settings:").map(Target.url)
        #elseif canImport(AppKit)
            return URL(string: "x-apple.systempreferences:").map(Target.url)
        #else
            return DesktopEntry.find(Self.linuxDesktopEntries, environment: environment).map { .desktopEntry(path: $0) }
        #endif
    }

    /// Opens the settings.
    ///
    /// On Linux the settings application is started and left running; this returns once it has
    /// started.
    ///
    /// - Throws: `PlatformError.settingsUnavailable` with `noSettingsApplication` when there is no
    ///   target, `openerRefused` when the opener said no, `invalidDesktopEntry` when the entry
    ///   cannot be run, or `launchFailed`.
    public func open() async throws(PlatformError) {
        switch target() {
        case .none:
            throw .settingsUnavailable(.noSettingsApplication)
        case .url(let url):
            guard await opener.open(url) else { throw .settingsUnavailable(.openerRefused(url.absoluteString)) }
        case .desktopEntry(let path):
            #if os(Linux) || os(macOS)
                try DesktopEntry.start(path: path, environment: environment)
            #else
                // No process can be started here (iOS and its siblings): a desktop entry cannot be run.
                throw .settingsUnavailable(.invalidDesktopEntry(path: path))
            #endif
        }
    }
}
