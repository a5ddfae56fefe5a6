extension Connection {
    /// How conditions shape the bytes of one response, buffered or streamed, decided once from its
    /// plan: the framing its head announces, the body cut or held after a number of bytes, its
    /// framing broken or overstated, its bytes let out at a pace.
    struct Shaping {
        /// What the head announces: the body's length (a longer one when it is overstated) or chunked coding.
        let framing: ResponseWriter.Framing
        /// Bytes of the body (as sent, chunk framing included) still let out before ``atLimit``
        /// happens; nil when no fault cuts or stalls the body.
        var allowance: Int?
        /// What happens once the allowance is spent: a close or a stall.
        var atLimit: Ending = .close
        /// The body ends short: no last chunk, bytes still owed to a longer `Content-Length`; the
        /// connection closes at the end.
        var endsShort = false
        /// The body goes out without chunk framing, after ``badChunkSizeLine``.
        var unframed = false
        /// The pace bytes are let out at; nil sends them as they come.
        let pace: Pace?
        /// Bytes waiting for the pace, the head's first when the pace holds it too.
        var held = HeldBytes()
        /// Bytes of the head at the front of ``held``, which no allowance counts.
        var heldHead = 0
        /// When the next slice may go.
        var nextRelease: ContinuousClock.Instant?
        /// The body's last byte is held or sent: the body ends once nothing is held.
        var ended = false

        /// The line a malformed chunk starts with: not a hexadecimal size.
        static let badChunkSizeLine = Array("not-a-chunk-size\r\n".utf8)

        /// Decides how `plan` shapes a response.
        ///
        /// - Parameters:
        ///   - plan:      The resolved conditions.
        ///   - length:    The body's length (nil: chunked, its length unknown).
        ///   - sendsBody: Whether a body follows the head (not for `HEAD`, 204 or 304).
        init(plan: ConditionPlan, length: Int?, sendsBody: Bool) {
            var framing = length.map(ResponseWriter.Framing.length) ?? .chunked
            switch plan.fault {
            case .closeAfter(let count):
                allowance = count
            case .stallAfter(let count):
                allowance = count
                atLimit = .stall
            case .contentLengthLonger(let extra):
                endsShort = true
                if let length { framing = .length(length + extra) }
            case .malformedChunk:
                framing = .chunked
                unframed = sendsBody
                endsShort = true
            default:
                break
            }
            self.framing = framing
            switch plan.pace {
            case .dribble(let chunks, let interval):
                // A body of known length goes in `chunks` slices of what it sends; a chunked one a
                // written piece at a time.
                var slice: Int?
                if let length {
                    let sent = min(length, allowance ?? length) + (unframed ? Self.badChunkSizeLine.count : 0)
                    slice = max((sent + chunks - 1) / chunks, 1)
                }
                pace = Pace(slice: slice, interval: interval, holdsHead: false)
            case .bandwidth(let slice, let interval):
                pace = Pace(slice: slice, interval: interval, holdsHead: true)
            case nil:
                pace = nil
            }
        }
    }

    /// A pace: `slice` bytes (or, when nil, one written piece) every `interval`, the head among
    /// them or sent at once.
    struct Pace {
        let slice: Int?
        let interval: Duration
        let holdsHead: Bool
    }
}

extension ConditionPlan {
    /// Whether the plan changes how the body goes out, so the response is shaped (see
    /// `EventLoop+Shaping.swift`).
    var isShapingBody: Bool {
        switch fault {
        case .closeAfter, .stallAfter, .contentLengthLonger, .malformedChunk: return true
        default: return pace != nil
        }
    }
}
