import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The credential of an ``AuthenticationInterceptor`` and its single refresh in flight.
actor AuthenticationState<Wrapped: Authenticator> {
    private var credential: Wrapped.Credential?
    private var refresh: Task<Wrapped.Credential, any Error>?
    /// Calls already retried once for authentication; a second refusal stops them. Oldest first, capped.
    private var retriedRequests: [UUID] = []
    private static var retriedLimit: Int { 4096 }

    init(credential: Wrapped.Credential?) {
        self.credential = credential
    }

    func set(_ credential: Wrapped.Credential?) {
        self.credential = credential
    }

    /// The credential, after the refresh in flight if there is one.
    func current() async throws -> Wrapped.Credential? {
        if let refresh { return try await refresh.value }
        return credential
    }

    /// Decides what a refused request does: wait for the refresh in flight, start one, or stop.
    func handleRefusal(_ context: RetryContext, authenticator: Wrapped) async -> RetryDecision {
        let summary = HTTPError.RequestSummary(context.request)
        guard !retriedRequests.contains(context.requestID) else {
            return .fail(.authenticationFailed(summary, reason: .refreshedCredentialRejected))
        }
        remember(context.requestID)
        if let refresh { return await outcome(of: refresh, summary: summary) }
        guard let credential else { return .fail(.authenticationFailed(summary, reason: .missingCredential)) }
        guard authenticator.isRequest(context.request, authenticatedWith: credential) else {
            return .retry(after: .zero)  // refreshed since this request was sent
        }
        let task = Task { try await authenticator.refresh(credential) }
        refresh = task
        let result = await task.result
        refresh = nil
        if case .success(let fresh) = result { self.credential = fresh }
        return decision(for: result, summary: summary)
    }

    /// Marks a call as retried once after a refresh.
    private func remember(_ requestID: UUID) {
        retriedRequests.append(requestID)
        if retriedRequests.count > Self.retriedLimit { retriedRequests.removeFirst() }
    }

    private func outcome(of task: Task<Wrapped.Credential, any Error>, summary: HTTPError.RequestSummary) async
        -> RetryDecision
    {
        decision(for: await task.result, summary: summary)
    }

    private func decision(for result: Result<Wrapped.Credential, any Error>, summary: HTTPError.RequestSummary)
        -> RetryDecision
    {
        switch result {
        case .success: .retry(after: .zero)
        case .failure(let error): .fail(.authenticationFailed(summary, reason: .refreshFailed("\(error)")))
        }
    }
}
