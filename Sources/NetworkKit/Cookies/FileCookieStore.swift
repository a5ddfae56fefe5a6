public import Foundation
import InternalServiceUtilities

/// A ``CookieStore`` that keeps its cookies in a Netscape cookie file, so they last across runs and
/// curl (`curl -b FILE -c FILE`) and wget can share them.
///
/// ```swift
/// let store = try FileCookieStore(contentsOf: URL(fileURLWithPath: "cookies.txt"))
/// let client = HTTPClient { $0.cookies = store }
/// _ = try await client.send(URLRequest(url: login))  // Set-Cookie: session=…  → saved to cookies.txt
/// if let error = store.lastError { log("cookies not saved: \(error)") }
/// ```
///
/// The cookies live in a ``CookieJar`` in memory; after every change (a response's `Set-Cookie`,
/// ``insert(_:)``, ``removeSessionCookies()``, ``removeAll()``) the file is saved:
///
/// - **Atomically.** The new text goes to a temporary file in the same folder, which is flushed and
///   renamed over the file: after a crash at any instant the file holds the old cookies or the new
///   ones, never a torn mix. The file is readable by its owner only (cookies are credentials).
/// - **Shared.** Processes using one file take turns through an exclusive `flock` on `<file>.lock`.
///   A save that finds the file changed since this store last read or wrote it reads it again and
///   merges, cookie by cookie (by name, domain and path): a cookie changed on one side only takes
///   that side's version, one changed on both takes the more recent, and one removed on one side and
///   untouched on the other stays removed. So two processes keep each other's cookies. Reading
///   (``cookieHeader(for:)``, ``cookies``) picks up another process's saves too.
/// - **Bounded.** The jar's ``CookieJar/Limits`` hold after a merge (the least recently used
///   cookies go first), and a file over ``NetscapeCookieFile/maximumFileBytes`` is refused.
/// - **Like curl.** Session cookies are saved, with expiry `0`, as `curl -c` saves them; call
///   ``removeSessionCookies()`` at start-up to begin a new session. Expired cookies are not saved.
///   Sending cookies updates their last-access time in memory only, saved with the next change.
///
/// A save that fails (a read-only folder, a full disk, a lock held too long, a file made broken by
/// hand) loses nothing: the cookies stay in memory, the file on disk is as it was, and the error is
/// kept in ``lastError`` until a save succeeds; the next change, or ``save()``, tries again. The
/// ``CookieStore`` methods cannot throw, because a request must not fail for its cookies; call
/// ``save()`` where you want the error thrown.
///
/// Every call holds the store's lock during its file I/O, so they are safe from many threads at once.
public final class FileCookieStore: CookieStore {
    /// The cookie file.
    public let url: URL
    private let limits: CookieJar.Limits
    private let state: Locked<State>

    /// What the lock guards: the cookies, and what the file held when this store last read or wrote it.
    struct State {
        var jar: CookieJar
        /// The line of each cookie in the file as last read or written: the base of a merge.
        var baseline: [CookieIdentity: String] = [:]
        /// The file's identity as last read or written; nil when there was no file.
        var identity: CookieFileIdentity?
        var lastError: CookieFileError?
    }

    /// A store over the cookie file at `url`; a missing file is an empty store, created at the
    /// first change.
    ///
    /// - Parameters:
    ///   - url:    A file URL. Its folder must exist; the store writes `<file>.lock` beside it.
    ///   - limits: How many cookies it keeps (the browsers' limits by default).
    /// - Throws: ``CookieFileError`` when the file exists but cannot be read, is over
    ///   ``NetscapeCookieFile/maximumFileBytes``, or has a broken line (the error names it).
    public init(contentsOf url: URL, limits: CookieJar.Limits = CookieJar.Limits()) throws(CookieFileError) {
        self.url = url
        self.limits = limits
        let path = url.path
        // Temporary files of writers killed mid-write can be removed only while holding the lock;
        // where no lock file can be made (a read-only folder) the file is still read.
        try? CookieFileSystem.withExclusiveLock(on: path) { () throws(CookieFileError) in
            CookieFileSystem.removeLeftovers(of: path)
        }
        var state = State(jar: CookieJar(limits: limits))
        if let file = try CookieFileSystem.read(path, limit: NetscapeCookieFile.maximumFileBytes) {
            let cookies = try NetscapeCookieFile.parse(file.bytes, at: Date())
            state.jar = Self.jar(holding: cookies, limits: limits)
            state.baseline = Self.baseline(of: cookies)
            state.identity = file.identity
        }
        self.state = Locked(state)
    }

    /// Why the last save failed, or nil when it succeeded (or none was needed yet).
    public var lastError: CookieFileError? {
        state.withLock { $0.lastError }
    }

    /// Saves the cookies now, merging what other processes saved, and throws when that fails.
    ///
    /// - Throws: ``CookieFileError``; the cookies stay in memory and the file as it was.
    public func save() throws(CookieFileError) {
        let now = Date()
        let outcome = state.withLock { state in
            Result { () throws(CookieFileError) in try synchronize(&state, at: now) }
        }
        try outcome.get()
    }

    /// The `Cookie` header of a request to `url`, or nil when no cookie applies; another process's saves are read first.
    ///
    /// - Parameter url: The request's URL.
    /// - Returns: The header's value.
    public func cookieHeader(for url: URL) -> String? {
        let now = Date()
        return state.withLock { state in
            refreshIfChanged(&state, at: now)
            return state.jar.cookieHeader(for: url, at: now)
        }
    }

    /// Stores the `Set-Cookie` fields of a response to `url`, in order, then saves the file when any was stored or expired.
    ///
    /// - Parameters:
    ///   - fields: The values of the response's `Set-Cookie` fields.
    ///   - url:    The URL of the request the response answers.
    /// - Returns: What happened to each field.
    @discardableResult
    public func store(_ fields: [String], from url: URL) -> [CookieChange] {
        let now = Date()
        return state.withLock { state in
            let changes = fields.map { state.jar.store($0, from: url, at: now) }
            let changed = changes.contains { change in
                if case .rejected = change { return false }
                return true
            }
            if changed { saveRecordingError(&state, at: now) }
            return changes
        }
    }

    /// Every cookie stored, expired ones excepted, another process's saves included.
    public var cookies: [Cookie] {
        let now = Date()
        return state.withLock { state in
            refreshIfChanged(&state, at: now)
            return state.jar.cookies.filter { ($0.expiresAt ?? .distantFuture) > now }
        }
    }

    /// Adds or replaces a cookie as it is (an imported one), then saves the file.
    ///
    /// - Parameter cookie: The cookie.
    public func insert(_ cookie: Cookie) {
        change { $0.insert(cookie) }
    }

    /// Removes every session cookie, as curl's `--junk-session-cookies` does, then saves the file.
    public func removeSessionCookies() {
        change { $0.removeSessionCookies() }
    }

    /// Removes every cookie, then saves the file.
    public func removeAll() {
        change { $0.removeAll() }
    }

    // MARK: - Saving

    private func change(_ body: (inout CookieJar) -> Void) {
        let now = Date()
        state.withLock { state in
            body(&state.jar)
            saveRecordingError(&state, at: now)
        }
    }

    private func saveRecordingError(_ state: inout State, at now: Date) {
        do throws(CookieFileError) {
            try synchronize(&state, at: now)
        } catch {
            state.lastError = error
        }
    }

    /// Under the file's lock: merges the file when another process changed it, then writes the
    /// cookies. On failure the state keeps its cookies and the baseline of the file as it is.
    private func synchronize(_ state: inout State, at now: Date) throws(CookieFileError) {
        let path = url.path
        try CookieFileSystem.withExclusiveLock(on: path) { () throws(CookieFileError) in
            if try CookieFileSystem.identity(of: path) != state.identity {
                try mergeFile(into: &state, at: now)
            }
            state.jar.removeExpired(at: now)
            let cookies = state.jar.cookies
            let identity = try CookieFileSystem.replace(path, with: NetscapeCookieFile.write(cookies))
            state.identity = identity
            state.baseline = Self.baseline(of: cookies)
        }
        state.lastError = nil
    }

    /// Merges another process's save, when there was one, without writing.
    private func refreshIfChanged(_ state: inout State, at now: Date) {
        do throws(CookieFileError) {
            guard try CookieFileSystem.identity(of: url.path) != state.identity else { return }
            try mergeFile(into: &state, at: now)
        } catch {
            state.lastError = error
        }
    }

    /// Reads the file and merges it with the jar against the baseline (see ``CookieMerge``).
    private func mergeFile(into state: inout State, at now: Date) throws(CookieFileError) {
        let file = try CookieFileSystem.read(url.path, limit: NetscapeCookieFile.maximumFileBytes)
        let disk =
            try file.map { file throws(CookieFileError) in try NetscapeCookieFile.parse(file.bytes, at: now) } ?? []
        let merged = CookieMerge.merge(
            ours: state.jar.cookies, theirs: disk, baseline: state.baseline,
            theirsModified: file?.identity.modificationDate ?? now)
        state.jar = Self.jar(holding: merged, limits: limits)
        state.baseline = Self.baseline(of: disk)
        state.identity = file?.identity
    }

    private static func jar(holding cookies: [Cookie], limits: CookieJar.Limits) -> CookieJar {
        var jar = CookieJar(limits: limits)
        for cookie in CookieMerge.bounded(cookies, by: limits) { jar.insert(cookie) }
        return jar
    }

    private static func baseline(of cookies: [Cookie]) -> [CookieIdentity: String] {
        var lines: [CookieIdentity: String] = [:]
        for cookie in cookies {
            lines[CookieIdentity(cookie)] = NetscapeCookieFile.line(for: cookie)
        }
        return lines
    }
}
