import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - Tasks

extension URLSessionTransportDelegate {
    /// Whether the session takes new tasks, and how many are being made: the transport's shutdown
    /// invalidates the session once none is, since FoundationNetworking stops the process on a task
    /// made in an invalidated session.
    struct TaskGate {
        var open = true
        var starting = 0
        var invalidated = false

        /// Whether the session is to be invalidated now: closed, no task being made, not yet done.
        mutating func invalidatesNow() -> Bool {
            guard !open, starting == 0, !invalidated else { return false }
            invalidated = true
            return true
        }
    }

    /// Sends `request` with the exchange's body as a new task of `session`: the exchange's first hop,
    /// or the next hop of a redirect that keeps the body.
    ///
    /// The task is made, resumed and cancelled on a Dispatch thread: FoundationNetworking does all
    /// three with `sync` on its work queue, which may be busy and which runs the delegate callbacks
    /// (on Linux callbacks run inline on its thread), so neither Swift's cooperative threads nor a
    /// callback wait for it. Once the transport has shut down, the exchange ends cancelled instead.
    ///
    /// - Parameters:
    ///   - exchange: The exchange the task belongs to.
    ///   - request:  What to send: the exchange's request, or a redirect's next hop.
    ///   - session:  The transport's session.
    func start(_ exchange: HTTPExchange, sending request: URLRequest, in session: URLSession) {
        DispatchQueue.global().async { [self] in
            let open = gate.withLock { gate in
                if gate.open { gate.starting += 1 }
                return gate.open
            }
            guard open else { return exchange.complete(URLError(.cancelled)) }
            let task = Self.makeTask(session, request, exchange.body)
            register(exchange, for: task)
            task.resume()
            exchange.onCancel { DispatchQueue.global().async { task.cancel() } }
            let invalidates = gate.withLock { gate in
                gate.starting -= 1
                return gate.invalidatesNow()
            }
            if invalidates { session.finishTasksAndInvalidate() }
        }
    }

    /// Refuses new tasks, lets running ones finish, then releases the session and this delegate.
    ///
    /// - Parameter session: The transport's session.
    func invalidate(_ session: URLSession) {
        let invalidates = gate.withLock { gate in
            gate.open = false
            return gate.invalidatesNow()
        }
        if invalidates { session.finishTasksAndInvalidate() }
    }

    /// The task sending `request` with `body`.
    private static func makeTask(_ session: URLSession, _ request: URLRequest, _ body: HTTPExchange.Body)
        -> URLSessionTask
    {
        var request = request
        // Cookies are the exchange's, the same on every transport: URLSession neither adds a store's
        // nor stores a response's, whatever session configuration a client made.
        request.httpShouldHandleCookies = false
        switch body {
        case .none:
            return session.dataTask(with: request)
        case .data(let data):
            request.httpBody = nil
            return session.uploadTask(with: request, from: data)
        case .file(let url, let length):
            request.setValue(String(length), forHTTPHeaderField: "Content-Length")
            return session.uploadTask(with: request, fromFile: url)
        #if canImport(FoundationNetworking)
            case .stream:
                // FoundationNetworking gives libcurl no length for a stream (CURLOPT_INFILESIZE_LARGE
                // -1), so libcurl sends it chunked whatever the request says: a Content-Length as
                // well would be a second framing, which servers refuse.
                request.setValue(nil, forHTTPHeaderField: "Content-Length")
                return session.uploadTask(withStreamedRequest: request)
        #else
            case .stream(_, let length):
                // Apple's URLSession takes a streamed body's length from the request's Content-Length
                // (see `URLSessionTask.countOfBytesExpectedToSend`).
                request.setValue(length.map(String.init), forHTTPHeaderField: "Content-Length")
                return session.uploadTask(withStreamedRequest: request)
        #endif
        }
    }
}
