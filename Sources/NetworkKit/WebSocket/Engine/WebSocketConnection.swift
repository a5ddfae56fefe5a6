import Foundation

/// The sans-I/O core of a connection after its handshake: fed the bytes the peer sent, it returns
/// what to write back, the messages to deliver and how the connection ends; asked to send or close,
/// it returns the bytes to write. No sockets, threads or clocks: ``WebSocketEngine`` (a client) or
/// MockServerKit's event loop (a server) does the I/O and the close timeout around it.
///
/// The role decides masking (a client masks what it sends and refuses masked frames; a server
/// requires masked frames and sends unmasked ones) and which half of the permessage-deflate
/// parameters each direction uses (§7.1 of RFC 7692: each side compresses with its own).
///
/// ```swift
/// var connection = try WebSocketConnection(maximumMessageSize: 1 << 24, compression: nil)
/// for output in connection.receive(bytes) { … }
/// let frame = try connection.send(.string("hi"))
/// var server = try WebSocketConnection(compression: agreed, role: .server)
/// ```
package struct WebSocketConnection {
    /// Where the close handshake stands.
    package enum State: Sendable, Hashable {
        /// Messages flow both ways.
        case open
        /// This side sent a close frame and waits for the peer's.
        case closeSent
        /// Both close frames were exchanged, or the connection was failed.
        case closed
    }

    /// What the connection asks its driver to do, in order.
    package enum Output: Sendable, Hashable {
        /// Write these bytes (a pong, a close frame).
        case write([UInt8])
        /// Deliver a message.
        case message(WebSocketMessage)
        /// A pong arrived with this payload.
        case pong([UInt8])
        /// The close handshake is complete: the peer's close payload. A client's driver closes the
        /// stream once the server has (or after the close timeout); a server's closes it at once.
        case closed(WebSocketClosePayload)
        /// The connection is failed (§7.1.7): after writing the close frame before it, if any, the
        /// driver closes the stream at once.
        case failed(WebSocketError)
    }

    /// The default maximum message size: 16 MiB.
    package static let defaultMaximumMessageSize = 16 * 1024 * 1024

    /// Where the close handshake stands.
    package private(set) var state = State.open
    /// The end this connection plays.
    package let role: WebSocketRole
    private var decoder: WebSocketFrameDecoder
    private var assembler: WebSocketMessageAssembler
    private let deflater: MessageDeflater?

    /// Makes the connection's state for what the handshake agreed.
    ///
    /// - Parameters:
    ///   - maximumMessageSize: The most bytes a received message may hold (after inflation).
    ///   - compression: The agreed permessage-deflate parameters, nil without compression.
    ///   - role: The end this connection plays (a client unless told).
    /// - Throws: ``WebSocketError/Reason/compressionUnavailable`` when compression was agreed and
    ///   zlib cannot be loaded.
    package init(
        maximumMessageSize: Int = Self.defaultMaximumMessageSize, compression: PermessageDeflateParameters?,
        role: WebSocketRole = .client
    ) throws(WebSocketError) {
        self.role = role
        decoder = WebSocketFrameDecoder(
            maximumMessageSize: maximumMessageSize, allowsCompression: compression != nil, role: role)
        if let compression {
            // The peer compresses with its half of the parameters, this side with its own.
            let peerTakesOver =
                role == .client ? !compression.serverNoContextTakeover : !compression.clientNoContextTakeover
            let inflater = try MessageInflater(contextTakeover: peerTakesOver)
            assembler = WebSocketMessageAssembler(maximumMessageSize: maximumMessageSize, inflater: inflater)
            deflater =
                compression.compresses(as: role)
                ? try MessageDeflater(
                    windowBits: compression.maxWindowBits(of: role),
                    contextTakeover: !compression.noContextTakeover(of: role))
                : nil
        } else {
            assembler = WebSocketMessageAssembler(maximumMessageSize: maximumMessageSize)
            deflater = nil
        }
    }

    /// Takes bytes the peer sent.
    ///
    /// - Parameter bytes: The next bytes, any amount.
    /// - Returns: What to do, in order; nothing once the connection is closed.
    package mutating func receive(_ bytes: some Collection<UInt8>) -> [Output] {
        guard state != .closed else { return [] }
        decoder.append(bytes)
        return outputsOfReceivedFrames()
    }

    /// Memory the peer's next bytes can be read straight into (the connection's own buffer, or the
    /// rest of a large frame's payload, which then becomes its message without a copy). Pass it back
    /// to ``receive(_:into:)`` with how many bytes were read, before anything else changes the
    /// connection.
    ///
    /// - Parameter maximumCount: The most bytes one read should take.
    /// - Returns: Room for one byte at least.
    package mutating func receiveSpace(maximumCount: Int) -> WebSocketFrameDecoder.WritableSpace {
        decoder.writableSpace(maximumCount: maximumCount)
    }

    /// Takes bytes read into memory from ``receiveSpace(maximumCount:)``.
    ///
    /// - Parameters:
    ///   - count: How many bytes were read into the start of the space.
    ///   - space: The space.
    /// - Returns: What to do, in order; nothing once the connection is closed.
    package mutating func receive(_ count: Int, into space: consuming WebSocketFrameDecoder.WritableSpace)
        -> [Output]
    {
        guard state != .closed else { return [] }
        decoder.didWrite(count, into: space)
        return outputsOfReceivedFrames()
    }

    /// Turns the decoder's complete frames into outputs.
    private mutating func outputsOfReceivedFrames() -> [Output] {
        var outputs: [Output] = []
        do {
            while state != .closed, let frame = try decoder.nextFrame() {
                guard let event = try assembler.handle(frame) else { continue }
                switch event {
                case .message(let message): outputs.append(.message(message))
                case .ping(let payload):
                    if state == .open { outputs.append(.write(encoded(.pong, payload))) }
                case .pong(let payload): outputs.append(.pong(payload))
                case .close(let payload):
                    if state == .open { outputs.append(.write(encoded(.close, payload.encoded))) }
                    state = .closed
                    outputs.append(.closed(payload))
                }
            }
        } catch {
            outputs += fail(error)
        }
        return outputs
    }

    /// Fails the connection (§7.1.7): a close frame with the error's code when none was sent yet.
    ///
    /// - Parameter error: Why.
    /// - Returns: The close frame to write, if any, then ``Output/failed(_:)``.
    package mutating func fail(_ error: WebSocketError) -> [Output] {
        guard state != .closed else { return [] }
        var outputs: [Output] = []
        if state == .open, let code = error.closeCode, code.isAllowedOnWire {
            outputs.append(.write(encoded(.close, WebSocketClosePayload(code: code).encoded)))
        }
        state = .closed
        outputs.append(.failed(error))
        return outputs
    }

    /// The frame of a message, compressed when permessage-deflate was agreed.
    ///
    /// - Parameter message: The message.
    /// - Returns: The bytes to write.
    /// - Throws: ``WebSocketError/Reason/notOpen`` once a close frame was sent or received.
    package mutating func send(_ message: WebSocketMessage) throws(WebSocketError) -> [UInt8] {
        var frame: [UInt8] = []
        try send(message, into: &frame)
        return frame
    }

    /// The frame of a message, written into `frame`: into its memory when it has room, so a sender
    /// that passes the same array each time writes every frame to the same pages.
    ///
    /// - Parameters:
    ///   - message: The message.
    ///   - frame: Replaced by the bytes to write.
    /// - Throws: ``WebSocketError/Reason/notOpen`` once a close frame was sent or received.
    package mutating func send(_ message: WebSocketMessage, into frame: inout [UInt8]) throws(WebSocketError) {
        guard state == .open else { throw WebSocketError(.notOpen) }
        guard let deflater else {
            Self.encode(message, as: role, into: &frame)
            return
        }
        let (opcode, payload): (WebSocketOpcode, [UInt8]) =
            switch message {
            case .string(let text): (.text, Array(text.utf8))
            case .data(let data): (.binary, Array(data))
            }
        let compressed = try deflater.compress(payload)
        compressed.withUnsafeBytes {
            WebSocketFrame.encodeMessage(
                opcode: opcode, payload: $0, reservedBits: WebSocketFrame.reservedBit1, role: role, into: &frame)
        }
    }

    /// Whether this side compresses the messages it sends; when not, ``encode(_:as:into:)`` makes
    /// their frames, with no state of the connection, wherever the caller runs.
    package var compressesMessages: Bool { deflater != nil }

    /// The frame of an uncompressed message, straight from the message's storage into `frame`
    /// (masked on the way by a client), as ``send(_:into:)`` makes it without compression.
    ///
    /// - Parameters:
    ///   - message: The message.
    ///   - role: The sending end.
    ///   - frame: Replaced by the bytes to write; its memory is reused when it has room.
    package static func encode(_ message: WebSocketMessage, as role: WebSocketRole, into frame: inout [UInt8]) {
        switch message {
        case .data(let data):
            data.withUnsafeBytes {
                WebSocketFrame.encodeMessage(opcode: .binary, payload: $0, role: role, into: &frame)
            }
        case .string(var text):
            text.withUTF8 {
                WebSocketFrame.encodeMessage(
                    opcode: .text, payload: UnsafeRawBufferPointer($0), role: role, into: &frame)
            }
        }
    }

    /// A ping frame.
    ///
    /// - Parameter payload: Up to 125 bytes the pong will echo.
    /// - Returns: The bytes to write.
    /// - Throws: ``WebSocketError/Reason/notOpen`` once closing,
    ///   ``WebSocketError/Reason/controlFrameTooLong(length:)`` over 125 bytes.
    package mutating func ping(_ payload: [UInt8]) throws(WebSocketError) -> [UInt8] {
        guard state == .open else { throw WebSocketError(.notOpen) }
        guard payload.count <= WebSocketFrame.maximumControlPayload else {
            throw WebSocketError(.controlFrameTooLong(length: UInt64(payload.count)))
        }
        return encoded(.ping, payload)
    }

    /// Starts the close handshake.
    ///
    /// - Parameter payload: The code and reason to send.
    /// - Returns: The close frame to write, nil when one was already sent or the connection is closed.
    package mutating func close(_ payload: WebSocketClosePayload) -> [UInt8]? {
        guard state == .open else { return nil }
        state = .closeSent
        return encoded(.close, payload.encoded)
    }

    private func encoded(_ opcode: WebSocketOpcode, _ payload: [UInt8]) -> [UInt8] {
        WebSocketFrame(opcode: opcode, payload: payload).encoded(as: role)
    }
}
