import Foundation
import InternalServiceUtilities

/// How long a closing connection keeps draining what the client still sends.
private let lingerTime: Duration = .seconds(2)

extension EventLoop {
    /// Moves a connection forward as far as it can: send, then parse and dispatch what has arrived.
    func pump(_ connection: Connection) {
        while connections[connection.id] != nil {
            guard flush(connection), !connection.hasPendingOutput else { return }
            if connection.closeAfterWrite {
                closeAfterResponse(connection)
                return
            }
            guard advance(connection) else { return }
        }
    }

    /// One parsing step; false when it must wait (for bytes, a handler or the socket).
    private func advance(_ connection: Connection) -> Bool {
        switch connection.phase {
        case .awaitingHandler, .streaming:
            return false
        case .lingering, .stalled, .closingLater:
            if connection.peerClosed { close(connection) }
            return false
        case .idle, .head:
            return readHead(connection)
        case .webSocket:
            return advanceWebSocket(connection)
        case .body(let head, let reader):
            return readBody(connection, head: head, reader: reader)
        }
    }

    private func readHead(_ connection: Connection) -> Bool {
        let limits = core.configuration
        if case .idle = connection.phase {
            connection.skipLeadingLineBreaks()
            guard connection.availableInput > 0 else {
                if connection.peerClosed { close(connection) }
                return false
            }
            connection.phase = .head
            connection.requestStartedAt = clock.now
        }
        guard let end = connection.findHeadEnd() else {
            if connection.availableInput > limits.maxHeaderBytes {
                fail(connection, RequestFailure(status: 431, reason: "header section too large"))
                return true
            } else if connection.peerClosed {
                fail(connection, RequestFailure(status: 400, reason: "incomplete request"))
                return true
            }
            return false
        }
        guard end - connection.inputStart <= limits.maxHeaderBytes else {
            fail(connection, RequestFailure(status: 431, reason: "header section too large"))
            return true
        }
        let bytes = connection.input[connection.inputStart..<(end - 4)]
        switch RequestHead.parse(bytes, maxBodyBytes: limits.maxBodyBytes) {
        case .failure(let failure):
            fail(connection, failure)
            return true
        case .success(let head):
            connection.consumeInput(end - connection.inputStart)
            startBody(connection, head: head)
            return true
        }
    }

    private func startBody(_ connection: Connection, head: RequestHead) {
        switch head.framing {
        case .none:
            // No body to wait for: the request is complete (and no `100 Continue` is due).
            dispatch(connection, head: head, body: Data())
            return
        case .length(let length):
            connection.phase = .body(head, .length(length))
        case .chunked:
            let decoder = ChunkedBodyDecoder(
                maxBodyBytes: core.configuration.maxBodyBytes, maxTrailerBytes: core.configuration.maxHeaderBytes)
            connection.phase = .body(head, .chunked(decoder))
        }
        if head.expectsContinue && connection.availableInput == 0 {
            connection.output.append(contentsOf: "HTTP/1.1 100 Continue\r\n\r\n".utf8)
        }
    }

    private func readBody(_ connection: Connection, head: RequestHead, reader: Connection.BodyReader) -> Bool {
        switch reader {
        case .length(let length):
            guard connection.availableInput >= length else {
                guard connection.peerClosed else { return false }
                fail(connection, RequestFailure(status: 400, reason: "incomplete body"))
                return true
            }
            let body = Data(connection.input[connection.inputStart..<(connection.inputStart + length)])
            connection.consumeInput(length)
            dispatch(connection, head: head, body: body)
            return true
        case .chunked(var decoder):
            let (consumed, progress) = decoder.consume(connection.unreadInput)
            connection.consumeInput(consumed)
            switch progress {
            case .needMore:
                connection.phase = .body(head, .chunked(decoder))
                guard connection.peerClosed else { return false }
                fail(connection, RequestFailure(status: 400, reason: "incomplete body"))
                return true
            case .failed(let failure):
                fail(connection, failure)
                return true
            case .done:
                dispatch(connection, head: head, body: Data(decoder.body))
                return true
            }
        }
    }

    /// Routes a complete request, records it and starts its handler.
    private func dispatch(_ connection: Connection, head: RequestHead, body: Data) {
        var request = MockRequest(
            method: head.method, target: head.target, headers: head.headers, body: body, version: head.version,
            connectionID: connection.id)
        let reuse: Connection.Reuse =
            !head.keepAlive || connection.peerClosed ? .close : head.version == "HTTP/1.0" ? .keepAnnounced : .keep
        connection.phase = .awaitingHandler(reuse: reuse, isHead: head.method == .head)
        switch core.router.decide(for: request) {
        case .handler(let handler, let parameters, let conditions):
            request.pathParameters = parameters
            if case .webSocket = handler { request.webSocketTranscript = core.makeTranscript() }
            connection.routeConditions = conditions
            core.record(request)
            let core = self.core
            let id = connection.id
            let request = request
            switch handler {
            case .fixed(let fixed):
                answer(connection, with: fixed)
            case .inline(let handler):
                answer(connection, with: Self.response(of: handler, to: request))
            case .synchronous(let handler):
                connection.handlerQueue.async {
                    core.complete(connection: id, response: Self.response(of: handler, to: request))
                }
            case .webSocket(let route):
                upgrade(connection, request: request, route: route)
            case .async(let handler):
                Task {
                    let response: MockResponse
                    do {
                        response = try await handler(request)
                    } catch {
                        response = .text("The handler threw: \(error)\n", status: 500)
                    }
                    core.complete(connection: id, response: response)
                }
            }
        case .methodNotAllowed(let allowed):
            core.record(request)
            var response = MockResponse.text("No stub for \(head.method) \(request.path)\n", status: 405)
            response.headers["Allow"] = allowed.map(\.rawValue).joined(separator: ", ")
            answer(connection, with: response)
        case .unmatched(let failed):
            core.record(request)
            let unmet = failed.map(\.description).joined(separator: "; ")
            answer(
                connection,
                with: .text(
                    "No stub for \(head.method) \(request.path) matched; the request lacks: \(unmet)\n", status: 404))
        case .notFound:
            core.record(request)
            answer(connection, with: .text("No stub for \(head.method) \(request.path)\n", status: 404))
        }
    }

    /// What a synchronous handler answers, or a 500 naming the error it threw.
    private static func response(of handler: MockServer.SynchronousHandler, to request: MockRequest) -> MockResponse {
        do {
            return try handler(request)
        } catch {
            return .text("The handler threw: \(error)\n", status: 500)
        }
    }

    /// Queues a fixed stub's response, from its kept bytes when nothing asks for another shape: no
    /// condition applies and the request is not `HEAD`.
    private func answer(_ connection: Connection, with fixed: PreEncodedResponse) {
        guard fixed.isEncoded, connection.routeConditions.isEmpty,
            case .awaitingHandler(let requested, isHead: false) = connection.phase, core.conditions.value.isEmpty
        else {
            answer(connection, with: fixed.response)
            return
        }
        let reuse = fixed.reuse(after: requested)
        fixed.write(reuse: reuse, date: dates.now(), into: &connection.output)
        connection.lastActivity = clock.now
        connection.closeAfterWrite = reuse == .close
        connection.phase = .idle
    }

    /// Queues a response on its connection; the caller then pumps the connection.
    func respond(_ connection: Connection, with response: MockResponse) {
        guard case .awaitingHandler(var reuse, let isHead) = connection.phase else { return }
        if ResponseWriter.closesConnection(response) { reuse = .close }
        ResponseWriter.write(response, omittingBody: isHead, reuse: reuse, date: dates.now(), into: &connection.output)
        connection.lastActivity = clock.now
        if let streamed = response.streamedBody, !isHead,
            ResponseWriter.allowsBody(ResponseWriter.statusSent(for: response))
        {
            startStream(streamed, on: connection, reuse: reuse)
            return
        }
        connection.closeAfterWrite = reuse == .close
        connection.phase = .idle
    }

    /// Queues the answer to a request that cannot be served (`failure.status`), closing afterwards.
    func fail(_ connection: Connection, _ failure: RequestFailure) {
        var response = MockResponse.text(failure.reason + "\n", status: failure.status)
        response.headers["Connection"] = "close"
        connection.phase = .awaitingHandler(reuse: .close, isHead: false)
        connection.input.removeAll()
        connection.inputStart = 0
        connection.headScanOffset = 0
        respond(connection, with: response)
    }

    func startLingering(_ connection: Connection) {
        if connection.peerClosed {
            close(connection)
            return
        }
        Socket.shutdownWrite(connection.descriptor)
        connection.closeAfterWrite = false
        connection.phase = .lingering(until: clock.now + lingerTime)
    }
}
