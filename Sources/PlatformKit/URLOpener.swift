public import Foundation

/// Something that opens URLs in other applications: the system on Apple platforms, `xdg-open` on
/// Linux, or a recording fake in tests and previews.
///
/// GeoKit's map routing, the mail composer fallback and the settings router all open URLs through
/// this protocol, so each decision they make can be tested without a desktop.
///
/// Adopters must be safe to call from any task, must never throw or trap on a URL they cannot
/// handle (they answer `false`), and must not block the caller for long in ``canOpen(_:)``.
///
/// ```swift
/// let opener: any URLOpener = RecordingURLOpener(openableSchemes: ["yandexmaps"])
/// if opener.canOpen(URL(string: "yandexmaps://")!) { _ = await opener.open(url) }
/// ```
public protocol URLOpener: Sendable {
    /// Whether some application is registered to open `url` (usually decided by its scheme).
    ///
    /// - Parameter url: The URL that would be opened.
    /// - Returns: `true` when ``open(_:)`` can be expected to succeed.
    func canOpen(_ url: URL) -> Bool

    /// Opens `url` in the application registered for it.
    ///
    /// - Parameter url: The URL to open.
    /// - Returns: `true` when an application accepted the URL.
    func open(_ url: URL) async -> Bool
}
