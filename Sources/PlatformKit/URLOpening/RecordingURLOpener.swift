public import Foundation
import InternalServiceUtilities

/// A `URLOpener` that opens nothing: it answers from a fixed list of schemes and remembers every
/// URL it was asked to open, for tests, previews and headless servers.
///
/// ```swift
/// let opener = RecordingURLOpener(openableSchemes: ["mailto"])
/// _ = await opener.open(URL(string: "mailto:a@example.org")!)
/// opener.openedURLs   // [mailto:a@example.org]
/// ```
public final class RecordingURLOpener: URLOpener {
    /// The schemes (lowercased) that `canOpen(_:)` and `open(_:)` accept.
    public let openableSchemes: Set<String>
    // The only mutable state, behind its lock.
    private let _opened = Locked<[URL]>([])

    /// Creates an opener that accepts URLs with the given schemes.
    ///
    /// - Parameter openableSchemes: Schemes such as `"mailto"` or `"yandexmaps"`, in any case.
    public init(openableSchemes: Set<String> = []) {
        self.openableSchemes = Set(openableSchemes.map { $0.lowercased() })
    }

    /// The URLs passed to `open(_:)` and accepted, oldest first.
    public var openedURLs: [URL] {
        _opened.value
    }

    /// Whether `url`'s scheme is one of ``openableSchemes``.
    ///
    /// - Parameter url: The URL that would be opened.
    /// - Returns: `true` when its scheme is listed.
    public func canOpen(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return openableSchemes.contains(scheme)
    }

    /// Records `url` when its scheme is accepted.
    ///
    /// - Parameter url: The URL to open.
    /// - Returns: `true` when the URL was recorded.
    public func open(_ url: URL) async -> Bool {
        guard canOpen(url) else { return false }
        _opened.withLock { $0.append(url) }
        return true
    }
}
