#if !os(Linux)
    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// The event loop's readiness source where epoll is missing: `poll` over every watched
    /// descriptor, the array rebuilt before each wait.
    final class Poller {
        /// Nothing to open ahead for `poll`; the type matches the epoll poller's.
        struct Handle: Sendable {}

        private var watched: [Int: (descriptor: Int32, interest: Readiness)] = [:]
        private var descriptors: [pollfd] = []
        private var tokens: [Int] = []

        /// A handle for ``init(_:)``.
        static func open() throws(MockServerError) -> Handle {
            Handle()
        }

        /// Takes over an opened handle.
        init(_ handle: Handle) {}

        /// Starts watching `descriptor` for `interest`, reporting it as `token`.
        func add(_ descriptor: Int32, token: Int, interest: Readiness) {
            watched[token] = (descriptor, interest)
        }

        /// Changes what a watched descriptor is watched for.
        func modify(_ descriptor: Int32, token: Int, interest: Readiness) {
            watched[token] = (descriptor, interest)
        }

        /// Stops watching `descriptor` (before it is closed).
        func remove(_ descriptor: Int32, token: Int) {
            watched[token] = nil
        }

        /// Waits up to `timeout` milliseconds (-1: no limit) and replaces `ready` with what is ready.
        ///
        /// - Returns: false when waiting failed for another reason than a signal.
        func wait(timeout: Int32, into ready: inout [ReadyEvent]) -> Bool {
            ready.removeAll(keepingCapacity: true)
            descriptors.removeAll(keepingCapacity: true)
            tokens.removeAll(keepingCapacity: true)
            for (token, entry) in watched {
                var events: Int16 = 0
                if entry.interest.contains(.readable) { events |= Int16(POLLIN) }
                if entry.interest.contains(.writable) { events |= Int16(POLLOUT) }
                descriptors.append(pollfd(fd: entry.descriptor, events: events, revents: 0))
                tokens.append(token)
            }
            let count = poll(&descriptors, nfds_t(descriptors.count), timeout)
            guard count >= 0 else { return errno == EINTR }
            for (index, token) in tokens.enumerated() where descriptors[index].revents != 0 {
                let events = descriptors[index].revents
                var readiness: Readiness = []
                if events & Int16(POLLIN) != 0 { readiness.insert(.readable) }
                if events & Int16(POLLOUT) != 0 { readiness.insert(.writable) }
                if events & Int16(POLLHUP | POLLERR) != 0 { readiness.insert(.hangUp) }
                if events & Int16(POLLNVAL) != 0 { readiness.insert(.invalid) }
                ready.append(ReadyEvent(token: token, readiness: readiness))
            }
            return true
        }

        /// Nothing to close.
        func close() {}
    }
#endif
