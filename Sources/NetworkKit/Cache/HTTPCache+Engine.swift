import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The calls the request pipeline makes, in the order RFC 9111 §4 runs them:
///
/// 1. ``lookup(_:now:)`` before sending. It answers ``CacheLookup/fresh(_:)`` or
///    ``CacheLookup/stale(_:backgroundRevalidation:)`` (answer without waiting on the network),
///    ``CacheLookup/validate(_:)`` (send with the preconditions added), ``CacheLookup/miss`` (send
///    as is) or ``CacheLookup/unsatisfiable`` (answer 504 without sending).
/// 2. After a response arrives: a 304 to a validation goes to
///    ``update(request:notModified:requestTime:responseTime:)``, whose answer is the response (nil:
///    send again without preconditions); a 5xx, or a transport error, to ``responseAfterError(for:now:)``
///    (nil: pass the error on); every other final response, to any method, to
///    ``store(request:status:headers:body:requestTime:responseTime:allowed:)``, then to the caller.
///
/// `requestTime` is when the request was sent and `responseTime` when the response's header
/// arrived (§4.2.3). `request` is always the request as the caller made it, without the cache's
/// preconditions: its header fields choose among `Vary` variants.
extension HTTPCache {
    /// What to do with `request` (RFC 9111 §4); see ``CacheEngine/lookup(_:in:now:)``.
    ///
    /// - Parameters:
    ///   - request: The request, as it will be sent.
    ///   - now: The current time.
    /// - Returns: The decision.
    func lookup(_ request: URLRequest, now: Date) -> CacheLookup {
        guard let url = request.url else { return .miss }
        let record = storage.withLock { $0.record(for: CacheKey(url: url)) }
        return CacheEngine.lookup(request, in: record, now: now)
    }

    /// Takes a final response the network gave (RFC 9111 §3, §4.3.3, §4.3.5, §4.4):
    ///
    /// - To an unsafe method with a 2xx or 3xx status: removes the stored responses of the target
    ///   URI and of same-origin `Location` and `Content-Location` URIs (§4.4).
    /// - A 200 to `HEAD`: updates the stored `GET` responses the request chooses whose validators
    ///   and length it matches, and removes the others (§4.3.5).
    /// - To `GET`: replaces the stored response of the variant the request chooses (§4.1) with
    ///   this one when §3 allows storing it (``CacheStorability``), it fits ``maximumEntryBytes``
    ///   and its `Vary` is not `*`. A response that may not be stored still removes that variant
    ///   (it is out of date), unless it is a 5xx, which keeps it for `stale-if-error`. A 206 or 304,
    ///   and any response to a request with a `Range` or preconditions of its own, changes nothing.
    ///
    /// - Parameters:
    ///   - request: The request the caller made.
    ///   - status: The response's status.
    ///   - headers: The response's fields, in order.
    ///   - body: The response's content (decoded as the caller will hand it on).
    ///   - requestTime: When the request was sent.
    ///   - responseTime: When the response arrived.
    ///   - allowed: False when a ``CachedResponseHandler`` refused to store a response that
    ///     ``wouldStore(request:status:headers:body:)`` accepted: it is handled as one that may not
    ///     be stored.
    func store(
        request: URLRequest, status: Int, headers: HTTPHeaders, body: Data, requestTime: Date, responseTime: Date,
        allowed: Bool = true
    ) {
        guard let url = request.url, status >= 200 else { return }
        guard !invalidate(after: request, status: status, headers: headers) else { return }
        let method = request.httpMethod ?? "GET"
        guard method == "GET" || method == "HEAD", !CacheEngine.hasOwnPreconditions(request),
            status != 206, status != 304
        else { return }
        let key = CacheKey(url: url)
        let times = (requestTime, responseTime)
        if method == "HEAD" {
            guard status == 200 else { return }
            storage.withLock { storage in
                guard var record = storage.record(for: key) else { return }
                Self.freshen(&record, byHead: headers, request: request, times: times)
                storage.setRecord(record)
            }
            return
        }
        let entry =
            allowed ? Self.entry(request: request, status: status, headers: headers, body: body, times: times) : nil
        let limit = maximumEntryBytes
        storage.withLock { storage in
            var record = storage.record(for: key) ?? CacheRecord(key: key, entries: [])
            let before = record.entries.count
            if let entry, entry.cost <= limit {
                record.entries.removeAll { CacheVary.matches($0, request) }
                record.entries.append(entry)
                record.entries.removeFirst(max(0, record.entries.count - CacheRecord.maximumVariants))
                storage.setRecord(record)
            } else if status < 500 {
                record.entries.removeAll { CacheVary.matches($0, request) }
                if record.entries.count != before { storage.setRecord(record) }
            }
        }
    }

    /// Removes what a successful unsafe request makes out of date (§4.4): the stored responses of
    /// its target URI and of same-origin `Location` and `Content-Location` URIs. Uploads and streams,
    /// whose bodies the cache never stores, call this alone.
    ///
    /// - Parameters:
    ///   - request: The request the caller made.
    ///   - status: The response's status (2xx and 3xx invalidate).
    ///   - headers: The response's fields.
    /// - Returns: Whether the request was one that invalidates (then nothing of it is stored).
    @discardableResult
    func invalidate(after request: URLRequest, status: Int, headers: HTTPHeaders) -> Bool {
        let invalidated = CacheInvalidation.invalidatedKeys(request: request, status: status, headers: headers)
        guard !invalidated.isEmpty else { return false }
        storage.withLock { storage in
            for key in invalidated { storage.removeRecord(for: key) }
        }
        return true
    }

    /// Whether ``store(request:status:headers:body:requestTime:responseTime:allowed:)`` would store
    /// this response to `GET` as a new entry: what a ``CachedResponseHandler`` is asked about.
    ///
    /// - Parameters:
    ///   - request: The request the caller made.
    ///   - status: The response's status.
    ///   - headers: The response's fields.
    ///   - body: The response's content.
    /// - Returns: True when §3 allows storing it, it fits ``maximumEntryBytes`` and nothing about the
    ///   request (method, `Range`, preconditions) keeps it out.
    func wouldStore(request: URLRequest, status: Int, headers: HTTPHeaders, body: Data) -> Bool {
        guard request.url != nil, status >= 200, status != 206, status != 304, request.httpMethod ?? "GET" == "GET",
            !CacheEngine.hasOwnPreconditions(request)
        else { return false }
        let now = Date()
        let entry = Self.entry(request: request, status: status, headers: headers, body: body, times: (now, now))
        return entry.map { $0.cost <= maximumEntryBytes } ?? false
    }

    /// Freshens the stored responses a 304 selects with its fields (RFC 9111 §4.3.4, §3.2) and
    /// answers with the one the request chooses among them (or the most recent).
    ///
    /// - Parameters:
    ///   - request: The request the caller made (without the cache's preconditions).
    ///   - headers: The 304's fields.
    ///   - requestTime: When the conditional request was sent.
    ///   - responseTime: When the 304 arrived.
    /// - Returns: The updated response, source ``HTTPResponseSource/revalidated``; nil when the 304
    ///   selects no stored response (then send the request again without preconditions).
    func update(request: URLRequest, notModified headers: HTTPHeaders, requestTime: Date, responseTime: Date)
        -> CachedResponse?
    {
        guard let url = request.url else { return nil }
        let key = CacheKey(url: url)
        return storage.withLock { storage -> CachedResponse? in
            storage.updateRecord(for: key) { record -> CachedResponse? in
                let indices = CacheRevalidation.indicesToUpdate(in: record, notModified: headers, request: request)
                guard !indices.isEmpty else { return nil }
                for index in indices {
                    CacheRevalidation.update(
                        &record.entries[index], with: headers, requestTime: requestTime, responseTime: responseTime)
                }
                let chosen = indices.first { CacheVary.matches(record.entries[$0], request) } ?? indices[0]
                let response = CachedResponse(
                    record.entries[chosen], for: request, source: .revalidated, at: responseTime)
                // A 304 that adds no-store leaves the response usable this once, then gone (§5.2.2.5)
                record.entries.removeAll { entry in
                    let directives = entry.directives
                    return directives.noStore && !directives.mustUnderstand
                }
                return response
            }
        }
    }

    /// The stale response `stale-if-error` allows after a 5xx or a transport error (RFC 5861 §4,
    /// RFC 9111 §4.3.3); see ``CacheEngine/responseAfterError(_:in:now:)``.
    ///
    /// - Parameters:
    ///   - request: The request the caller made.
    ///   - now: The current time.
    /// - Returns: The stored response to answer with, or nil to pass the error on.
    func responseAfterError(for request: URLRequest, now: Date) -> CachedResponse? {
        guard let url = request.url, request.httpMethod ?? "GET" == "GET" || request.httpMethod == "HEAD" else {
            return nil
        }
        let record = storage.withLock { $0.record(for: CacheKey(url: url)) }
        return CacheEngine.responseAfterError(request, in: record, now: now)
    }

    /// The entry to store for a response to `GET`, or nil when §3 forbids storing it or its `Vary`
    /// is `*`.
    private static func entry(
        request: URLRequest, status: Int, headers: HTTPHeaders, body: Data, times: (Date, Date)
    ) -> CachedEntry? {
        guard CacheStorability.isStorable(status: status, headers: headers, request: request),
            let names = CacheVary.fieldNames(in: headers)
        else { return nil }
        return CachedEntry(
            varyValues: CacheVary.values(of: names, in: request), status: status,
            headers: CacheStorability.storedFields(of: headers), body: body, requestTime: times.0,
            responseTime: times.1)
    }

    /// §4.3.5: each stored response the `HEAD` request chooses is updated from the `HEAD` response
    /// when they agree on validators and length, and removed otherwise.
    private static func freshen(
        _ record: inout CacheRecord, byHead headers: HTTPHeaders, request: URLRequest, times: (Date, Date)
    ) {
        record.entries = record.entries.compactMap { entry in
            guard CacheVary.matches(entry, request) else { return entry }
            guard CacheRevalidation.headResponse(headers, matches: entry) else { return nil }
            return CacheRevalidation.updated(entry, with: headers, requestTime: times.0, responseTime: times.1)
        }
    }
}
