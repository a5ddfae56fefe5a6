/// Compresses outgoing messages for permessage-deflate (RFC 7692 §7.2.1): raw DEFLATE ended with a
/// sync flush whose `00 00 ff ff` tail is removed, the sliding window kept from message to message
/// unless context takeover is off.
///
/// Owns a zlib stream; used by one connection on one task at a time.
final class MessageDeflater {
    private let zlib: Zlib
    private let stream = ZlibStreamStorage()
    private let contextTakeover: Bool

    /// Makes a compressor.
    ///
    /// - Parameters:
    ///   - windowBits: The window's size as a power of two, 9 to 15 (zlib's raw DEFLATE has no 8).
    ///   - contextTakeover: Whether a message may refer to the ones before it.
    /// - Throws: ``WebSocketError/Reason/compressionUnavailable`` when zlib is missing or refuses
    ///   the parameters.
    init(windowBits: Int, contextTakeover: Bool) throws(WebSocketError) {
        let zlib = try Zlib.loaded()
        self.zlib = zlib
        self.contextTakeover = contextTakeover
        let bits = Int32(min(15, max(9, windowBits)))
        let status = zlib.deflateInit(
            stream.pointer, -1, Zlib.Constant.deflated, -bits, Zlib.Constant.defaultMemoryLevel,
            Zlib.Constant.defaultStrategy, zlib.version, Int32(Zlib.Constant.streamSize))
        guard status == Zlib.Constant.ok else {
            stream.deallocate()
            throw WebSocketError(.compressionUnavailable)
        }
    }

    deinit {
        _ = zlib.deflateEnd(stream.pointer)
        stream.deallocate()
    }

    /// One message's payload, compressed.
    ///
    /// - Parameter message: The uncompressed payload.
    /// - Returns: The compressed payload without the trailing `00 00 ff ff` (a single `00` for an
    ///   empty message, as §7.2.3.6 allows).
    /// - Throws: ``WebSocketError/Reason/compressionUnavailable`` if zlib fails.
    func compress(_ message: [UInt8]) throws(WebSocketError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(message.count / 2 + 64)
        var chunk = [UInt8](repeating: 0, count: max(1024, min(1 << 16, message.count + 64)))
        let status: Int32 = message.withUnsafeBufferPointer { input in
            stream.setInput(input.baseAddress, count: input.count)
            while true {
                let result = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.setOutput(buffer.baseAddress, count: buffer.count)
                    return zlib.deflate(stream.pointer, Zlib.Constant.syncFlush)
                }
                let produced = chunk.count - stream.availableOutput
                output.append(contentsOf: chunk[0..<produced])
                // No progress possible: the flush was already complete.
                if result == Zlib.Constant.bufferError { return Zlib.Constant.ok }
                guard result == Zlib.Constant.ok else { return result }
                // A sync flush is complete when it leaves room in the output buffer.
                if stream.availableOutput > 0 && stream.availableInput == 0 { return result }
            }
        }
        stream.setInput(nil, count: 0)
        stream.setOutput(nil, count: 0)
        guard status == Zlib.Constant.ok else { throw WebSocketError(.compressionUnavailable) }
        // An empty message right after a flush makes zlib write nothing at all.
        if output.suffix(4) == [0x00, 0x00, 0xFF, 0xFF] {
            output.removeLast(4)
        } else if !output.isEmpty {
            throw WebSocketError(.compressionUnavailable)
        }
        if !contextTakeover { _ = zlib.deflateReset(stream.pointer) }
        return output.isEmpty ? [0x00] : output
    }
}
