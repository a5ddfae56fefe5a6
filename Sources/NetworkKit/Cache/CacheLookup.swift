/// What ``HTTPCache/lookup(_:now:)`` tells the request pipeline to do (RFC 9111 §4).
enum CacheLookup: Sendable, Equatable {
    /// Answer with this fresh stored response; send nothing (§4.2). Its source is `.cache`.
    case fresh(CachedResponse)
    /// Answer with this stale stored response (source `.stale`), which `max-stale`,
    /// `stale-while-revalidate` (RFC 5861 §3) or the request's cache policy allows. When
    /// `backgroundRevalidation` is set, send that conditional request in the background and hand
    /// its answer to ``HTTPCache/update(request:notModified:requestTime:responseTime:)`` or
    /// ``HTTPCache/store(request:status:headers:body:requestTime:responseTime:allowed:)``, answering nobody.
    case stale(CachedResponse, backgroundRevalidation: CacheValidation?)
    /// Send the request with these preconditions added and handle the answer (§4.3.3): a 304 goes to
    /// ``HTTPCache/update(request:notModified:requestTime:responseTime:)``; a 5xx or a transport
    /// error to ``HTTPCache/responseAfterError(for:now:)``; any other to
    /// ``HTTPCache/store(request:status:headers:body:requestTime:responseTime:allowed:)`` and the caller.
    case validate(CacheValidation)
    /// Nothing stored may answer: send the request as it is, then call
    /// ``HTTPCache/store(request:status:headers:body:requestTime:responseTime:allowed:)``.
    case miss
    /// The request forbids the network (`only-if-cached`, §5.2.1.7, or
    /// `.returnCacheDataDontLoad`) and nothing stored may answer: answer 504 (Gateway Timeout).
    case unsatisfiable
}

/// A conditional request the cache asks for (§4.3.1): the precondition fields to add to the
/// request, built from the stored responses of its URL.
struct CacheValidation: Sendable, Equatable {
    /// The fields to add: `If-None-Match` with the entity tag of every stored response of the URL,
    /// and `If-Modified-Since` with the `Last-Modified` of the one response being validated when no
    /// other response's tag is sent. Empty when nothing stored has a validator: the request goes
    /// out as it is, and the stored response is still a fallback for `stale-if-error`.
    let conditionalHeaders: HTTPHeaders
}
