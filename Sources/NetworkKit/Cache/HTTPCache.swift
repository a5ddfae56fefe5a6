public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A private HTTP cache (RFC 9111): it keeps responses to `GET` requests and answers later requests
/// from them while they are fresh, revalidates them when stale, and honours `Cache-Control`
/// (RFC 9111 §5.2, RFC 5861's `stale-while-revalidate` and `stale-if-error`, RFC 8246's `immutable`),
/// `Vary` and each request's `cachePolicy`.
///
/// ```swift
/// let cache = HTTPCache(directory: cachesFolder.appendingPathComponent("http"), maximumBytes: 50_000_000)
/// cache.currentBytes           // what it holds now
/// cache.remove(for: request)   // forget one URL's responses
/// cache.removeAll()            // forget everything (a log-out)
/// ```
///
/// Without a directory it keeps responses in memory; with one it keeps one file per URL there,
/// written atomically, so they last across launches and several processes may share the folder.
/// Either way it holds at most `maximumBytes`, evicting the least recently used responses first; a
/// single response larger than ``maximumEntryBytes`` is not stored.
///
/// A directory that cannot be created or written never makes a request fail: the cache then keeps
/// responses in memory (or skips the one write) and reports the problem in ``lastError``.
///
/// Every method is safe to call from many threads at once.
public final class HTTPCache: Sendable {
    /// The most bytes the cache holds.
    public let maximumBytes: Int
    /// The storage, behind the cache's lock; disk I/O happens while it is held.
    let storage: Locked<any CacheStorage>
    /// The disk problem found at start-up, which made the cache fall back to memory.
    private let startupError: HTTPCacheError?
    /// The URLs whose `stale-while-revalidate` refresh is under way, so each is sent once.
    let revalidating = Locked<Set<String>>([])

    /// Creates a cache in memory, or in `directory` (created when missing).
    ///
    /// - Parameters:
    ///   - directory:    A folder of its own for the cache's files, or nil to keep responses in
    ///                   memory. When it cannot be created or written the cache keeps responses in
    ///                   memory and ``lastError`` says why.
    ///   - maximumBytes: The most bytes it holds (negative counts as 0, which stores nothing).
    public init(directory: URL? = nil, maximumBytes: Int) {
        let budget = max(0, maximumBytes)
        self.maximumBytes = budget
        var startupError: HTTPCacheError?
        var chosen: any CacheStorage = MemoryCacheStorage(maximumBytes: budget)
        if let directory {
            do throws(HTTPCacheError) {
                chosen = try DiskCacheStorage(directory: directory, maximumBytes: budget)
            } catch {
                startupError = error
            }
        }
        self.startupError = startupError
        storage = Locked(chosen)
    }

    /// The largest response the cache stores, counting its content, its fields and 128 bytes: an eighth of
    /// ``maximumBytes``, and at most 64 MiB, so one response never pushes out most of the others.
    public var maximumEntryBytes: Int { min(maximumBytes / 8, 64 << 20) }

    /// The bytes the cache holds now: responses in memory, or files in its directory (as far as this
    /// process has seen them).
    public var currentBytes: Int { storage.withLock { $0.currentBytes } }

    /// The bytes of responses held in memory: ``currentBytes`` for a cache without a directory, 0
    /// for one with a directory (it keeps only an index in memory).
    public var currentMemoryUsage: Int { storage.withLock { $0 is MemoryCacheStorage ? $0.currentBytes : 0 } }

    /// The bytes of the cache's files: ``currentBytes`` for a cache with a directory, 0 otherwise.
    public var currentDiskUsage: Int { storage.withLock { $0 is DiskCacheStorage ? $0.currentBytes : 0 } }

    /// The last problem with the cache's directory: why it could not be used at all (the cache is in
    /// memory), or why the latest write failed (nil again after a write succeeds).
    public var lastError: HTTPCacheError? {
        storage.withLock { $0.lastError } ?? startupError
    }

    /// Removes the stored responses of `request`'s URL (all its variants).
    ///
    /// - Parameter request: A request for the URL.
    public func remove(for request: URLRequest) {
        guard let url = request.url else { return }
        storage.withLock { $0.removeRecord(for: CacheKey(url: url)) }
    }

    /// Removes every stored response (and, with a directory, every cache file in it).
    public func removeAll() {
        storage.withLock { $0.removeAll() }
    }
}
