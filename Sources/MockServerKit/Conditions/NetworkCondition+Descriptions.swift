extension NetworkCondition: CustomStringConvertible {
    /// The condition as it is written in Swift, with the values it keeps after clamping, such as
    /// `closeAfter(bodyBytes: 0)` for `.closeAfter(bodyBytes: -5)`.
    public var description: String {
        switch kind {
        case .emptyResponse: return "emptyResponse"
        case .malformedChunk: return "malformedChunk"
        case .randomDataThenClose: return "randomDataThenClose"
        case .connectionReset: return "connectionReset"
        case .closeAfter(let bytes): return "closeAfter(bodyBytes: \(bytes))"
        case .contentLengthLonger(let extra): return "contentLengthLonger(by: \(extra))"
        case .stallBeforeHead: return "stallBeforeHead"
        case .stallAfter(let bytes): return "stallAfter(bodyBytes: \(bytes))"
        case .delay(let duration): return "delay(\(duration))"
        case .uniformDelay(let lower, let upper): return "uniformDelay(lower: \(lower), upper: \(upper))"
        case .logNormalDelay(let median, let sigma): return "logNormalDelay(median: \(median), sigma: \(sigma))"
        case .dribble(let chunks, let duration): return "dribble(chunks: \(chunks), over: \(duration))"
        case .bandwidth(let rate): return "bandwidth(bytesPerSecond: \(rate))"
        case .slowClose(let delay): return "slowClose(delay: \(delay))"
        case .failFirst(let count, _, .status(let status)): return "failFirst(\(count), status: \(status))"
        case .failFirst(let count, _, .condition(let failure)): return "failFirst(\(count), with: \(failure))"
        }
    }
}
