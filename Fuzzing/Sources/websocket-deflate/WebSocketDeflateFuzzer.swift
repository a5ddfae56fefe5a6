import FuzzSupport

@testable import NetworkKit

/// permessage-deflate's inflater and deflater.
///
/// Raw: any bytes, cut into the frames of one compressed message, are inflated against a small
/// limit: the result is a message within the limit, or a failure with 1007 or 1009, never a crash
/// or more output than the limit.
///
/// Round trip: messages the input chooses go through a deflater and an inflater with the same
/// parameters (context takeover on or off, a window the input picks) and come back unchanged.
@main
enum WebSocketDeflateFuzzer {
    static let limit = 8192

    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            if input.flag() {
                WebSocketDeflateFuzzer.checkRoundTrip(&input)
            } else {
                WebSocketDeflateFuzzer.checkRaw(&input)
            }
            return 0
        }
    }

    static func checkRaw(_ input: inout FuzzInput) {
        guard let inflater = try? MessageInflater(contextTakeover: input.flag()) else { return }
        var pieces: [[UInt8]] = []
        for _ in 0..<Int(input.byte() % 4) { pieces.append(input.bytes(upTo: 255)) }
        pieces.append(input.rest())
        var output: [UInt8] = []
        do {
            for piece in pieces { try inflater.inflate(piece, into: &output, limit: limit) }
            try inflater.finishMessage(into: &output, limit: limit)
        } catch {
            invariant(
                error.reason == .messageTooBig(limit: limit) || error.reason == .invalidCompressedData,
                "unexpected failure \(error)")
        }
        invariant(output.count <= limit, "inflated \(output.count) bytes past the limit of \(limit)")
    }

    static func checkRoundTrip(_ input: inout FuzzInput) {
        let contextTakeover = input.flag()
        let windowBits = 9 + input.choice(7)
        guard let deflater = try? MessageDeflater(windowBits: windowBits, contextTakeover: contextTakeover),
            let inflater = try? MessageInflater(contextTakeover: contextTakeover, windowBits: windowBits)
        else { return }
        for _ in 0..<(1 + input.choice(4)) {
            var message = input.bytes(upTo: 255)
            message += [UInt8](repeating: input.byte(), count: input.choice(4) * 300)
            guard let compressed = try? deflater.compress(message) else {
                invariant(false, "the deflater failed")
                return
            }
            var output: [UInt8] = []
            do {
                try inflater.inflate(compressed, into: &output, limit: limit)
                try inflater.finishMessage(into: &output, limit: limit)
            } catch {
                invariant(false, "inflating what the deflater made failed: \(error)")
            }
            invariant(output == message, "the round trip changed a message of \(message.count) bytes")
        }
    }
}
