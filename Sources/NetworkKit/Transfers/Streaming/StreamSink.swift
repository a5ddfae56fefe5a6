import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Hands a streamed body to its consumer piece by piece, as it arrives.
final class StreamSink: BodySink {
    private let request: URLRequest
    private let check: @Sendable (ResponseHead, URLRequest) -> HeadDecision
    private let onHead: @Sendable (HTTPResponse) -> Void
    private let onData: @Sendable (Data) -> HTTPError?

    /// - Parameters:
    ///   - request: The attempt's request.
    ///   - check:   Decides on the head (validation).
    ///   - onHead:  Told the accepted head, before any of its body.
    ///   - onData:  Takes each piece of the body; an error stops the transfer.
    init(
        request: URLRequest, check: @escaping @Sendable (ResponseHead, URLRequest) -> HeadDecision,
        onHead: @escaping @Sendable (HTTPResponse) -> Void, onData: @escaping @Sendable (Data) -> HTTPError?
    ) {
        self.request = request
        self.check = check
        self.onHead = onHead
        self.onData = onData
    }

    func begin(_ response: ResponseHead) -> HeadDecision {
        let decision = check(response, request)
        if case .accept = decision {
            onHead(HTTPResponse(request: request, head: response, body: Data(), duration: .zero))
        }
        return decision
    }

    func write(_ data: Data) -> HTTPError? {
        onData(data)
    }

    func end(_ failure: HTTPError?) -> Result<Data, HTTPError> {
        if let failure { return .failure(failure) }
        return .success(Data())
    }
}

extension HTTPClient {
    /// Runs a streamed call: attempts (retried as long as no head was accepted) until one's body has
    /// been handed over whole.
    func streamBody(
        _ request: URLRequest, check: @escaping @Sendable (ResponseHead, URLRequest) -> HeadDecision,
        onHead: @escaping @Sendable (HTTPResponse) -> Void, onData: @escaping @Sendable (Data) -> HTTPError?
    ) async throws(HTTPError) -> HTTPResponse {
        let accepted = Locked(false)
        let transport = self.transport
        let pins = configuration.publicKeyPins
        let follows = followsRedirectsNow
        let cookies = cookieHandling
        // A stream's body is never stored or answered from the cache (it is live); an unsafe
        // request's success still makes what the cache holds for its URI out of date (§4.4).
        let cache = configuration.cache
        let attempt: @Sendable (URLRequest, Int) async -> Result<HTTPResponse, HTTPError> = { adapted, _ in
            let sink = StreamSink(
                request: adapted, check: check,
                onHead: { head in
                    accepted.withLock { $0 = true }
                    cache?.invalidate(after: adapted, status: head.statusCode, headers: head.headers)
                    onHead(head)
                }, onData: onData)
            return await HTTPExchange(
                request: adapted, sink: sink, pins: pins, followsRedirects: follows, cookies: cookies
            )
            .run(on: transport)
        }
        return try await RequestExecution(client: self, request: request).run(retriable: { !accepted.value }, attempt)
    }

    /// The validation of this client (or of `acceptableStatusCodes`) as a head check.
    func headCheck(acceptableStatusCodes: Range<Int>?) -> @Sendable (ResponseHead, URLRequest) -> HeadDecision {
        let validation = ResponseValidation(
            acceptableStatusCodes: acceptableStatusCodes ?? configuration.acceptableStatusCodes,
            validatesContentType: configuration.validatesContentType)
        return { validation.decision(for: $0, request: $1) }
    }
}

/// A value that arrives once, awaited by whoever asks (the head of a streamed response).
final class OneShot<Value: Sendable>: Sendable {
    private let state = Locked<(value: Value?, waiters: [CheckedContinuation<Value, Never>])>((nil, []))

    /// Sets the value unless it is set already, and wakes the waiters.
    func resolve(_ value: Value) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value, Never>] in
            guard state.value == nil else { return [] }
            state.value = value
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }

    /// The value, once it is set.
    var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Value? in
                    if state.value == nil { state.waiters.append(continuation) }
                    return state.value
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}
