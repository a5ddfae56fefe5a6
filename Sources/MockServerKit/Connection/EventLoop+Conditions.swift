import Foundation
import InternalServiceUtilities

extension EventLoop {
    /// Sends a handler's (or the router's) response through the conditions that apply to it: the
    /// server's, the stub's, then the response's own.
    func answer(_ connection: Connection, with response: MockResponse) {
        guard case .awaitingHandler = connection.phase else { return }
        let route = connection.routeConditions
        connection.routeConditions = []
        let server = core.conditions.value
        guard !server.isEmpty || !route.isEmpty || !response.conditions.isEmpty else {
            respond(connection, with: response)
            return
        }
        let plan = ConditionPlan.resolve(server + route + response.conditions, random: &random)
        respond(connection, with: response, plan: plan)
    }

    /// Carries out `plan` on `response`: waits, replaces, breaks or paces it.
    func respond(_ connection: Connection, with response: MockResponse, plan: ConditionPlan) {
        guard case .awaitingHandler(var reuse, let isHead) = connection.phase else { return }
        var response = response
        var plan = plan
        if let status = plan.failureStatus {
            response = .text("Injected failure: fail-first condition (status \(status))\n", status: status)
            plan.failureStatus = nil
        }
        if plan.delay > .zero {
            let delay = plan.delay
            plan.delay = .zero
            connection.timer = clock.now + delay
            connection.timerAction = .deliver(response, plan)
            return
        }
        if let wait = plan.slowClose {
            connection.closing.delay = wait
            reuse = .close
            response.headers["Connection"] = "close"
        }
        if sendFaultBeforeHead(connection, plan.fault) { return }
        if response.streamedBody != nil, plan.isShapingBody {
            respondStreaming(connection, with: response, plan: plan, reuse: reuse, isHead: isHead)
            return
        }
        if response.streamedBody != nil || plan.isShapingBody == false {
            respond(connection, with: response)
            return
        }
        sendShaped(connection, response: response, plan: plan, reuse: reuse, isHead: isHead)
    }

    /// Carries out a fault that leaves no room for a head; false when `fault` is not one.
    private func sendFaultBeforeHead(_ connection: Connection, _ fault: ConditionPlan.Fault?) -> Bool {
        switch fault {
        case .emptyResponse:
            end(connection, .close)
        case .connectionReset:
            connection.closing.reset = true
            end(connection, .close)
        case .randomData(let bytes):
            connection.output.append(contentsOf: bytes)
            end(connection, .close)
        case .stallBeforeHead:
            end(connection, .stall)
        default:
            return false
        }
        return true
    }

    /// Queues a response whose body a fault cuts, overstates, breaks or holds, or a pace lets out slowly.
    private func sendShaped(
        _ connection: Connection, response: MockResponse, plan: ConditionPlan, reuse: Connection.Reuse, isHead: Bool
    ) {
        let bodyAllowed = !isHead && ResponseWriter.allowsBody(ResponseWriter.statusSent(for: response))
        var body = bodyAllowed ? [UInt8](response.body) : []
        var framing = ResponseWriter.Framing.length(response.body.count)
        var ending: Connection.Ending = reuse == .close ? .close : .open
        switch plan.fault {
        case .closeAfter(let count):
            body = Array(body.prefix(count))
            ending = .close
        case .stallAfter(let count):
            body = Array(body.prefix(count))
            ending = .stall
        case .contentLengthLonger(let extra):
            framing = .length(response.body.count + extra)
            ending = .close
        case .malformedChunk:
            // A chunk-size line that is not hexadecimal, then the body, and never a last chunk.
            body = Array("not-a-chunk-size\r\n".utf8) + body + [ASCII.carriageReturn, ASCII.lineFeed]
            framing = .chunked
            ending = .close
        default:
            break
        }
        var head: [UInt8] = []
        ResponseWriter.write(
            response, omittingBody: isHead, reuse: reuse, date: dates.now(), into: &head, framing: framing)
        connection.lastActivity = clock.now
        switch plan.pace {
        case .none:
            connection.output.append(contentsOf: head)
            connection.output.append(contentsOf: body)
            end(connection, ending)
        case .dribble(let chunks, let interval):
            connection.output.append(contentsOf: head)
            let slice = max((body.count + chunks - 1) / chunks, 1)
            startPacing(connection, PacedOutput(held: body, slice: slice, interval: interval, ending: ending))
        case .bandwidth(let slice, let interval):
            startPacing(connection, PacedOutput(held: head + body, slice: slice, interval: interval, ending: ending))
        }
    }

    private typealias PacedOutput = Connection.PacedOutput

    private func startPacing(_ connection: Connection, _ paced: PacedOutput) {
        guard paced.held.count > paced.start else {
            end(connection, paced.ending)
            return
        }
        connection.paced = paced
        connection.phase = .paced
        connection.timer = clock.now + paced.interval
        connection.timerAction = .release
    }

    /// Leaves the response: the connection serves the next request, closes once its output is
    /// sent, or stalls.
    func end(_ connection: Connection, _ ending: Connection.Ending) {
        connection.lastActivity = clock.now
        switch ending {
        case .open:
            connection.phase = .idle
        case .close:
            connection.phase = .idle
            connection.closeAfterWrite = true
        case .stall:
            connection.phase = .stalled
        }
    }

    /// Does what a connection's timer was set for, then moves the connection on.
    func fireTimer(of connection: Connection) {
        let action = connection.timerAction
        let due = connection.timer ?? clock.now
        connection.timer = nil
        connection.timerAction = nil
        switch action {
        case .deliver(let response, let plan):
            respond(connection, with: response, plan: plan)
        case .release:
            guard var paced = connection.paced else { break }
            let end = min(paced.start + paced.slice, paced.held.count)
            connection.output.append(contentsOf: paced.held[paced.start..<end])
            paced.start = end
            if end == paced.held.count {
                connection.paced = nil
                self.end(connection, paced.ending)
            } else {
                connection.paced = paced
                // From when it was due, not from now, so a late wake-up does not slow the rate.
                connection.timer = due + paced.interval
                connection.timerAction = .release
            }
        case .releaseStream:
            releaseStreamSlice(of: connection, due: due)
        case .none:
            break
        }
        pump(connection)
    }

    /// Closes a connection whose response is sent, as its conditions say: now or after a slow
    /// close's wait, with a FIN (lingering) or a reset.
    func closeAfterResponse(_ connection: Connection) {
        connection.closeAfterWrite = false
        if connection.closing.delay > .zero {
            connection.phase = .closingLater(
                until: clock.now + connection.closing.delay, reset: connection.closing.reset)
            connection.closing.delay = .zero
        } else if connection.closing.reset {
            Socket.resetOnClose(connection.descriptor)
            close(connection)
        } else {
            startLingering(connection)
        }
    }
}

extension ConditionPlan {
    /// Whether the plan changes how the body goes out, so the response needs `sendShaped` (or,
    /// streamed, `respondStreaming`).
    var isShapingBody: Bool {
        switch fault {
        case .closeAfter, .stallAfter, .contentLengthLonger, .malformedChunk: return true
        default: return pace != nil
        }
    }
}
