import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The credential of an ``AuthenticationInterceptor``, its one refresh in flight and the requests
/// waiting for it, behind one lock. The completion forms (Alamofire's) and the `async` forms
/// (NetworkKit's) of the interceptor both drive it; side effects (starting a refresh, telling
/// waiters) run after the lock is released, so an authenticator may call back synchronously.
final class AuthenticationState<Wrapped: Authenticator>: Sendable {
    typealias Credential = Wrapped.Credential
    /// Told once when the refresh it waits for ends: success to run again, failure to fail with the error.
    typealias Waiter = @Sendable (Result<Void, any Error>) -> Void

    /// How many refreshes a window allows; nil checks nothing.
    struct Limit: Sendable {
        let interval: TimeInterval
        let maximumAttempts: Int
    }

    enum Refresh: Sendable {
        case idle
        /// A refresh runs; `proactive` when an adapt started it (``AuthenticationCredential/requiresRefresh``).
        case refreshing(proactive: Bool)
        /// The last refresh of this credential failed; a retry does not refresh it again.
        ///
        /// The enum keeps its case tag in the error pointer's spare bits, which LeakSanitizer does not
        /// read as a pointer: if this state is still alive when LeakSanitizer checks, at exit, the
        /// error is reported as a direct leak, although the state owns it. Such a report means the
        /// state outlived its owners, usually through a reference cycle (an authenticator that keeps
        /// the `Session` it refreshes for, while that session holds the interceptor), not that the
        /// error was retained one time too many.
        case failed(any Error)
    }

    /// What an adapt does now.
    enum AdaptStep: Sendable {
        case apply(Credential)
        case fail(any Error)
        /// The waiter is told when the refresh ends.
        case deferred
    }

    /// What a refused request does now.
    enum RetryStep: Sendable {
        case retry
        case fail(any Error)
        /// The waiter is told when the refresh ends.
        case deferred
    }

    private struct Storage: Sendable {
        var credential: Credential?
        /// Counts credential changes, so a retry decided on an older one retries at once.
        var version = 0
        var refresh = Refresh.idle
        /// Uptimes of the refreshes started within the window, oldest first.
        var timestamps: [TimeInterval] = []
        var waiters: [Waiter] = []
        /// Calls (``RetryContext/requestID``) an ``HTTPClient`` already retried once for authentication.
        var retriedRequests: [UUID] = []

        var isRefreshing: Bool {
            if case .refreshing = refresh { true } else { false }
        }
    }

    private typealias Effect = @Sendable () -> Void

    private static var retriedLimit: Int { 4096 }

    private let storage: Locked<Storage>
    private let limit: Limit?
    private let authenticator: Wrapped
    /// Refreshes start here, off the caller's stack, as Alamofire's do.
    private let queue = DispatchQueue(label: "org.alamofire.authentication.inspector")

    init(authenticator: Wrapped, credential: Credential?, limit: Limit?) {
        self.authenticator = authenticator
        self.limit = limit
        storage = Locked(Storage(credential: credential))
    }

    /// The credential now, even while a refresh runs.
    var credential: Credential? {
        get { storage.withLock { $0.credential } }
        set {
            storage.withLock { storage in
                storage.credential = newValue
                storage.version += 1
                storage.refresh = .idle
            }
        }
    }

    /// The credential once the refresh in flight (if any) has ended.
    func settledCredential() async -> Credential? {
        await withCheckedContinuation { continuation in
            let now: Credential?? = storage.withLock { storage in
                guard storage.isRefreshing else { return .some(storage.credential) }
                storage.waiters.append { _ in continuation.resume(returning: self.credential) }
                return .none
            }
            if case .some(let credential) = now { continuation.resume(returning: credential) }
        }
    }

    /// Decides an adapt: apply the credential, fail, or wait for a refresh (starting one when the
    /// credential says it requires it).
    ///
    /// - Parameters:
    ///   - waitsForAnyRefresh: Waits for a refresh a retry started too (NetworkKit's rule); Alamofire
    ///     waits only for one an adapt started.
    ///   - session: The session a refresh gets; nil for ``Session/default``.
    ///   - waiter: Told when the refresh ends, if the step is ``AdaptStep/deferred``.
    func adaptStep(waitsForAnyRefresh: Bool, session: Session?, waiter: @escaping Waiter) -> AdaptStep {
        var effects: [Effect] = []
        let step = storage.withLock { storage -> AdaptStep in
            if case .refreshing(let proactive) = storage.refresh, proactive || waitsForAnyRefresh {
                storage.waiters.append(waiter)
                return .deferred
            }
            guard let credential = storage.credential else { return .fail(AuthenticationError.missingCredential) }
            if Self.requiresRefresh(credential), !storage.isRefreshing {
                storage.waiters.append(waiter)
                effects = startRefresh(of: credential, proactive: true, session: session, in: &storage)
                return .deferred
            }
            // A new request starts afresh: an earlier failed refresh no longer stops a later one.
            if case .failed = storage.refresh { storage.refresh = .idle }
            return .apply(credential)
        }
        for effect in effects { effect() }
        return step
    }

    /// Decides a request refused for authentication: retry it with a newer credential, fail, or
    /// wait for a refresh (starting one when none ran for this credential).
    ///
    /// - Parameters:
    ///   - urlRequest: The refused request, as sent.
    ///   - session: The session a refresh gets; nil for ``Session/default``.
    ///   - waiter: Told when the refresh ends, if the step is ``RetryStep/deferred``.
    func retryStep(for urlRequest: URLRequest, session: Session?, waiter: @escaping Waiter) -> RetryStep {
        let current = storage.withLock { storage in storage.credential.map { ($0, storage.version) } }
        guard let (credential, version) = current else { return .fail(AuthenticationError.missingCredential) }
        guard authenticator.isRequest(urlRequest, authenticatedWith: credential) else { return .retry }
        var effects: [Effect] = []
        let step = storage.withLock { storage -> RetryStep in
            guard version == storage.version else { return .retry }
            switch storage.refresh {
            case .failed(let error):
                return .fail(error)
            case .refreshing:
                storage.waiters.append(waiter)
                return .deferred
            case .idle:
                storage.waiters.append(waiter)
                effects = startRefresh(of: credential, proactive: false, session: session, in: &storage)
                return .deferred
            }
        }
        for effect in effects { effect() }
        return step
    }

    /// Marks a call of an ``HTTPClient`` as retried for authentication; false if it already was.
    func claimRetry(of requestID: UUID) -> Bool {
        storage.withLock { storage in
            guard !storage.retriedRequests.contains(requestID) else { return false }
            storage.retriedRequests.append(requestID)
            if storage.retriedRequests.count > Self.retriedLimit { storage.retriedRequests.removeFirst() }
            return true
        }
    }

    // MARK: - Refreshing

    private static func requiresRefresh(_ credential: Credential) -> Bool {
        (credential as? any AuthenticationCredential)?.requiresRefresh ?? false
    }

    private func startRefresh(
        of credential: Credential, proactive: Bool, session: Session?, in storage: inout Storage
    ) -> [Effect] {
        if let limit {
            let now = ProcessInfo.processInfo.systemUptime
            let earliest = now - limit.interval
            storage.timestamps.removeAll { !($0 >= earliest) }  // a NaN window keeps none, as Alamofire counts none
            guard storage.timestamps.count < limit.maximumAttempts else {
                return fail(with: AuthenticationError.excessiveRefresh, in: &storage)
            }
            storage.timestamps.append(now)
        }
        storage.refresh = .refreshing(proactive: proactive)
        return [{ self.queue.async { self.runRefresh(of: credential, session: session ?? .default) } }]
    }

    private func runRefresh(of credential: Credential, session: Session) {
        let called = Locked(false)
        authenticator.refresh(credential, for: session) { result in
            let first = called.withLock { called in
                defer { called = true }
                return !called
            }
            if first { self.finishRefresh(with: result) }
        }
    }

    private func finishRefresh(with result: Result<Credential, any Error>) {
        let effects = storage.withLock { storage -> [Effect] in
            switch result {
            case .success(let credential):
                storage.credential = credential
                storage.version += 1
                storage.refresh = .idle
                let waiters = storage.waiters
                storage.waiters.removeAll()
                return [
                    {
                        for waiter in waiters { waiter(.success(())) }
                    }
                ]
            case .failure(let error):
                return fail(with: error, in: &storage)
            }
        }
        for effect in effects { effect() }
    }

    private func fail(with error: any Error, in storage: inout Storage) -> [Effect] {
        storage.refresh = .failed(error)
        let waiters = storage.waiters
        storage.waiters.removeAll()
        return [
            {
                for waiter in waiters { waiter(.failure(error)) }
            }
        ]
    }
}
