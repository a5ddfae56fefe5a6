extension Connection {
    /// What happens when a connection's ``Connection/timer`` is due.
    enum TimerAction {
        /// A delayed response's wait is over: send it, carrying out the rest of its plan.
        case deliver(MockResponse, ConditionPlan)
        /// Let the next slice of a paced response out.
        case releaseSlice
        /// Let the next slice of a paced WebSocket connection's frames out.
        case releaseWebSocketSlice
    }

    /// How a response's connection carries on once all of it is queued.
    enum Ending {
        /// Serve the next request.
        case open
        /// Close once the output is sent.
        case close
        /// Hold the connection without a word (``Phase/stalled``).
        case stall
    }

    /// How a closing connection ends: after a wait (slow close), and with a reset instead of a FIN.
    struct Closing {
        var delay: Duration = .zero
        var reset = false
    }
}
