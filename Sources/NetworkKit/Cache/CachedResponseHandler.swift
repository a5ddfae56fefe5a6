#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Decides whether a response the ``HTTPCache`` is about to store is stored as it is, changed, or
/// not at all: Alamofire's `CachedResponseHandler`, with its requirement unchanged.
///
/// The cache asks only about responses RFC 9111 lets it store (a `GET`'s complete answer that fits
/// ``HTTPCache/maximumEntryBytes``), never about a 304's update. The task is a data task made for
/// the request and never resumed: read its `originalRequest`. Call `completion` exactly once; a
/// second call is ignored. While the handler has not called it, the request's caller waits.
///
/// Set one per client with ``HTTPClient/Configuration/cachedResponseHandler``, or per request with
/// ``Request/cacheResponse(using:)``:
///
/// ```swift
/// let client = HTTPClient {
///     $0.cache = HTTPCache(maximumBytes: 20_000_000)
///     $0.cachedResponseHandler = ResponseCacher.doNotCache   // nothing stored, stored answers still used
/// }
/// ```
public protocol CachedResponseHandler: Sendable {
    /// Decides what to store for a response.
    ///
    /// - Parameters:
    ///   - task:       A data task for the request the response answers (never resumed).
    ///   - response:   The response the cache would store.
    ///   - completion: Called with `response` to store it, another response to store that instead
    ///                 (its `HTTPURLResponse` status, fields and data), or nil to store nothing; a
    ///                 `storagePolicy` of `.notAllowed` also stores nothing.
    func dataTask(
        _ task: URLSessionDataTask, willCacheResponse response: CachedURLResponse,
        completion: @escaping (CachedURLResponse?) -> Void)
}

/// A ``CachedResponseHandler`` that stores responses, stores none, or changes them first, as
/// Alamofire's `ResponseCacher`.
///
/// ```swift
/// // Keep product pages an hour, whatever the server said.
/// let handler = ResponseCacher(behavior: .modify { _, proposed in
///     guard let response = proposed.response as? HTTPURLResponse, let url = response.url else { return proposed }
///     var fields = response.allHeaderFields as? [String: String] ?? [:]
///     fields["Cache-Control"] = "max-age=3600"
///     return HTTPURLResponse(url: url, statusCode: response.statusCode, httpVersion: nil, headerFields: fields)
///         .map { CachedURLResponse(response: $0, data: proposed.data) }
/// })
/// ```
public struct ResponseCacher: Sendable {
    /// What a ``ResponseCacher`` does with a response.
    public enum Behavior: Sendable {
        /// Stores the response.
        case cache
        /// Stores nothing.
        case doNotCache
        /// Stores what the closure returns instead, or nothing when it returns nil.
        case modify(@Sendable (_ task: URLSessionDataTask, _ cachedResponse: CachedURLResponse) -> CachedURLResponse?)
    }

    /// Stores every response the cache may store.
    public static let cache = ResponseCacher(behavior: .cache)
    /// Stores nothing (answers already stored are still used).
    public static let doNotCache = ResponseCacher(behavior: .doNotCache)

    /// What this cacher does.
    public let behavior: Behavior

    /// A cacher that does `behavior`.
    ///
    /// - Parameter behavior: Cache, do not cache, or modify.
    public init(behavior: Behavior) {
        self.behavior = behavior
    }
}

extension ResponseCacher: CachedResponseHandler {
    /// Calls `completion` with `response`, nil, or the closure's result, as ``behavior`` says.
    ///
    /// - Parameters:
    ///   - task:       The request's data task.
    ///   - response:   The response the cache would store.
    ///   - completion: Told what to store.
    public func dataTask(
        _ task: URLSessionDataTask, willCacheResponse response: CachedURLResponse,
        completion: @escaping (CachedURLResponse?) -> Void
    ) {
        switch behavior {
        case .cache: completion(response)
        case .doNotCache: completion(nil)
        case .modify(let closure): completion(closure(task, response))
        }
    }
}

extension CachedResponseHandler where Self == ResponseCacher {
    /// A handler that stores every response the cache may store: ``ResponseCacher/cache``.
    public static var cache: ResponseCacher { .cache }

    /// A handler that stores nothing: ``ResponseCacher/doNotCache``.
    public static var doNotCache: ResponseCacher { .doNotCache }

    /// A handler that stores what `closure` returns instead of each response, or nothing for nil.
    ///
    /// - Parameter closure: Given the task and the response, returns what to store.
    /// - Returns: The handler.
    public static func modify(
        using closure: @escaping @Sendable (URLSessionDataTask, CachedURLResponse) -> CachedURLResponse?
    ) -> ResponseCacher {
        ResponseCacher(behavior: .modify(closure))
    }
}
