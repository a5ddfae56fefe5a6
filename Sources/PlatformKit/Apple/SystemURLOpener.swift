#if canImport(UIKit) && !os(watchOS)
    public import Foundation
    import InternalServiceUtilities
    import UIKit

    /// Opens URLs through `UIApplication` (iOS, iPadOS, tvOS, visionOS).
    ///
    /// `canOpen(_:)` needs the scheme in the app's `LSApplicationQueriesSchemes`.
    public struct SystemURLOpener: URLOpener {
        /// How long `canOpen(_:)` off the main thread waits for the main thread's answer.
        public static let mainThreadAnswerTimeout: DispatchTimeInterval = .seconds(2)

        /// Creates the opener.
        public init() {}

        /// Whether an installed app handles `url`.
        ///
        /// `UIApplication` answers on the main thread only. Off it, the question is queued to the main
        /// thread and this waits at most ``mainThreadAnswerTimeout``, answering `false` when the main
        /// thread is busy (for example waiting for this thread) instead of deadlocking as a
        /// `DispatchQueue.main.sync` would.
        ///
        /// - Parameter url: The URL that would be opened.
        /// - Returns: What `UIApplication.canOpenURL(_:)` answers.
        public func canOpen(_ url: URL) -> Bool {
            if Thread.isMainThread {
                return MainActor.assumeIsolated { UIApplication.shared.canOpenURL(url) }
            }
            let answer = Locked<Bool?>(nil)
            let answered = DispatchSemaphore(value: 0)
            DispatchQueue.main.async {
                let canOpen = MainActor.assumeIsolated { UIApplication.shared.canOpenURL(url) }
                answer.withLock { $0 = canOpen }
                answered.signal()
            }
            guard answered.wait(timeout: .now() + Self.mainThreadAnswerTimeout) == .success else { return false }
            return answer.value ?? false
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

    /// Opens URLs through `NSWorkspace` (macOS), whose `shared`, `urlForApplication(toOpen:)` and
    /// `open(_:)` Apple documents as safe to call from any thread.
    public struct SystemURLOpener: URLOpener {
        /// Creates the opener.
        public init() {}

        /// Whether an installed application handles `url`.
        ///
        /// - Parameter url: The URL that would be opened.
        /// - Returns: `true` when `NSWorkspace` knows an application for it.
        public func canOpen(_ url: URL) -> Bool {
            NSWorkspace.shared.urlForApplication(toOpen: url) != nil
        }

        /// Opens `url` in its default application.
        ///
        /// - Parameter url: The URL to open.
        /// - Returns: Whether `NSWorkspace` accepted it.
        public func open(_ url: URL) async -> Bool {
            NSWorkspace.shared.open(url)
        }
    }
#endif
