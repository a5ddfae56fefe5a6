public import Foundation
import InternalServiceUtilities

/// An HTTP/1.1 server for tests and demos that runs inside the test process, on 127.0.0.1 and a
/// port the OS picks.
///
/// It starts listening when created and serves until ``stop()``. Stubs decide what it answers;
/// ``requests`` records what it received (the 1,000 most recent by default), so a test can check
/// what the app sent.
///
/// ```swift
/// let server = try MockServer()
/// defer { server.stop() }
/// server.stub(method: .get, path: "/category/:id") { request in
///     try .json(["id": request.pathParameters["id"] ?? ""])
/// }
/// let url = server.baseURL.appendingPathComponent("category/7")
/// ```
///
/// One thread polls every connection. A handler that never awaits is a ``SynchronousHandler`` and
/// runs on its connection's own Dispatch queue, outside Swift's cooperative pool and Dispatch's
/// global queues, so a test that blocks or keeps busy those shared threads (a semaphore around a
/// callback API, CPU-bound work) cannot starve the server; a handler that awaits runs as a task.
/// Many run at once either way. A streamed body's writer runs as a task on a Dispatch queue of its
/// own too (where task executors exist: Linux, macOS 15, iOS 18), so busy shared threads hold up
/// neither the body nor the cut a condition makes in it. Requests on one
/// connection are answered in order (pipelining works), bodies may be chunked, `Expect:
/// 100-continue` is honoured, oversized header sections get 431 and bodies 413, malformed
/// requests get 400 and the connection closes, and idle or slow clients are timed out.
public final class MockServer: Sendable {
    /// What answers a request: gets the parsed request, returns the response. A thrown error
    /// becomes a 500 answer whose body describes it.
    public typealias Handler = @Sendable (MockRequest) async throws -> MockResponse

    /// A handler that does not await. Swift picks this form for a closure with no `await` in it,
    /// and the server then runs it on its connection's own Dispatch queue instead of Swift's
    /// cooperative pool or Dispatch's global queues, whose few threads other work may keep busy.
    public typealias SynchronousHandler = @Sendable (MockRequest) throws -> MockResponse

    /// The configuration the server started with.
    public let configuration: Configuration
    /// Where the server listens, such as `http://127.0.0.1:41234/`, with a trailing slash.
    public let baseURL: URL
    /// The port the server listens on.
    public let port: UInt16

    let core: ServerCore
    private let running = Locked(true)

    /// Starts a server: binds, listens and begins serving on its own thread.
    ///
    /// - Parameter configuration: the address, limits and timeouts; the default binds 127.0.0.1 on
    ///   a free port.
    /// - Throws: ``MockServerError/startFailed(_:)`` when the address is not numeric or the port
    ///   cannot be bound.
    public init(configuration: Configuration = Configuration()) throws(MockServerError) {
        let wakePipe = try WakePipe()
        let listener: Int32
        let port: UInt16
        do {
            (listener, port) = try Socket.listen(host: configuration.host, port: configuration.port, backlog: 1024)
        } catch {
            wakePipe.close()
            throw error
        }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        guard let url = URL(string: "http://\(host):\(port)/") else {
            Socket.close(listener)
            wakePipe.close()
            throw .startFailed(.invalidHost(configuration.host))
        }
        let poller: Poller.Handle
        do {
            poller = try Poller.open()
        } catch {
            Socket.close(listener)
            wakePipe.close()
            throw error
        }
        self.configuration = configuration
        self.port = port
        self.baseURL = url
        let core = ServerCore(configuration: configuration, wakePipe: wakePipe, poller: poller)
        self.core = core
        let thread = Thread { EventLoop(core: core, listener: listener).run() }
        thread.name = "MockServer \(port)"
        thread.start()
    }

    deinit {
        stop()
    }

    /// Stops serving: closes the listener and every connection and waits until the port is free.
    ///
    /// Responses of handlers still running are dropped. Calling it again does nothing.
    public func stop() {
        let wasRunning = running.withLock { running in
            defer { running = false }
            return running
        }
        guard wasRunning else { return }
        core.requestStop()
        core.finished.wait()
    }

    /// The URL of `path` on this server, such as `url("category/7")`.
    ///
    /// - Parameter path: a path relative to ``baseURL`` (a leading slash is ignored), may carry a query.
    /// - Returns: the absolute URL, or ``baseURL`` when `path` does not form a valid URL.
    public func url(_ path: String) -> URL {
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return URL(string: relative, relativeTo: baseURL)?.absoluteURL ?? baseURL
    }
}
