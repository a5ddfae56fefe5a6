import Foundation

/// Reads the peer's frames from bytes as they arrive, in chunks of any size, and enforces the framing
/// rules of RFC 6455 §5 as soon as the bytes that break one are in.
///
/// A client's decoder reads server frames and refuses masked ones; a server's decoder (`role:
/// .server`) reads client frames, refuses unmasked ones (§5.1) and unmasks the payload.
///
/// A frame split at any byte boundary decodes to the same frames. Lengths are checked when the
/// header is complete, before the payload is buffered: a data message whose declared frame lengths
/// add up to more than `maximumMessageSize` fails with 1009 without reading its payload, so a
/// 2^63-byte length costs nothing. Non-minimal length encodings are accepted (the RFC forbids
/// sending them, not reading them).
///
/// Bytes come in through ``append(_:)``, or are written straight into the decoder's memory (a
/// stream reads into ``writableSpace(maximumCount:)``, then ``didWrite(_:into:)`` counts them). A
/// frame of ``largePayload`` bytes or more gets memory of its own size, the space stops at its end,
/// and its payload becomes the frame's `Data` where it lies: from the socket to the message, the
/// bytes are copied once, by the kernel.
///
/// ```swift
/// var decoder = WebSocketFrameDecoder(maximumMessageSize: 1 << 24, allowsCompression: false)
/// decoder.append(bytes)
/// while let frame = try decoder.nextFrame() { handle(frame) }
/// ```
package struct WebSocketFrameDecoder: Sendable {
    /// The payload size from which a frame is read into memory of its own size and handed over
    /// without a copy.
    package static let largePayload = 64 * 1024
    /// The free space ``writableSpace(maximumCount:)`` makes room for (when asked for at least as
    /// much), so a read is never made tiny by a nearly full buffer.
    static let minimumFreeSpace = 64 * 1024
    /// The most memory an empty decoder keeps between frames.
    static let retainedCapacity = 4 << 20

    /// The most bytes the declared lengths of one data message may add up to.
    package let maximumMessageSize: Int
    /// Whether permessage-deflate was negotiated, so RSV1 may start a data message.
    package let allowsCompression: Bool
    /// The end that reads: a server requires masked frames, a client refuses them.
    package let role: WebSocketRole

    private var storage: Storage?
    /// Memory of large frames whose messages are gone, for the next ones.
    private let recycler = Recycler()
    /// Where the unread bytes start in `storage`.
    private var readIndex = 0
    /// Where they end.
    private var writeIndex = 0
    /// The whole length (header and payload) of a large frame whose header is in and whose payload
    /// is still arriving, from `readIndex`: writable space stops at its end.
    private var awaitedFrameLength: Int?
    private var inFragmentedMessage = false
    private var messageLength: UInt64 = 0

    /// Makes a decoder for a new connection.
    ///
    /// - Parameters:
    ///   - maximumMessageSize: The limit on a data message's declared length.
    ///   - allowsCompression: Whether permessage-deflate was negotiated.
    ///   - role: The end that reads (a client unless told).
    package init(maximumMessageSize: Int, allowsCompression: Bool, role: WebSocketRole = .client) {
        self.maximumMessageSize = max(0, maximumMessageSize)
        self.allowsCompression = allowsCompression
        self.role = role
    }

    /// How many received bytes are not yet part of a returned frame.
    package var bufferedCount: Int { writeIndex - readIndex }

    /// Adds received bytes.
    ///
    /// - Parameter bytes: The next bytes from the connection.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        let count = bytes.count
        guard count > 0 else { return }
        reserveFreeSpace(count, preferring: count)
        guard let storage else { return }
        UnsafeMutableRawBufferPointer(start: storage.memory + writeIndex, count: count).copyBytes(from: bytes)
        writeIndex += count
    }

    /// Memory the next received bytes can be written to: up to `maximumCount` bytes, or exactly the
    /// rest of a large frame whose payload is arriving. Pass it back to ``didWrite(_:into:)`` with
    /// how many bytes were written, before any other call changes the decoder.
    ///
    /// - Parameter maximumCount: The most bytes one read should take.
    /// - Returns: One byte of space at least.
    package mutating func writableSpace(maximumCount: Int) -> WritableSpace {
        let wanted: Int
        if let awaitedFrameLength {
            makeRoom(forFrameOf: awaitedFrameLength)
            wanted = readIndex + awaitedFrameLength - writeIndex
        } else {
            wanted = max(1, maximumCount)
            reserveFreeSpace(min(wanted, Self.minimumFreeSpace), preferring: wanted)
        }
        let storage = storage ?? Storage(capacity: wanted, recycler: recycler)
        self.storage = storage
        let count = max(0, min(wanted, storage.capacity - writeIndex))
        return WritableSpace(
            storage: storage, bytes: UnsafeMutableRawBufferPointer(start: storage.memory + writeIndex, count: count))
    }

    /// Counts the bytes a stream wrote into a space from ``writableSpace(maximumCount:)``.
    ///
    /// - Parameters:
    ///   - count: How many bytes were written at the start of the space.
    ///   - space: The space; consumed, so that the decoder's memory is its own again.
    package mutating func didWrite(_ count: Int, into space: consuming WritableSpace) {
        let count = max(0, min(count, space.bytes.count))
        guard count > 0 else { return }
        if space.storage === storage, space.bytes.baseAddress == storage.map({ $0.memory + writeIndex }) {
            writeIndex += count
        } else {
            // The decoder changed since (it should not): the bytes are copied in.
            append(UnsafeRawBufferPointer(rebasing: space.bytes[..<count]))
        }
    }

    /// The next complete frame, nil when more bytes are needed.
    ///
    /// - Returns: The frame, unmasked.
    /// - Throws: ``WebSocketError`` with the rule the bytes break; the connection must then be
    ///   failed with the error's close code, and the decoder is not used again.
    package mutating func nextFrame() throws(WebSocketError) -> WebSocketFrame? {
        // No local reference to the storage here: the payload's hand-off needs the decoder's to be
        // the only one.
        guard bufferedCount >= 2 else { return nil }
        let first = byte(at: 0)
        let second = byte(at: 1)
        let opcode = try checkedOpcode(first)
        let isMasked = second & 0x80 != 0
        switch role {
        case .client: guard !isMasked else { throw WebSocketError(.maskedFrame) }
        case .server: guard isMasked else { throw WebSocketError(.unmaskedFrame) }
        }
        guard let (length, lengthEnd) = try declaredLength(second: second) else { return nil }
        try checkLength(length, opcode: opcode)
        let payloadCount = Int(length)
        let headerLength = lengthEnd + (isMasked ? 4 : 0)
        guard bufferedCount >= headerLength + payloadCount else {
            if payloadCount >= Self.largePayload {
                // Room for all of it now, so that it arrives where it will stay.
                awaitedFrameLength = headerLength + payloadCount
                makeRoom(forFrameOf: headerLength + payloadCount)
            }
            return nil
        }
        awaitedFrameLength = nil
        if isMasked {
            var key: UInt32 = 0
            for index in lengthEnd..<headerLength { key = key << 8 | UInt32(byte(at: index)) }
            unmask(count: payloadCount, at: headerLength, key: key)
        }
        let payload = takePayload(from: readIndex + headerLength, count: payloadCount)
        let isFinal = first & 0x80 != 0
        if !opcode.isControl {
            inFragmentedMessage = !isFinal
            messageLength = isFinal ? 0 : messageLength + length
        }
        return WebSocketFrame(
            opcode: opcode, payload: payload, isFinal: isFinal, reservedBits: first & WebSocketFrame.reservedBitsMask)
    }

    /// The unread byte at `offset`.
    private func byte(at offset: Int) -> UInt8 {
        storage.map { $0.memory.load(fromByteOffset: readIndex + offset, as: UInt8.self) } ?? 0
    }

    private func checkedOpcode(_ first: UInt8) throws(WebSocketError) -> WebSocketOpcode {
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw WebSocketError(.unknownOpcode(first & 0x0F))
        }
        let reserved = first & WebSocketFrame.reservedBitsMask
        let compressedStart =
            reserved == WebSocketFrame.reservedBit1 && allowsCompression && (opcode == .text || opcode == .binary)
        guard reserved == 0 || compressedStart else { throw WebSocketError(.reservedBitsSet(reserved)) }
        if opcode.isControl {
            guard first & 0x80 != 0 else { throw WebSocketError(.fragmentedControlFrame) }
        } else if opcode == .continuation {
            guard inFragmentedMessage else { throw WebSocketError(.unexpectedContinuation) }
        } else {
            guard !inFragmentedMessage else { throw WebSocketError(.expectedContinuation) }
        }
        return opcode
    }

    /// The payload length and the header's length up to the masking key, or nil while the extended
    /// length is incomplete.
    private func declaredLength(second: UInt8) throws(WebSocketError) -> (UInt64, Int)? {
        let marker = second & 0x7F
        let extra = marker == 127 ? 8 : marker == 126 ? 2 : 0
        guard bufferedCount >= 2 + extra else { return nil }
        guard extra > 0 else { return (UInt64(marker), 2) }
        var length: UInt64 = 0
        for index in 0..<extra { length = length << 8 | UInt64(byte(at: 2 + index)) }
        guard length & (1 << 63) == 0 else { throw WebSocketError(.invalidPayloadLength) }
        return (length, 2 + extra)
    }

    private func checkLength(_ length: UInt64, opcode: WebSocketOpcode) throws(WebSocketError) {
        if opcode.isControl {
            guard length <= UInt64(WebSocketFrame.maximumControlPayload) else {
                throw WebSocketError(.controlFrameTooLong(length: length))
            }
        } else {
            let base = opcode == .continuation ? messageLength : 0
            guard length <= UInt64(maximumMessageSize) && base + length <= UInt64(maximumMessageSize) else {
                throw WebSocketError(.messageTooBig(limit: maximumMessageSize))
            }
        }
    }
}

// MARK: - Memory

extension WebSocketFrameDecoder {
    /// Makes the storage this decoder's alone, with `minimum` free bytes after the unread ones: in
    /// place when it has them, else by moving the unread bytes to the front, else in new memory with
    /// `preferred` free bytes, or twice the old size, whichever is more.
    private mutating func reserveFreeSpace(_ minimum: Int, preferring preferred: Int) {
        let unread = bufferedCount
        // Checked before `current` holds a second reference.
        let isUnique = isKnownUniquelyReferenced(&storage)
        guard let current = storage else {
            storage = Storage(capacity: max(minimum, preferred), recycler: recycler)
            (readIndex, writeIndex) = (0, 0)
            return
        }
        if isUnique {
            if current.capacity - writeIndex >= minimum { return }
            if current.capacity - unread >= minimum && unread <= current.capacity / 2 {
                moveUnreadToFront(of: current)
                return
            }
        }
        let capacity =
            current.capacity - unread >= minimum ? current.capacity : max(unread + minimum, current.capacity * 2)
        replaceStorage(capacity: max(capacity, unread + preferred))
    }

    /// Makes room for a large frame of `length` bytes (header and payload) starting at the unread
    /// bytes, in memory the frame mostly fills, since its payload will take that memory with it.
    private mutating func makeRoom(forFrameOf length: Int) {
        let isUnique = isKnownUniquelyReferenced(&storage)
        guard let current = storage else {
            storage = Storage(capacity: length, recycler: recycler)
            (readIndex, writeIndex) = (0, 0)
            return
        }
        if isUnique {
            if current.capacity - readIndex >= length { return }
            if current.capacity >= length && bufferedCount <= current.capacity / 2 {
                moveUnreadToFront(of: current)
                return
            }
        }
        replaceStorage(capacity: length)
    }

    private mutating func moveUnreadToFront(of storage: Storage) {
        let unread = bufferedCount
        storage.memory.copyMemory(from: storage.memory + readIndex, byteCount: unread)
        (readIndex, writeIndex) = (0, unread)
    }

    private mutating func replaceStorage(capacity: Int) {
        let unread = bufferedCount
        if let storage {
            self.storage = storage.copy(from: readIndex, count: unread, capacity: capacity)
        } else {
            storage = Storage(capacity: capacity, recycler: recycler)
        }
        (readIndex, writeIndex) = (0, unread)
    }

    /// Unmasks `count` bytes from `offset` of the unread ones, in memory made this decoder's alone.
    private mutating func unmask(count: Int, at offset: Int, key: UInt32) {
        reserveFreeSpace(0, preferring: 0)
        guard let storage, count > 0 else { return }
        let payload = UnsafeMutableRawBufferPointer(start: storage.memory + readIndex + offset, count: count)
        WebSocketFrame.mask(UnsafeRawBufferPointer(payload), into: payload, key: key)
    }

    /// The payload as `Data`, and the frame consumed: a large payload that fills most of its memory
    /// takes that memory with it (the decoder starts new memory), any other is copied.
    private mutating func takePayload(from start: Int, count: Int) -> Data {
        let isUnique = isKnownUniquelyReferenced(&storage)
        guard let current = storage else { return Data() }
        let end = start + count
        if isUnique, count >= Self.largePayload, count * 2 >= current.capacity {
            // What follows the frame moves to new memory the size of this one, ready for the next.
            let after = writeIndex - end
            storage = current.copy(from: end, count: after, capacity: min(current.capacity, Self.retainedCapacity))
            (readIndex, writeIndex) = (0, after)
            return current.handOff(from: start, count: count)
        }
        let payload = Data(bytes: current.memory + start, count: count)
        readIndex = end
        if readIndex == writeIndex {
            (readIndex, writeIndex) = (0, 0)
            if current.capacity > Self.retainedCapacity { storage = nil }
        }
        return payload
    }
}
