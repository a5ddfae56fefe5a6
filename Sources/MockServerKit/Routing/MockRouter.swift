import InternalServiceUtilities

/// The stubs of one server and the choice of which one answers a request.
///
/// Stubs added later win over earlier ones, so a test can override a default. A `HEAD` request
/// with no `HEAD` stub is answered by the matching `GET` stub (the body is then not sent).
final class MockRouter: Sendable {
    /// A stub's handler: one that awaits runs as a task, one that does not on a Dispatch thread.
    enum Handler: Sendable {
        case async(MockServer.Handler)
        case synchronous(MockServer.SynchronousHandler)
        /// A handler this module wrote that neither blocks nor waits (a fixed response, an archive
        /// lookup): it runs on the event-loop thread, which saves two thread hops per request.
        case inline(MockServer.SynchronousHandler)
        /// A fixed response, encoded once; the event loop answers it at once from the kept bytes.
        case fixed(PreEncodedResponse)
        /// A WebSocket route: the event loop answers the upgrade and runs the connection.
        case webSocket(WebSocketRoute)
    }

    struct Stub: Sendable {
        let method: MockRequest.Method
        let pattern: PathPattern
        let handler: Handler
        /// What this stub's answers go through (see ``NetworkCondition``).
        var conditions: [NetworkCondition] = []
        /// What a request must meet besides method and path; empty for most stubs.
        var matchers: [MockRequestMatcher] = []

        /// The first matcher `request` fails, with the route's `pathParameters`; nil when it meets all.
        func unmetMatcher(by request: MockRequest, pathParameters: [String: String]) -> MockRequestMatcher? {
            guard !matchers.isEmpty else { return nil }
            var request = request
            request.pathParameters = pathParameters
            return matchers.first { !$0.matches(request) }
        }
    }

    /// What the router decided for a request.
    enum Decision: Sendable {
        case handler(Handler, pathParameters: [String: String], conditions: [NetworkCondition])
        case methodNotAllowed(allowed: [MockRequest.Method])
        /// Stubs for the method and path refused the request: the matchers it failed, latest stub first.
        case unmatched(failed: [MockRequestMatcher])
        case notFound
    }

    private let stubs = Locked<[Stub]>([])
    /// What answers a request no stub matches (a replayed archive, a recording proxy), chosen per
    /// request, so a WebSocket upgrade can get a WebSocket route; nil gives 404 or 405. It runs on
    /// the event-loop thread, so it must not block.
    private let fallback = Locked<(@Sendable (MockRequest) -> Handler)?>(nil)

    func setFallback(_ handler: Handler?) {
        guard let handler else { return setFallback(choosing: nil) }
        setFallback(choosing: { _ in handler })
    }

    func setFallback(choosing choose: (@Sendable (MockRequest) -> Handler)?) {
        fallback.withLock { $0 = choose }
    }

    func add(_ stub: Stub) {
        stubs.withLock { $0.append(stub) }
    }

    func removeAll() {
        stubs.withLock { $0.removeAll() }
        setFallback(nil)
    }

    func decide(for request: MockRequest) -> Decision {
        let current = stubs.value
        let method = request.method
        var allowed: [MockRequest.Method] = []
        var getFallback: Decision?
        var failed: [MockRequestMatcher] = []
        for stub in current.reversed() {
            guard let parameters = stub.pattern.match(request.path) else { continue }
            let answersMethod = stub.method == method || (method == .head && stub.method == .get)
            if answersMethod, let unmet = stub.unmetMatcher(by: request, pathParameters: parameters) {
                // As if the stub were absent for this request; not counted for `Allow` either.
                failed.append(unmet)
                continue
            }
            if stub.method == method {
                return .handler(stub.handler, pathParameters: parameters, conditions: stub.conditions)
            }
            if method == .head, stub.method == .get, getFallback == nil {
                getFallback = .handler(stub.handler, pathParameters: parameters, conditions: stub.conditions)
            }
            if !allowed.contains(stub.method) { allowed.append(stub.method) }
        }
        if let getFallback { return getFallback }
        if let choose = fallback.value { return .handler(choose(request), pathParameters: [:], conditions: []) }
        if !failed.isEmpty { return .unmatched(failed: failed) }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed.reversed())
    }
}
