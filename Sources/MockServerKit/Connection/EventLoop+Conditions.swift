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
        guard plan.isShapingBody else {
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
        case .releaseSlice:
            releaseSlice(of: connection, due: due)
        case .releaseWebSocketSlice:
            releaseWebSocketSlice(of: connection, due: due)
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
