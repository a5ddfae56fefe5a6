#if os(Linux)
    import Foundation

    /// libcurl's socket and timer callbacks into a ``CurlEventLoop``, and the epoll set they keep
    /// (with `engine` held: libcurl calls them only from inside the loop's calls on its multi handle).
    extension CurlEventLoop {
        func watch(_ socket: Int32, what: Int32) {
            if defersWatches {
                deferred[socket] = what
                return
            }
            apply(socket, what: what)
        }

        /// Brings the epoll set in line with what libcurl asked for `socket`.
        func apply(_ socket: Int32, what: Int32) {
            if what == Libcurl.Poll.remove {
                if registered.contains(socket) { parked.insert(socket) }
                return
            }
            guard what & Libcurl.Poll.readableAndWritable != 0 else { return unregister(socket) }  // nothing to watch
            parked.remove(socket)
            registered.insert(socket)
            watcher.watch(socket, what: what)
        }

        /// Takes `socket` out of the epoll set.
        func unregister(_ socket: Int32) {
            parked.remove(socket)
            registered.remove(socket)
            watcher.watch(socket, what: Libcurl.Poll.remove)
        }
    }

    /// `CURLMOPT_SOCKETFUNCTION`: libcurl wants `socket` watched for `what`, or no longer.
    let curlSocket:
        @convention(c) (
            OpaquePointer?, Int32, Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
        ) -> Int32 = { _, socket, what, context, _ in
            guard let context else { return 0 }
            Unmanaged<CurlEventLoop>.fromOpaque(context).takeUnretainedValue().watch(socket, what: what)
            return 0
        }

    /// `CURLMOPT_TIMERFUNCTION`: libcurl wants a `CURL_SOCKET_TIMEOUT` call in `milliseconds` (at
    /// once for 0), or none (-1).
    let curlTimer: @convention(c) (OpaquePointer?, Int, UnsafeMutableRawPointer?) -> Int32 = {
        _, milliseconds, context in
        guard let context else { return 0 }
        let loop = Unmanaged<CurlEventLoop>.fromOpaque(context).takeUnretainedValue()
        loop.timerDeadline = milliseconds < 0 ? nil : .now + .milliseconds(milliseconds)
        return 0
    }
#endif
