public import Foundation

extension URLOpener where Self == SystemDefaultURLOpener {
    /// The platform's opener: `UIApplication`/`NSWorkspace` on Apple platforms, `xdg-open` on
    /// Linux, and one that opens nothing elsewhere.
    public static var system: SystemDefaultURLOpener { SystemDefaultURLOpener() }
}

/// The opener the platform provides, chosen when the package is compiled.
public struct SystemDefaultURLOpener: URLOpener {
    #if (canImport(UIKit) && !os(watchOS)) || canImport(AppKit)
        private let base = SystemURLOpener()
    #elseif os(Linux)
        private let base = XDGURLOpener()
    #else
        private let base = RecordingURLOpener()
    #endif

    /// Creates the platform's opener.
    public init() {}

    /// Whether the platform can open `url`.
    ///
    /// - Parameter url: The URL that would be opened.
    /// - Returns: The platform opener's answer.
    public func canOpen(_ url: URL) -> Bool { base.canOpen(url) }

    /// Opens `url` with the platform opener.
    ///
    /// - Parameter url: The URL to open.
    /// - Returns: Whether it was opened.
    public func open(_ url: URL) async -> Bool { await base.open(url) }
}
