#if canImport(UIKit) && !os(watchOS)
    public import Foundation
    import UIKit

    /// Opens URLs through `UIApplication` (iOS, iPadOS, tvOS, visionOS).
    ///
    /// `canOpen(_:)` needs the scheme in the app's `LSApplicationQueriesSchemes`.
    public struct SystemURLOpener: URLOpener {
        /// Creates the opener.
        public init() {}

        /// Whether an installed app handles `url`.
        ///
        /// - Parameter url: The URL that would be opened.
        /// - Returns: What `UIApplication.canOpenURL(_:)` answers.
        public func canOpen(_ url: URL) -> Bool {
            if Thread.isMainThread {
                return MainActor.assumeIsolated { UIApplication.shared.canOpenURL(url) }
            }
            return DispatchQueue.main.sync { MainActor.assumeIsolated { UIApplication.shared.canOpenURL(url) } }
        }

        /// Opens `url` in the app that handles it.
        ///
        /// - Parameter url: The URL to open.
        /// - Returns: Whether the system accepted it.
        public func open(_ url: URL) async -> Bool {
            await Self.openOnMainActor(url)
        }

        @MainActor
        private static func openOnMainActor(_ url: URL) async -> Bool {
            await UIApplication.shared.open(url)
        }
    }
#elseif canImport(AppKit)
    public import Foundation
    import AppKit

    /// Opens URLs through `NSWorkspace` (macOS).
    public struct SystemURLOpener: URLOpener {
        /// Creates the opener.
        public init() {}

        /// Whether an installed application handles `url`.
        ///
        /// - Parameter url: The URL that would be opened.
        /// - Returns: `true` when `NSWorkspace` knows an application for it.
        public func canOpen(_ url: URL) -> Bool {
            if Thread.isMainThread {
                return MainActor.assumeIsolated { NSWorkspace.shared.urlForApplication(toOpen: url) != nil }
            }
            return DispatchQueue.main.sync {
                MainActor.assumeIsolated { NSWorkspace.shared.urlForApplication(toOpen: url) != nil }
            }
        }

        /// Opens `url` in its default application.
        ///
        /// - Parameter url: The URL to open.
        /// - Returns: Whether `NSWorkspace` accepted it.
        public func open(_ url: URL) async -> Bool {
            await MainActor.run { NSWorkspace.shared.open(url) }
        }
    }
#endif
