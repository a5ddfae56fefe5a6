import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - Stand-in tasks

extension Request {
    /// The stand-in tasks of ``Request/tasks``: one per attempt made so far (none before the first),
    /// each made once, for the last request, and cancelled without ever being resumed (as the tasks
    /// handed to cache and redirect handlers are), so URLSession lets it go.
    func standInTasks() -> [URLSessionTask] {
        mutableState.withLock { state in
            guard let request = state.requests.last else { return [] }
            let attempts = state.retryCount + 1
            while state.standInTasks.count < attempts {
                let task = CachedResponseDecision.DecisionSession.shared.dataTask(with: request)
                task.cancel()
                state.standInTasks.append(task)
            }
            return state.standInTasks
        }
    }
}
