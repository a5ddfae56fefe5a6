import FuzzSupport

@testable import NetworkKit

/// The WebSocket frame decoder and the connection above it, two ways.
///
/// Raw: any bytes as the peer's frames (a server's, or a client's for a server-role decoder), fed
/// at once and again in pieces whose sizes the input chooses; both feeds must give the same frames
/// and the same failure, and a connection fed them must never crash, deliver a message over its
/// limit or text that is not UTF-8.
///
/// Built: the input describes frames (opcode, FIN, payload, length form); encoded as a server
/// sends them (or masked, as a client does, for a server-role decoder), they must decode to exactly
/// those frames.
@main
enum WebSocketFrameFuzzer {
    static let limit = 4096

    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            if input.flag() {
                WebSocketFrameFuzzer.checkBuilt(&input)
            } else {
                WebSocketFrameFuzzer.checkRaw(&input)
            }
            return 0
        }
    }

    static func checkRaw(_ input: inout FuzzInput) {
        let compression = input.flag()
        let role: WebSocketRole = input.flag() ? .server : .client
        var pieceSizes: [Int] = []
        for _ in 0..<Int(input.byte() % 8) { pieceSizes.append(Int(input.byte())) }
        let bytes = input.rest()
        let whole = decode(bytes, pieces: [], compression: compression, role: role)
        let pieced = decode(bytes, pieces: pieceSizes, compression: compression, role: role)
        invariant(whole.frames == pieced.frames, "pieces changed the frames")
        invariant(whole.error == pieced.error, "pieces changed the failure: \(String(describing: whole.error))")
        var connection: WebSocketConnection
        do {
            connection = try WebSocketConnection(
                maximumMessageSize: limit, compression: compression ? PermessageDeflateParameters() : nil, role: role)
        } catch {
            return
        }
        for output in connection.receive(bytes) {
            switch output {
            case .message(.string(let text)):
                invariant(text.utf8.count <= limit, "a text message over the limit")
            case .message(.data(let data)):
                invariant(data.count <= limit, "a binary message over the limit")
            case .failed(let error):
                invariant(error.closeCode != nil, "a failure without a close code: \(error)")
            default: break
            }
        }
    }

    static func decode(_ bytes: [UInt8], pieces: [Int], compression: Bool, role: WebSocketRole) -> (
        frames: [WebSocketFrame], error: WebSocketError?
    ) {
        var decoder = WebSocketFrameDecoder(maximumMessageSize: limit, allowsCompression: compression, role: role)
        var frames: [WebSocketFrame] = []
        var offset = 0
        do {
            for size in pieces + [bytes.count] {
                let end = min(bytes.count, offset + size)
                decoder.append(bytes[offset..<end])
                offset = end
                while let frame = try decoder.nextFrame() { frames.append(frame) }
            }
        } catch {
            return (frames, error)
        }
        return (frames, nil)
    }

    static func checkBuilt(_ input: inout FuzzInput) {
        let role: WebSocketRole = input.flag() ? .server : .client
        var frames: [WebSocketFrame] = []
        var encoded: [UInt8] = []
        var inMessage = false
        for _ in 0..<Int(input.byte() % 6) {
            let control = input.flag()
            let payload = input.bytes(upTo: control ? 125 : 255)
            let frame: WebSocketFrame
            if control {
                frame = WebSocketFrame(opcode: input.pick([.ping, .pong]), payload: payload)
            } else {
                let isFinal = input.flag()
                frame = WebSocketFrame(
                    opcode: inMessage ? .continuation : input.pick([.text, .binary]), payload: payload, isFinal: isFinal
                )
                inMessage = !isFinal
            }
            frames.append(frame)
            if role == .server {
                let key = (0..<4).reduce(UInt32(0)) { key, _ in key << 8 | UInt32(input.byte()) }
                encoded += frame.encoded(maskingKey: key)
            } else {
                encoded += frame.encodedUnmasked()
            }
        }
        let pieces = (0..<Int(input.byte() % 6)).map { _ in Int(input.byte()) }
        let result = decode(encoded, pieces: pieces, compression: false, role: role)
        invariant(result.error == nil, "well-formed frames failed: \(String(describing: result.error))")
        invariant(result.frames == frames, "decoded frames differ from the encoded ones")
    }
}
