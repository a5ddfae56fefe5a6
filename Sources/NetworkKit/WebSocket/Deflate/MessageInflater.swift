import Foundation

/// Inflates incoming permessage-deflate messages (RFC 7692 §7.2.2): each frame's payload as it
/// arrives, then the `00 00 ff ff` tail the sender removed, in bounded chunks, so a message that
/// inflates past the limit stops there (1009) instead of growing memory: a compression bomb costs
/// at most the limit plus one chunk.
///
/// Owns a zlib stream; used by one connection on one task at a time.
final class MessageInflater {
    /// How many bytes one call to zlib may produce.
    static let chunkSize = 1 << 16
    private static let tail: [UInt8] = [0x00, 0x00, 0xFF, 0xFF]

    private let zlib: Zlib
    private let stream = ZlibStreamStorage()
    private let contextTakeover: Bool
    /// Set when the message's DEFLATE data ended with a final block (BFINAL), after which the rest
    /// of the message is ignored and the stream starts again for the next one.
    private var streamEnded = false

    /// Makes an inflater.
    ///
    /// - Parameters:
    ///   - contextTakeover: Whether the server may refer to earlier messages (false when
    ///     `server_no_context_takeover` was agreed).
    ///   - windowBits: The window; 15 (the default) reads every smaller window too, tests use
    ///     smaller ones to prove a compressor kept to its window.
    /// - Throws: ``WebSocketError/Reason/compressionUnavailable`` when zlib is missing.
    init(contextTakeover: Bool, windowBits: Int = 15) throws(WebSocketError) {
        let zlib = try Zlib.loaded()
        self.zlib = zlib
        self.contextTakeover = contextTakeover
        let status = zlib.inflateInit(
            stream.pointer, -Int32(min(15, max(8, windowBits))), zlib.version, Int32(Zlib.Constant.streamSize))
        guard status == Zlib.Constant.ok else {
            stream.deallocate()
            throw WebSocketError(.compressionUnavailable)
        }
    }

    deinit {
        _ = zlib.inflateEnd(stream.pointer)
        stream.deallocate()
    }

    /// Inflates the next piece of a message's compressed data.
    ///
    /// - Parameters:
    ///   - input: A frame's payload.
    ///   - output: The message so far; the inflated bytes are appended.
    ///   - limit: The most bytes `output` may hold.
    /// - Throws: ``WebSocketError/Reason/messageTooBig(limit:)`` past the limit,
    ///   ``WebSocketError/Reason/invalidCompressedData`` for data that is not DEFLATE.
    func inflate<Output: RangeReplaceableCollection<UInt8>>(
        _ input: some ContiguousBytes, into output: inout Output, limit: Int
    ) throws(WebSocketError) {
        guard !streamEnded else { return }
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        let status: Int32 = input.withUnsafeBytes { source in
            guard !source.isEmpty else { return Zlib.Constant.ok }
            stream.setInput(source.assumingMemoryBound(to: UInt8.self).baseAddress, count: source.count)
            while true {
                let result = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.setOutput(buffer.baseAddress, count: buffer.count)
                    return zlib.inflate(stream.pointer, Zlib.Constant.noFlush)
                }
                let produced = chunk.count - stream.availableOutput
                if output.count + produced > limit { return Zlib.Constant.bufferError - 100 }
                output.append(contentsOf: chunk[0..<produced])
                switch result {
                case Zlib.Constant.ok:
                    if stream.availableInput == 0 && stream.availableOutput > 0 { return result }
                case Zlib.Constant.bufferError:
                    // No progress possible: all input used and nothing more to write.
                    return Zlib.Constant.ok
                default: return result
                }
            }
        }
        stream.setInput(nil, count: 0)
        stream.setOutput(nil, count: 0)
        switch status {
        case Zlib.Constant.ok: return
        case Zlib.Constant.streamEnd: streamEnded = true
        case Zlib.Constant.bufferError - 100: throw WebSocketError(.messageTooBig(limit: limit))
        default: throw WebSocketError(.invalidCompressedData)
        }
    }

    /// Ends a message: inflates the removed tail and, without context takeover (or after a final
    /// block), starts the stream again.
    ///
    /// - Parameters:
    ///   - output: The message so far; the last inflated bytes are appended.
    ///   - limit: The most bytes `output` may hold.
    /// - Throws: As ``inflate(_:into:limit:)``.
    func finishMessage<Output: RangeReplaceableCollection<UInt8>>(into output: inout Output, limit: Int)
        throws(WebSocketError)
    {
        try inflate(Self.tail, into: &output, limit: limit)
        if !contextTakeover {
            _ = zlib.inflateReset(stream.pointer)
        } else if streamEnded {
            restartKeepingWindow()
        }
        streamEnded = false
    }

    /// Drops whatever the stream holds of an abandoned message.
    func reset() {
        _ = zlib.inflateReset(stream.pointer)
        streamEnded = false
    }

    /// After a final block with context takeover: a new DEFLATE stream whose window is the old one,
    /// so the next message may still refer to this one (RFC 7692 §7.2.3.4).
    private func restartKeepingWindow() {
        var window = [UInt8](repeating: 0, count: 1 << 15)
        var length: UInt32 = 0
        let status = window.withUnsafeMutableBufferPointer { buffer in
            zlib.inflateGetDictionary(stream.pointer, buffer.baseAddress, &length)
        }
        _ = zlib.inflateReset(stream.pointer)
        guard status == Zlib.Constant.ok, length > 0 else { return }
        _ = window.withUnsafeBufferPointer { buffer in
            zlib.inflateSetDictionary(stream.pointer, buffer.baseAddress, length)
        }
    }
}
