import Foundation
import NetworkKit

extension EventLoop {
    /// Answers a request routed to a WebSocket route: the refusal it deserves (400, 405, 426), or
    /// `101 Switching Protocols`, after which the connection carries frames and the route's
    /// handler runs.
    func upgrade(_ connection: Connection, request: MockRequest, route: WebSocketRoute) {
        var acceptance: WebSocketUpgrade.Acceptance
        switch WebSocketUpgrade.decide(request, route: route) {
        case .refuse(let response):
            answer(connection, with: response)
            return
        case .accept(let accepted):
            acceptance = accepted
        }
        let limit = core.configuration.maxBodyBytes
        let state: WebSocketConnection
        if let agreed = try? WebSocketConnection(
            maximumMessageSize: limit, compression: acceptance.compression, role: .server)
        {
            state = agreed
        } else if case .accept(let plain) = WebSocketUpgrade.decide(request, route: route, allowsCompression: false),
            let uncompressed = try? WebSocketConnection(maximumMessageSize: limit, compression: nil, role: .server)
        {
            // zlib cannot be loaded: the same answer without compression.
            acceptance = plain
            state = uncompressed
        } else {
            answer(connection, with: .text("The WebSocket connection could not be set up\n", status: 500))
            return
        }
        connection.output.append(contentsOf: acceptance.head)
        connection.lastActivity = clock.now
        connection.phase = .webSocket
        let socket = MockWebSocket(
            core: core, connection: connection.id, request: request,
            negotiatedProtocol: acceptance.negotiatedProtocol, isCompressed: acceptance.compression != nil)
        let session = WebSocketSession(
            state: state, socket: socket, transcript: request.webSocketTranscript, conditions: route.conditions)
        connection.webSocket = session
        applyConditions(on: connection, session)
        Self.startHandler(route.handler, socket: socket)
    }

    /// Feeds what the client sent to the protocol state while the handler has room for messages;
    /// false when it must wait (for bytes, room or the socket).
    func advanceWebSocket(_ connection: Connection) -> Bool {
        guard let session = connection.webSocket else { return false }
        if session.isEnding {
            connection.consumeInput(connection.availableInput)
            return false
        }
        if connection.availableInput > 0 && session.socket.hasRoom {
            let outputs = session.state.receive(connection.unreadInput)
            connection.consumeInput(connection.availableInput)
            carryOut(outputs, on: connection, session)
            return connections[connection.id] != nil
        }
        if connection.peerClosed && connection.availableInput == 0 {
            // The client went without a close handshake.
            close(connection)
        }
        return false
    }

    /// Carries out one event of a WebSocket handler, then sends what it can.
    func handle(_ event: WebSocketEvent) {
        guard let connection = connections[event.connection], let session = connection.webSocket,
            case .webSocket = connection.phase, !session.isEnding
        else {
            let closedCleanly = connections[event.connection]?.webSocket?.closedCleanly ?? false
            event.resume?.resume(
                returning: .failure(closedCleanly ? .webSocketFailed(WebSocketError(.notOpen)) : .clientDisconnected))
            return
        }
        switch event.kind {
        case .send(let message):
            do {
                queue(try session.state.send(message), on: connection, session)
            } catch {
                event.resume?.resume(returning: .failure(.webSocketFailed(error)))
                return
            }
            if let resume = event.resume { session.senders.append(resume) }
            record(message, from: .fromServer, in: session)
            applyConditions(on: connection, session)
        case .close(let payload):
            if let bytes = session.state.close(payload) {
                queue(bytes, on: connection, session)
                session.closeDeadline = clock.now + core.configuration.requestTimeout
            }
            event.resume?.resume(returning: .success(()))
        case .resumeReading:
            break
        }
        pump(connection)
        if connections[connection.id] != nil { releaseWebSocketSenders(of: connection) }
    }

    /// Resumes the handler's sends once the queued output is below the high-water mark.
    func releaseWebSocketSenders(of connection: Connection) {
        guard let session = connection.webSocket, !session.senders.isEmpty,
            connection.output.count - connection.outputStart + session.heldCount <= MockBodyWriter.highWater
        else { return }
        let senders = session.senders
        session.senders.removeAll()
        for sender in senders { sender.resume(returning: .success(())) }
    }

    /// Tells the handler of a closed connection that it is gone.
    func dropWebSocket(of connection: Connection) {
        guard let session = connection.webSocket else { return }
        connection.webSocket = nil
        session.isEnding = true
        session.socket.finish(.failed(.clientDisconnected))
        for sender in session.senders { sender.resume(returning: .failure(.clientDisconnected)) }
        session.senders.removeAll()
    }

    /// Lets the next slice of what a pace holds back out, and sets the timer for the one after.
    func releaseWebSocketSlice(of connection: Connection, due: ContinuousClock.Instant) {
        guard let session = connection.webSocket, let pace = session.conditions.pace else { return }
        let count = min(pace.slice, session.heldCount)
        connection.output.append(contentsOf: session.held[session.heldStart..<(session.heldStart + count)])
        session.heldStart += count
        connection.lastActivity = clock.now
        if session.heldCount > 0 {
            connection.timer = due + pace.interval
            connection.timerAction = .releaseWebSocketSlice
        } else {
            session.held = []
            session.heldStart = 0
            if session.closesWhenSent { connection.closeAfterWrite = true }
        }
    }
}

// MARK: - Protocol outputs, conditions and recording

extension EventLoop {
    private func carryOut(
        _ outputs: [WebSocketConnection.Output], on connection: Connection, _ session: WebSocketSession
    ) {
        for output in outputs {
            switch output {
            case .write(let bytes):
                queue(bytes, on: connection, session)
            case .message(let message):
                record(message, from: .fromClient, in: session)
                session.socket.deliver(message)
                applyConditions(on: connection, session)
                if session.isEnding { return }
            case .pong:
                break
            case .closed(let payload):
                session.closedCleanly = true
                endConversation(session, on: connection, .closed, closePayload: payload)
            case .failed(let error):
                endConversation(session, on: connection, .failed(.webSocketFailed(error)))
            }
        }
    }

    /// Queues bytes for the client, through the route's pace when it has one.
    private func queue(_ bytes: [UInt8], on connection: Connection, _ session: WebSocketSession) {
        guard session.conditions.pace != nil else {
            connection.output.append(contentsOf: bytes)
            return
        }
        let idle = session.heldCount == 0
        session.held.append(contentsOf: bytes)
        if idle { releaseWebSocketSlice(of: connection, due: clock.now) }
    }

    private func record(
        _ message: WebSocketMessage, from direction: MockWebSocketMessage.Direction, in session: WebSocketSession
    ) {
        session.messageCount += 1
        session.transcript?.append(MockWebSocketMessage(direction: direction, message: message, date: Date()))
    }

    /// Sends the route's invalid frame, or drops the connection, once the conversation holds their
    /// count of messages.
    private func applyConditions(on connection: Connection, _ session: WebSocketSession) {
        let count = session.messageCount
        if let invalid = session.conditions.invalidFrame, !session.invalidFrameSent, count >= invalid.afterMessages {
            session.invalidFrameSent = true
            queue(invalid.frame.bytes, on: connection, session)
        }
        if let dropAfter = session.conditions.dropAfter, count >= dropAfter, !session.isEnding {
            endConversation(session, on: connection, .failed(.clientDisconnected))
        }
    }

    /// Ends the conversation: the handler hears how, and the connection closes once what is queued
    /// (and held back by a pace) is sent.
    private func endConversation(
        _ session: WebSocketSession, on connection: Connection, _ ending: MockWebSocket.Ending,
        closePayload: WebSocketClosePayload? = nil
    ) {
        session.isEnding = true
        session.closeDeadline = nil
        session.socket.finish(ending, closePayload: closePayload)
        session.closesWhenSent = true
        if session.heldCount == 0 { connection.closeAfterWrite = true }
    }

    /// Runs a route's handler as a task, on a Dispatch queue of its own where task executors exist
    /// (as a streamed body's writer), then closes the connection if the handler left it open.
    private static func startHandler(_ handler: @escaping MockServer.WebSocketHandler, socket: MockWebSocket) {
        let run: @Sendable () async -> Void = {
            do {
                try await handler(socket)
                await socket.close()
            } catch {
                await socket.close(code: .internalServerError, reason: "The handler threw: \(error)")
            }
        }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            let executor = WriterExecutor()
            Task(executorPreference: executor) {
                await run()
                withExtendedLifetime(executor) {}
            }
        } else {
            Task { await run() }
        }
    }
}
