#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Glibc
    import InternalServiceUtilities
    import MockServerKit
    import ServiceUtilsTestSupport
    import Testing

    @testable import NetworkKit

    /// The libcurl transport's event loop: the epoll set its thread waits on, and requests started by
    /// their callers (one at a time) or by the loop's thread (several at once) in any mix.
    @Suite("libcurl's event loop: socket watcher and requests started by callers or the loop")
    struct CurlEventLoopTests {
        @Test("a watched socket is reported readable; an unwatched one is not; wake() ends a wait")
        func socketWatcher() throws {
            // Given a watcher and a connected pair of sockets, one end watched for reading
            let watcher = try #require(CurlSocketWatcher())
            var pair: [Int32] = [-1, -1]
            #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
            defer { for socket in pair { close(socket) } }
            watcher.watch(pair[0], what: 1)
            var ready: [CurlSocketWatcher.Readiness] = []

            // When the other end writes, then the watched end is dropped and the other writes again
            var byte: UInt8 = 7
            _ = write(pair[1], &byte, 1)
            watcher.wait(milliseconds: 60_000, into: &ready)
            let first = ready.map { ($0.socket, $0.flags) }
            watcher.watch(pair[0], what: 4)
            _ = write(pair[1], &byte, 1)
            watcher.wait(milliseconds: 0, into: &ready)
            let afterRemoval = ready.count
            // and a wait is woken from another thread
            let started = ContinuousClock.now
            Thread.detachNewThread { watcher.wake() }
            watcher.wait(milliseconds: 60_000, into: &ready)
            let woken = started.duration(to: .now)

            // Then the first wait reported the socket as readable (CURL_CSELECT_IN), the second
            // nothing, and the third ended with no socket long before its minute (a bound on a hang)
            #expect(first.count == 1)
            #expect(first.first?.0 == pair[0])
            #expect(first.first.map { $0.1 & 1 } == 1)
            #expect(afterRemoval == 0)
            #expect(ready.isEmpty)
            #expect(woken < .seconds(50))
        }

        @Test("requests one at a time, eight at a time, then one at a time again all get their own answers")
        func callersAndLoop() async throws {
            // Given a server answering /item/N with N, and a libcurl client
            let server = try MockServer()
            defer { server.stop() }
            server.stub(method: .get, path: "/item/:n") { request in
                .text("item \(request.pathParameters["n"] ?? "?")")
            }
            let client = HTTPClient { $0.transport = .libcurl }
            #expect(client.transportName == "libcurl")
            @Sendable func fetch(_ number: Int) async throws -> String? {
                try await client.send(URLRequest(url: server.url("item/\(number)"))).text
            }

            // When 40 go one after another (each started by its caller while the loop waits), 64
            // go 8 at a time (most started by the loop's thread), and 40 more one after another
            var answers: [Int: String?] = [:]
            for number in 0..<40 { answers[number] = try await fetch(number) }
            try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        var last: (Int, String?) = (-1, nil)
                        for number in stride(from: 40 + worker, to: 104, by: 8) {
                            let text = try await fetch(number)
                            #expect(text == "item \(number)")
                            last = (number, text)
                        }
                        return last
                    }
                }
                for try await (number, text) in group { answers[number] = text }
            }
            for number in 104..<144 { answers[number] = try await fetch(number) }

            // Then every answer is its own request's, and the server saw each request once
            for number in Array(0..<40) + Array(104..<144) {
                #expect(answers[number] == "item \(number)")
            }
            let paths = server.requests.map(\.path)
            #expect(paths.count == 144)
            #expect(Set(paths) == Set((0..<144).map { "/item/\($0)" }))
        }

        @Test("a kept handle carries no method, body or header of its last request into the next one")
        func keptHandleForgetsLastRequest() async throws {
            // Given a server echoing each request's method, body and X-Trace field, and a client whose
            // requests, one at a time, all run on the one handle its loop keeps
            let server = try MockServer()
            defer { server.stop() }
            for method in [MockRequest.Method.get, .post, .put, .delete] {
                server.stub(method: method, path: "/echo") { request in
                    .text("\(request.method.rawValue) [\(request.bodyText ?? "")] \(request.headers["X-Trace"] ?? "-")")
                }
            }
            let client = HTTPClient { $0.transport = .libcurl }
            func send(_ method: String, body: String? = nil, trace: String? = nil) async throws -> HTTPResponse {
                var request = URLRequest(url: server.url("echo"))
                request.httpMethod = method
                request.httpBody = body.map { Data($0.utf8) }
                if let trace { request.setValue(trace, forHTTPHeaderField: "X-Trace") }
                return try await client.send(request)
            }

            // When plain GETs alternate with other methods, bodies and header fields
            var answers: [String] = []
            answers.append(try await send("GET").text)
            answers.append(try await send("GET", trace: "a").text)
            answers.append(try await send("POST", body: "one").text)
            answers.append(try await send("GET").text)
            let head = try await send("HEAD")
            answers.append(try await send("GET", trace: "b").text)
            answers.append(try await send("PUT", body: "two", trace: "b").text)
            answers.append(try await send("DELETE").text)
            answers.append(try await send("GET").text)

            // Then each request went out as asked, with nothing left from the one before
            #expect(
                answers == [
                    "GET [] -", "GET [] a", "POST [one] -", "GET [] -", "GET [] b", "PUT [two] b", "DELETE [] -",
                    "GET [] -",
                ])
            #expect(head.statusCode == 200)
            #expect(head.body.isEmpty)
            #expect(
                server.requests.map(\.method.rawValue) == [
                    "GET", "GET", "POST", "GET", "HEAD", "GET", "PUT", "DELETE", "GET",
                ])
        }

        @Test(
            "a kept-alive connection the server closes between requests leaves the epoll set, and the next request opens another"
        )
        func parkedSocketClosedByServer() async throws {
            // Given a server that answers as if keeping the connection alive, then closes it
            let server = try RawReplyServer(reply: Data("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8))
            defer { server.stop() }
            try await Self.withClient(callerWait: .milliseconds(1)) { loop, client in
                for round in 1...3 {
                    // When a request is answered, its socket is parked for the next request
                    let response = try await client.send(URLRequest(url: server.url("item")))
                    #expect(response.text == "ok")
                    // Then the server's close wakes the loop, which drops the parked socket instead
                    // of waking again and again for a socket libcurl does not watch (a bound on a hang)
                    let deadline = ContinuousClock.now + .seconds(20)
                    while loop.observed.parkedSockets > 0, .now < deadline {
                        try await Task.sleep(for: .milliseconds(1))
                    }
                    #expect(loop.observed.parkedSockets == 0, "round \(round)")
                }
            }
            // And each request had a connection of its own
            #expect(server.connections.value == 3)
        }

        @Test("a quick answer is read by its caller's thread; the loop's thread never wakes for it")
        func answeredByCaller() async throws {
            // Given a client whose callers wait for their answers for as long as it takes
            let server = try MockServer()
            defer { server.stop() }
            // (answered by the server's own thread: a handler run on Swift's pool could wait for
            // the very thread a caller holds)
            server.stub(method: .get, path: "/item", response: .text("item"))
            try await Self.withClient(callerWait: .seconds(60)) { loop, client in
                _ = try await client.send(URLRequest(url: server.url("item")))  // connects: the loop's work

                // When 20 requests go one after another, each once the loop's thread waits (a timer
                // libcurl sets as a transfer ends may wake that thread for a moment; on a loaded
                // machine the next request could otherwise come in that moment and go to the loop)
                for round in 1...20 {
                    try await Self.untilCallerMayStart(loop)
                    let before = loop.observed.answeredByCallers
                    let text = try await client.send(URLRequest(url: server.url("item"))).text
                    #expect(text == "item")

                    // Then its answer was read by its caller
                    #expect(loop.observed.answeredByCallers - before == 1, "request \(round)")
                }
                try await Self.untilCallerMayStart(loop)
                #expect(server.requests.count == 21)
            }
        }

        @Test(
            "an answer slower than the caller's wait is read by the loop's thread, and the next requests skip the wait")
        func slowAnswerHandedToLoop() async throws {
            // Given a server whose /slow answers after 300 ms, and a client whose callers wait 1 ms
            let server = try MockServer()
            defer { server.stop() }
            server.stub(method: .get, path: "/quick", response: .text("quick"))
            server.stub(method: .get, path: "/slow", conditions: [.delay(.milliseconds(300))], response: .text("slow"))
            try await Self.withClient(callerWait: .milliseconds(1)) { loop, client in
                _ = try await client.send(URLRequest(url: server.url("quick")))
                try await Self.untilCallerMayStart(loop)
                let before = loop.observed

                // When the slow answer is asked for, then a quick one
                let slow = try await client.send(URLRequest(url: server.url("slow"))).text
                let afterSlow = loop.observed
                try await Self.untilCallerMayStart(loop)
                let quick = try await client.send(URLRequest(url: server.url("quick"))).text

                // Then both arrived; the slow one was not read by its caller, whose wait ran out, and
                // the quick one after it did not wait
                #expect(slow == "slow")
                #expect(quick == "quick")
                #expect(before.callerWaitsSkipped == 0)
                #expect(afterSlow.answeredByCallers == before.answeredByCallers)
                #expect(afterSlow.callerWaitsSkipped == CurlEventLoop.callerWaitBackoff)
                #expect(loop.observed.callerWaitsSkipped == CurlEventLoop.callerWaitBackoff - 1)
            }
        }

        @Test("a request made while a caller waits for its answer ends that wait, and the loop's thread serves both")
        func otherRequestEndsCallerWait() async throws {
            // Given a server that holds /slow's answer until told, and callers that would wait a minute
            let server = try MockServer()
            defer { server.stop() }
            // (/quick is answered by the server's own thread, and /slow's handler suspends rather
            // than blocks: with Swift's pool's threads held, Dispatch adds one only after a second)
            let arrived = Latch()
            let release = Latch()
            server.stub(method: .get, path: "/quick", response: .text("quick"))
            server.stub(method: .get, path: "/slow") { _ in
                arrived.open()
                await release.wait()
                return .text("slow")
            }
            try await Self.withClient(callerWait: .seconds(60)) { loop, client in
                _ = try await client.send(URLRequest(url: server.url("quick")))
                try await Self.untilCallerMayStart(loop)

                // When /slow is asked for by a caller that then waits, and /quick meanwhile
                let slow = Task { try await client.send(URLRequest(url: server.url("slow"))).text }
                await arrived.wait()
                let started = ContinuousClock.now
                let quick = try await client.send(URLRequest(url: server.url("quick"))).text
                let quickTook = started.duration(to: .now)
                release.open()

                // Then /quick was answered while /slow's caller would still have waited (far within
                // its minute: a bound on a hang), and /slow's answer came too
                #expect(quick == "quick")
                #expect(quickTook < .seconds(30))
                #expect(try await slow.value == "slow")
            }
        }

        /// A libcurl client on a transport of its own whose callers wait `callerWait` for an answer;
        /// its loop's thread does not end when idle (which would make the next request the loop's
        /// on a busy machine), and the transport is shut down when `body` returns.
        private static func withClient(
            callerWait: Duration, _ body: (CurlEventLoop, HTTPClient) async throws -> Void
        ) async throws {
            let library = try #require(Libcurl.shared)
            let transport = CurlTransport(
                library: library,
                settings: CurlTransport.Settings(
                    maximumConnectionsPerHost: 8, trustAnchors: nil, httpVersion: .automatic, callerWait: callerWait,
                    idleExit: .seconds(3600)))
            defer { transport.shutdown() }
            let loop = try #require(transport.eventLoop)
            try await body(loop, HTTPClient { $0.transport = transport })
        }

        /// Waits (at most 20 s) until the loop's thread waits with no transfer, so the next request
        /// is started by its caller: after a request the loop's thread answered, it gets there a
        /// moment after the caller resumed.
        private static func untilCallerMayStart(_ loop: CurlEventLoop) async throws {
            let deadline = ContinuousClock.now + .seconds(20)
            while !loop.observed.callerMayStart, .now < deadline { try await Task.sleep(for: .milliseconds(1)) }
            #expect(loop.observed.callerMayStart)
        }
    }
#endif
