import Foundation
import InternalServiceUtilities

/// What the event loop does to one response: the conditions that apply to it, resolved (random
/// delays drawn, fail-first counters taken).
struct ConditionPlan {
    /// A condition that replaces the response or decides how its connection ends.
    enum Fault {
        case emptyResponse
        case malformedChunk
        case randomData([UInt8])
        case connectionReset
        case closeAfter(bodyBytes: Int)
        case contentLengthLonger(by: Int)
        case stallBeforeHead
        case stallAfter(bodyBytes: Int)
    }

    /// How the bytes of a response are let out, a slice every `interval`.
    enum Pace {
        /// The head at once, then the body in `chunks` slices.
        case dribble(chunks: Int, interval: Duration)
        /// Head and body in slices of `slice` bytes.
        case bandwidth(slice: Int, interval: Duration)
    }

    /// The kinds of condition, in the order their random draws are taken; one of each applies.
    enum Slot: CaseIterable {
        case failFirst, latency, fault, pace, close

        init(_ kind: NetworkCondition.Kind) {
            switch kind {
            case .emptyResponse, .malformedChunk, .randomDataThenClose, .connectionReset, .closeAfter,
                .contentLengthLonger, .stallBeforeHead, .stallAfter:
                self = .fault
            case .delay, .uniformDelay, .logNormalDelay: self = .latency
            case .dribble, .bandwidth: self = .pace
            case .slowClose: self = .close
            case .failFirst: self = .failFirst
            }
        }
    }

    /// The wait before the head.
    var delay: Duration = .zero
    var fault: Fault?
    var pace: Pace?
    /// The wait between the last byte and the close; the response then closes.
    var slowClose: Duration?
    /// The status of an injected failure that replaces the response.
    var failureStatus: Int?

    /// Whether nothing applies, so the response goes out as it is.
    var isEmpty: Bool { delay == .zero && fault == nil && pace == nil && slowClose == nil && failureStatus == nil }

    /// Resolves `conditions` (the server's, then the stub's, then the response's): the last of
    /// each kind wins, then the fail-first count is taken and the random draws are made, in a fixed
    /// order so that a seed repeats.
    static func resolve(_ conditions: [NetworkCondition], random: inout SplitMix64) -> ConditionPlan {
        var winners: [Slot: NetworkCondition.Kind] = [:]
        for condition in conditions { winners[Slot(condition.kind)] = condition.kind }
        var plan = ConditionPlan()
        if case .failFirst(let count, let counter, let failure)? = winners.removeValue(forKey: .failFirst),
            counter.takeOne(failing: count)
        {
            switch failure {
            case .status(let status): plan.failureStatus = status
            case .condition(let replacement):
                if case .failFirst = replacement.kind {} else { winners[Slot(replacement.kind)] = replacement.kind }
            }
        }
        for slot in Slot.allCases {
            if let kind = winners[slot] { plan.apply(kind, random: &random) }
        }
        return plan
    }

    private mutating func apply(_ kind: NetworkCondition.Kind, random: inout SplitMix64) {
        switch kind {
        case .emptyResponse: fault = .emptyResponse
        case .malformedChunk: fault = .malformedChunk
        case .randomDataThenClose:
            let count = Int(random.next(below: 1024)) + 1
            fault = .randomData((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        case .connectionReset: fault = .connectionReset
        case .closeAfter(let bytes): fault = .closeAfter(bodyBytes: bytes)
        case .contentLengthLonger(let extra): fault = .contentLengthLonger(by: extra)
        case .stallBeforeHead: fault = .stallBeforeHead
        case .stallAfter(let bytes): fault = .stallAfter(bodyBytes: bytes)
        case .delay(let duration): delay = duration
        case .uniformDelay(let lower, let upper):
            delay = lower + (upper - lower) * random.nextUnit()
        case .logNormalDelay(let median, let sigma):
            let median = Double(median.components.seconds) + Double(median.components.attoseconds) * 1e-18
            let seconds = median * exp(sigma * random.nextStandardNormal())
            delay = seconds.isFinite && seconds < 3600 ? .seconds(seconds) : Self.longestRandomDelay
        case .dribble(let chunks, let duration): pace = .dribble(chunks: chunks, interval: duration / chunks)
        case .bandwidth(let rate):
            let slice = max(rate / 20, 1)
            pace = .bandwidth(slice: slice, interval: .seconds(Double(slice) / Double(rate)))
        case .slowClose(let wait): slowClose = wait
        case .failFirst: break
        }
    }

    /// The cap on a drawn delay.
    static let longestRandomDelay: Duration = .seconds(3600)
}
