#if os(Linux)
    import Foundation
    import InternalServiceUtilities

    /// One client's idle libcurl handles, kept between transfers so the next one to the same host
    /// reuses the connection (and the DNS entry) the last one left open, as URLSession's pool does.
    ///
    /// A transfer takes a pair (an easy handle in its own multi handle: the multi handle holds the
    /// connection cache) and gives it back when it ended cleanly; one that failed or was cancelled is
    /// cleaned up instead, with whatever connection it had.
    final class CurlHandlePool: @unchecked Sendable {
        // Safe: the handles in `idle` are used by nobody while they are there (a pair is taken out
        // before use and put back after), and `idle` is behind its lock; libcurl handles may move
        // between threads as long as one thread at a time uses them.

        /// An easy handle and the multi handle it runs in.
        struct Handles {
            let easy: Libcurl.Handle
            let multi: Libcurl.Handle
        }

        let library: Libcurl
        private let limit: Int
        private let idle = Locked<[Handles]>([])

        /// - Parameters:
        ///   - library: libcurl.
        ///   - limit: The most idle pairs kept (the client's connections per host).
        init(library: Libcurl, limit: Int) {
            self.library = library
            self.limit = max(limit, 1)
        }

        deinit {
            for handles in idle.value { close(handles) }
        }

        /// An idle pair, or a new one; nil when libcurl cannot make one.
        func take() -> Handles? {
            if let handles = idle.withLock({ $0.popLast() }) { return handles }
            guard let easy = library.easyInit() else { return nil }
            guard let multi = library.multiInit() else {
                library.easyCleanup(easy)
                return nil
            }
            return Handles(easy: easy, multi: multi)
        }

        /// Takes back a pair whose easy handle is no longer in its multi handle: kept (options
        /// reset, connections kept) after a clean end, closed otherwise or when enough are idle.
        func give(_ handles: Handles, reusable: Bool) {
            guard reusable else { return close(handles) }
            library.easyReset(handles.easy)
            let kept = idle.withLock { idle -> Bool in
                guard idle.count < limit else { return false }
                idle.append(handles)
                return true
            }
            if !kept { close(handles) }
        }

        private func close(_ handles: Handles) {
            library.easyCleanup(handles.easy)
            _ = library.multiCleanup(handles.multi)
        }
    }
#endif
