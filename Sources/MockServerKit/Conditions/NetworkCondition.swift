import InternalServiceUtilities

/// A way the network or the server misbehaves while answering: a fault, a delay, a slow or cut
/// body, or failures before success.
///
/// Attach conditions to one stub (`server.stub(method:path:conditions:response:)`), to one response
/// (``MockResponse/with(_:)``) or to every answer of a server (``MockServer/conditions``,
/// ``MockServer/Configuration/conditions``). Random ones (``uniformDelay(lower:upper:)``,
/// ``logNormalDelay(median:sigma:)``, ``randomDataThenClose``) draw from the server's generator,
/// seeded with ``MockServer/Configuration/seed``, so a run repeats exactly.
///
/// ```swift
/// server.conditions = [.delay(.milliseconds(20))]           // every answer, after 20 ms
/// server.stub(method: .get, path: "/flaky", conditions: [.failFirst(2, status: 503)],
///             response: .text("ok"))                          // 503, 503, then ok
/// server.stub(method: .get, path: "/cut", response: .text(report).with(.closeAfter(bodyBytes: 100)))
/// ```
///
/// Conditions fall into five kinds: latency, fault, pace, close and fail-first. At most one of
/// each kind applies to a response: the server's, unless the stub names one of the same kind, unless
/// the response does (within one list, the last wins). Faults and pace shape a body in hand
/// (`MockResponse.body`) and a ``MockResponse/streaming(status:headers:length:body:)`` body alike:
/// on a streamed body they act on the bytes as its writer writes them (a cut or a stall counts them
/// as sent, chunk framing included; ``contentLengthLonger(by:)`` leaves out a chunked body's last
/// chunk; a dribble lets out a chunked body one written piece an interval), and a writer whose body
/// was cut or stalled hears that the client is gone. Conditions apply to stub answers, 404 and 405,
/// never to the 4xx answers to requests that break the protocol.
///
/// Values out of range are clamped, never trapped on: negative durations and counts count as
/// zero, a count of pieces as at least one, a rate as at least one byte per second, and a random
/// delay never exceeds one hour.
public struct NetworkCondition: Sendable {
    let kind: Kind

    /// The internal form: what the event loop carries out.
    indirect enum Kind: Sendable {
        case emptyResponse
        case malformedChunk
        case randomDataThenClose
        case connectionReset
        case closeAfter(bodyBytes: Int)
        case contentLengthLonger(by: Int)
        case stallBeforeHead
        case stallAfter(bodyBytes: Int)
        case delay(Duration)
        case uniformDelay(lower: Duration, upper: Duration)
        case logNormalDelay(median: Duration, sigma: Double)
        case dribble(chunks: Int, over: Duration)
        case bandwidth(bytesPerSecond: Int)
        case slowClose(delay: Duration)
        case failFirst(Int, FailureCounter, Failure)
    }

    /// What a failing request of ``failFirst(_:status:)`` or ``failFirst(_:with:)`` gets.
    enum Failure: Sendable {
        case status(Int)
        case condition(NetworkCondition)
    }

    init(_ kind: Kind) {
        self.kind = kind
    }
}

// MARK: - Faults

extension NetworkCondition {
    /// Closes the connection before sending anything: the client reads zero bytes, then the end of
    /// the stream (WireMock's `EMPTY_RESPONSE`).
    public static let emptyResponse = NetworkCondition(.emptyResponse)

    /// Sends a head announcing `Transfer-Encoding: chunked`, then bytes that are not valid chunk
    /// framing, then closes (WireMock's `MALFORMED_RESPONSE_CHUNK`).
    public static let malformedChunk = NetworkCondition(.malformedChunk)

    /// Sends 1 to 1,024 random bytes instead of a response, then closes (WireMock's
    /// `RANDOM_DATA_THEN_CLOSE`). The bytes come from the server's seeded generator.
    public static let randomDataThenClose = NetworkCondition(.randomDataThenClose)

    /// Resets the connection instead of answering (`SO_LINGER` 0, then close): the client's next
    /// read fails with `ECONNRESET` (WireMock's `CONNECTION_RESET_BY_PEER`, Toxiproxy's `reset_peer`).
    public static let connectionReset = NetworkCondition(.connectionReset)

    /// Sends the head and the first `bodyBytes` bytes of the body, then closes: a server dying
    /// mid-body (Toxiproxy's `limit_data`, counted from the body).
    ///
    /// ```swift
    /// server.stub(method: .get, path: "/file", conditions: [.closeAfter(bodyBytes: 1024)],
    ///             response: MockResponse(body: file))
    /// ```
    ///
    /// - Parameter bodyBytes: how much of the body to send (negative counts as 0).
    /// - Returns: the condition.
    public static func closeAfter(bodyBytes: Int) -> NetworkCondition {
        NetworkCondition(.closeAfter(bodyBytes: max(bodyBytes, 0)))
    }

    /// Announces a `Content-Length` `extra` bytes longer than the body, sends the body, then
    /// closes: the client is left waiting for bytes that never come.
    ///
    /// - Parameter extra: how many bytes the announcement overstates (negative counts as 0).
    /// - Returns: the condition.
    public static func contentLengthLonger(by extra: Int) -> NetworkCondition {
        NetworkCondition(.contentLengthLonger(by: max(extra, 0)))
    }

    /// Keeps the connection open without sending a byte, until the client goes or the server stops:
    /// a hung upstream (Toxiproxy's `timeout` of 0). The idle and request timeouts do not end it.
    public static let stallBeforeHead = NetworkCondition(.stallBeforeHead)

    /// Sends the head and the first `bodyBytes` bytes of the body, then holds the connection open
    /// without a word until the client goes or the server stops (a client that does not read even
    /// those bytes is dropped after ``MockServer/Configuration/requestTimeout``).
    ///
    /// - Parameter bodyBytes: how much of the body to send first (negative counts as 0).
    /// - Returns: the condition.
    public static func stallAfter(bodyBytes: Int) -> NetworkCondition {
        NetworkCondition(.stallAfter(bodyBytes: max(bodyBytes, 0)))
    }
}

// MARK: - Latency

extension NetworkCondition {
    /// Waits `duration` before sending the head (WireMock's fixed delay, Toxiproxy's `latency`).
    ///
    /// ```swift
    /// server.conditions = [.delay(.milliseconds(250))]
    /// ```
    ///
    /// - Parameter duration: the wait (negative counts as zero).
    /// - Returns: the condition.
    public static func delay(_ duration: Duration) -> NetworkCondition {
        NetworkCondition(.delay(max(duration, .zero)))
    }

    /// Waits a time drawn uniformly from `lower...upper` before sending the head (WireMock's
    /// uniform random delay).
    ///
    /// - Parameters:
    ///   - lower: the shortest wait (negative counts as zero).
    ///   - upper: the longest wait (swapped with `lower` when smaller).
    /// - Returns: the condition.
    public static func uniformDelay(lower: Duration, upper: Duration) -> NetworkCondition {
        let (low, high) = (max(min(lower, upper), .zero), max(max(lower, upper), .zero))
        return NetworkCondition(.uniformDelay(lower: low, upper: high))
    }

    /// Waits a time drawn from a log-normal distribution before sending the head: mostly close to
    /// `median`, with a long tail (WireMock's log-normal random delay: `median × e^(sigma × N(0, 1))`).
    ///
    /// ```swift
    /// server.conditions = [.logNormalDelay(median: .milliseconds(80), sigma: 0.4)]
    /// ```
    ///
    /// - Parameters:
    ///   - median: the median wait (negative counts as zero).
    ///   - sigma:  the spread; 0 waits exactly `median` (a negative spread counts as its absolute
    ///     value, a NaN or infinite one as 0). Draws are capped at one hour.
    /// - Returns: the condition.
    public static func logNormalDelay(median: Duration, sigma: Double) -> NetworkCondition {
        NetworkCondition(.logNormalDelay(median: max(median, .zero), sigma: sigma.isFinite ? abs(sigma) : 0))
    }
}

// MARK: - Pace and close

extension NetworkCondition {
    /// Sends the head at once, then the body in `chunks` roughly equal pieces, one every
    /// `duration / chunks`, so the last arrives after about `duration` (WireMock's chunked dribble
    /// delay).
    ///
    /// ```swift
    /// .text(String(repeating: "x", count: 1000)).with(.dribble(chunks: 10, over: .seconds(1)))
    /// ```
    ///
    /// - Parameters:
    ///   - chunks:   how many pieces (at least 1; never more than the body has bytes).
    ///   - duration: the time over which they spread (negative counts as zero).
    /// - Returns: the condition.
    public static func dribble(chunks: Int, over duration: Duration) -> NetworkCondition {
        NetworkCondition(.dribble(chunks: max(chunks, 1), over: max(duration, .zero)))
    }

    /// Sends the whole response, head included, at no more than `bytesPerSecond` (Toxiproxy's
    /// `bandwidth`, in bytes rather than kilobytes): 20 slices a second, each after its share of time.
    ///
    /// - Parameter bytesPerSecond: the rate (at least 1).
    /// - Returns: the condition.
    public static func bandwidth(bytesPerSecond: Int) -> NetworkCondition {
        NetworkCondition(.bandwidth(bytesPerSecond: max(bytesPerSecond, 1)))
    }

    /// Closes the connection after the response (announcing `Connection: close`), but only `delay`
    /// after its last byte (Toxiproxy's `slow_close`). Delays the close of a fault that closes too.
    ///
    /// - Parameter delay: how long the close waits (negative counts as zero).
    /// - Returns: the condition.
    public static func slowClose(delay: Duration) -> NetworkCondition {
        NetworkCondition(.slowClose(delay: max(delay, .zero)))
    }
}

// MARK: - Failing first

extension NetworkCondition {
    /// Answers the first `count` requests it applies to with `status` (and a short text body), then
    /// lets the real answer through: the server a retry policy is tested against.
    ///
    /// The count is kept by this value: create it once (in `server.stub(…, conditions:)`, a response
    /// built outside the handler, or ``MockServer/conditions``), not inside a handler.
    ///
    /// ```swift
    /// server.stub(method: .get, path: "/items", conditions: [.failFirst(2, status: 503)],
    ///             response: .text("[]"))
    /// ```
    ///
    /// - Parameters:
    ///   - count:  how many requests fail (negative counts as 0).
    ///   - status: the status they get, 503 unless told (100…999; others are sent as 500).
    /// - Returns: the condition.
    public static func failFirst(_ count: Int, status: Int = 503) -> NetworkCondition {
        NetworkCondition(.failFirst(max(count, 0), FailureCounter(), .status(status)))
    }

    /// Applies `failure` (a fault, a delay…) to the first `count` requests it applies to, then lets
    /// the real answer through unchanged.
    ///
    /// ```swift
    /// server.stub(method: .get, path: "/items", conditions: [.failFirst(1, with: .connectionReset)],
    ///             response: .text("[]"))
    /// ```
    ///
    /// - Parameters:
    ///   - count:   how many requests fail (negative counts as 0).
    ///   - failure: the condition they get instead of the answer's own of its kind (a fail-first
    ///     given here is ignored).
    /// - Returns: the condition.
    public static func failFirst(_ count: Int, with failure: NetworkCondition) -> NetworkCondition {
        NetworkCondition(.failFirst(max(count, 0), FailureCounter(), .condition(failure)))
    }
}

/// How many requests a fail-first condition has seen; shared by every copy of the condition.
final class FailureCounter: Sendable {
    private let seen = Locked(0)

    /// Counts one more request and tells whether it is among the first `count`.
    func takeOne(failing count: Int) -> Bool {
        seen.withLock { seen in
            seen += 1
            return seen <= count
        }
    }
}
