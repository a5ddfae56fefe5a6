// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import InternalServiceUtilities
    import NetworkKit

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The WebSocket benchmarks' peer, written as a C echo server would be: blocking sockets, a
    /// thread per connection, no framework. In `.tcp` mode it echoes bytes as they come (the floor a
    /// WebSocket is measured against); in `.webSocket` mode it answers the opening handshake and
    /// echoes every message frame by frame: unmasked, with the same opcode and RSV1, so a compressed
    /// frame goes back as it came (valid permessage-deflate for the client, whose inflater then reads
    /// exactly the stream its deflater wrote). It answers pings and the close handshake.
    final class RawEchoServer: @unchecked Sendable {
        // Safe: `listener` and `port` are immutable; `connections` is behind its lock.

        enum Mode: Sendable {
            case tcp
            case webSocket
        }

        let port: UInt16
        private let listener: Int32
        private let mode: Mode
        private let connections = Locked(Set<Int32>())

        init(mode: Mode) throws {
            let (descriptor, port) = try LoopbackSocket.listen(backlog: 64)
            listener = descriptor
            self.port = port
            self.mode = mode
            Thread.detachNewThread { [self] in acceptLoop() }
        }

        /// Stops accepting and ends every connection.
        func stop() {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
            connections.withLock { set in
                for descriptor in set { shutdown(descriptor, Int32(SHUT_RDWR)) }
            }
        }

        private func acceptLoop() {
            while true {
                let descriptor = accept(listener, nil, nil)
                guard descriptor >= 0 else {
                    if errno == EINTR { continue }
                    return
                }
                var one: Int32 = 1
                setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                connections.withLock { _ = $0.insert(descriptor) }
                let mode = mode
                Thread.detachNewThread { [self] in
                    switch mode {
                    case .tcp: Self.echoBytes(descriptor)
                    case .webSocket: Self.echoFrames(descriptor)
                    }
                    connections.withLock { _ = $0.remove(descriptor) }
                    close(descriptor)
                }
            }
        }

        // MARK: - TCP

        private static func echoBytes(_ descriptor: Int32) {
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                guard writeAll(descriptor, buffer, count: count) else { return }
            }
        }

        static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], count: Int) -> Bool {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < count {
                    guard let base = raw.baseAddress else { return false }
                    let written = send(descriptor, base + offset, count - offset, Int32(MSG_NOSIGNAL))
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else { return false }
                    offset += written
                }
                return true
            }
        }

        // MARK: - WebSocket

        /// Reads from a socket through a buffer.
        private struct Reader {
            let descriptor: Int32
            var buffer = [UInt8]()
            var start = 0

            /// Moves `count` bytes into `output` from `offset` (which has room for them): what is
            /// buffered first, the rest read straight into `output`; false at the end of the stream.
            mutating func move(_ count: Int, into output: inout [UInt8], at offset: Int) -> Bool {
                let buffered = min(count, buffer.count - start)
                output.replaceSubrange(offset..<(offset + buffered), with: buffer[start..<(start + buffered)])
                start += buffered
                var remaining = count - buffered
                guard remaining > 0 else { return true }
                return output.withUnsafeMutableBytes { raw in
                    var position = offset + buffered
                    while remaining > 0 {
                        guard let base = raw.baseAddress else { return false }
                        let read = recv(descriptor, base + position, remaining, 0)
                        if read < 0, errno == EINTR { continue }
                        guard read > 0 else { return false }
                        position += read
                        remaining -= read
                    }
                    return true
                }
            }

            /// Makes at least `count` bytes available after `start`; false at the end of the stream.
            mutating func fill(_ count: Int) -> Bool {
                if buffer.count - start >= count { return true }
                if start > 0 {
                    buffer.removeFirst(start)
                    start = 0
                }
                var chunk = [UInt8](repeating: 0, count: max(16 * 1024, count - buffer.count))
                while buffer.count < count {
                    let read = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                    if read < 0, errno == EINTR { continue }
                    guard read > 0 else { return false }
                    buffer.append(contentsOf: chunk[..<read])
                }
                return true
            }

            mutating func take(_ count: Int) -> ArraySlice<UInt8> {
                defer { start += count }
                return buffer[start..<(start + count)]
            }
        }

        private static func echoFrames(_ descriptor: Int32) {
            var reader = Reader(descriptor: descriptor)
            guard let head = readHead(&reader) else { return }
            let key = field("Sec-WebSocket-Key", in: head) ?? ""
            let accept = Data(SHA1Hasher.hash(Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
                .base64EncodedString()
            var answer =
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: \(accept)\r\n"
            if field("Sec-WebSocket-Extensions", in: head)?.contains("permessage-deflate") == true {
                answer += "Sec-WebSocket-Extensions: permessage-deflate\r\n"
            }
            answer += "\r\n"
            let answerBytes = Array(answer.utf8)
            guard writeAll(descriptor, answerBytes, count: answerBytes.count) else { return }
            // The frame going back, written at the start of memory that grows to the largest frame
            // and is then reused as it is (no zeroing per frame, as a C server would not).
            var output: [UInt8] = []
            while reader.fill(2) {
                let header = reader.take(2)
                let first = header[header.startIndex]
                let second = header[header.startIndex + 1]
                var length = Int(second & 0x7F)
                if length >= 126 {
                    let extra = length == 126 ? 2 : 8
                    guard reader.fill(extra) else { return }
                    length = reader.take(extra).reduce(0) { $0 << 8 | Int($1) }
                }
                guard second & 0x80 != 0, reader.fill(4) else { return }
                let mask = reader.take(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                guard length <= 1 << 26 else { return }
                var opcode = first & 0x0F
                if opcode == 0x9 { opcode = 0xA }  // a ping is answered with its pong
                var head: [UInt8] = [first & 0xF0 | opcode]
                if length < 126 {
                    head.append(UInt8(length))
                } else if length <= 0xFFFF {
                    head += [126, UInt8(length >> 8), UInt8(length & 0xFF)]
                } else {
                    head.append(127)
                    for shift in stride(from: 56, through: 0, by: -8) { head.append(UInt8((length >> shift) & 0xFF)) }
                }
                let total = head.count + length
                if output.count < total { output.append(contentsOf: repeatElement(0, count: total - output.count)) }
                output.replaceSubrange(0..<head.count, with: head)
                guard reader.move(length, into: &output, at: head.count) else { return }
                // NetworkKit's own masking (package access): masking twice unmasks.
                output.withUnsafeMutableBytes { raw in
                    let payload = UnsafeMutableRawBufferPointer(rebasing: raw[head.count..<total])
                    WebSocketFrame.mask(UnsafeRawBufferPointer(payload), into: payload, key: mask)
                }
                guard writeAll(descriptor, output, count: total) else { return }
                if opcode == 0x8 { return }
            }
        }

        private static func readHead(_ reader: inout Reader) -> String? {
            var length = 4
            while reader.fill(length) {
                let window = reader.buffer[reader.start..<(reader.start + length)]
                if window.suffix(4).elementsEqual([13, 10, 13, 10]) {
                    return String(decoding: reader.take(length), as: UTF8.self)
                }
                length += 1
                guard length < 64 * 1024 else { return nil }
            }
            return nil
        }

        private static func field(_ name: String, in head: String) -> String? {
            for line in head.components(separatedBy: "\r\n") {
                guard let colon = line.firstIndex(of: ":"),
                    line[..<colon].caseInsensitiveCompare(name) == .orderedSame
                else { continue }
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return nil
        }
    }

    /// A plain TCP client on blocking sockets, the floor the WebSocket client is measured against.
    enum PlainTCPClient {
        /// Connects to 127.0.0.1:`port` with `TCP_NODELAY`.
        static func connect(port: UInt16) throws -> Int32 {
            let descriptor = try LoopbackSocket.connect(port: port)
            var one: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            return descriptor
        }

        /// Reads exactly `count` bytes into `buffer`; false at the end of the stream.
        static func readExactly(_ descriptor: Int32, _ buffer: inout [UInt8], count: Int) -> Bool {
            buffer.withUnsafeMutableBytes { raw in
                var offset = 0
                while offset < count {
                    guard let base = raw.baseAddress else { return false }
                    let read = recv(descriptor, base + offset, count - offset, 0)
                    if read < 0, errno == EINTR { continue }
                    guard read > 0 else { return false }
                    offset += read
                }
                return true
            }
        }

        /// Runs `body` on a thread of its own (blocking calls stay off Swift's pool) and returns its result.
        static func onThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
            }
        }
    }
#endif
