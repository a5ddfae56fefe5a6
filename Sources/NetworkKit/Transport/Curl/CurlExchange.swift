#if os(Linux)
    import Foundation
    import InternalServiceUtilities
    import FoundationNetworking

    /// One exchange in a ``CurlEventLoop``: its easy handle's options and callbacks, and what its
    /// hops have told so far.
    ///
    /// libcurl calls the callbacks from inside the loop's calls on its multi handle, made by the one
    /// thread that holds the loop's lock (its own thread, or a caller starting its transfer); only
    /// such a thread touches this object after ``CurlEventLoop/submit(_:)``, and the exchange may be
    /// told from there.
    final class CurlExchange: @unchecked Sendable {
        // Safe: after submission every property is read and written only by a thread holding the
        // event loop's `engine` lock (the loop's own calls and libcurl's callbacks, which libcurl
        // makes from inside them); the lock orders each thread's accesses after the previous one's.

        let exchange: HTTPExchange
        /// The request of the current hop (a redirect changes it).
        var request: URLRequest
        /// The `Cookie` field the client's store adds to the first hop, sent instead of the
        /// request's own; a redirect's next hop carries its field in its request.
        var addedCookie: String?
        /// The body of the current hop (a `303` drops it).
        var body: HTTPExchange.Body
        /// The easy handle while the transfer runs in the loop.
        var easy: Libcurl.Handle?
        /// Where its loop keeps the TLS check's refusals (see CurlTrust).
        var trustFailures: CurlTrustFailures?
        /// The head of the current hop being read: status and fields in order.
        var head: (status: Int, fields: [HTTPHeader])?
        var delivered = false
        /// A redirect seen in the current hop's head, followed when the hop ends.
        var redirect: ResponseHead?
        /// Stopped from here: the exchange refused a head or a piece of body.
        var refused = false
        var lastActivity = ContinuousClock.now
        /// The longest time without progress.
        let idleLimit: Duration
        let idleTimeout: TimeInterval
        var memoryOffset = 0
        var stream: InputStream?
        var streamFailure: String?
        var sentReported: Int64 = -1
        /// Body bytes handed to libcurl in this hop. libcurl's count of bytes sent includes a
        /// chunked body's framing, so what is reported as sent is never more than this.
        var bodyBytesRead: Int64 = 0
        /// libcurl's error text of the current hop.
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Libcurl.Option.errorBufferSize)
        /// The header lines of the current hop, released when the hop ends.
        var headerList: CurlHeaderList?

        init(exchange: HTTPExchange) {
            self.exchange = exchange
            request = exchange.outgoing.base
            addedCookie = exchange.outgoing.cookieHeader
            body = exchange.body
            // Seconds without progress; the client caps them at a week (HTTPClient.longestTimeout),
            // checked again here so no conversion below can overflow.
            let timeout = request.timeoutInterval
            idleTimeout = timeout > 0 && timeout <= HTTPClient.longestTimeout ? timeout : HTTPClient.longestTimeout
            idleLimit = .milliseconds(Int64(idleTimeout * 1000))
            errorBuffer.initialize(repeating: 0, count: Libcurl.Option.errorBufferSize)
        }

        deinit {
            errorBuffer.deallocate()
            stream?.close()
        }

        /// The host of the current hop.
        var host: String { request.url?.host ?? "" }

        // MARK: - Ending a hop

        /// What the loop does once libcurl has finished a hop.
        enum HopEnd {
            /// Send the next hop (a redirect followed).
            case follow
            /// The exchange is over, with this error or none.
            case complete((any Error)?)
        }

        /// Judges a finished hop from libcurl's result `code`.
        ///
        /// - Parameters:
        ///   - code:         libcurl's result.
        ///   - library:      libcurl, for its error text.
        ///   - trustFailure: Why the loop's TLS check refused this hop's host, if it did.
        func endHop(code: CurlCode, library: Libcurl, trustFailure: HTTPError.PinningFailureReason?) -> HopEnd {
            if code != .ok {
                let detail = libcurlDetail(of: code, library: library)
                let error = error(for: code, detail: detail)
                // A refused TLS handshake or chain to a pinned host is a pinning failure, as on
                // Apple platforms: the check's own reason, or the chain's verification error.
                if code == .sslConnectError || code == .peerFailedVerification, exchange.isPinned(host: host) {
                    if let trustFailure {
                        exchange.refuseServerTrust(host: host, reason: trustFailure)
                    } else {
                        exchange.serverTrustFailed(host: host, message: detail)
                    }
                }
                return .complete(error)
            }
            if let redirect {
                guard let next = exchange.redirectRequest(after: redirect, for: request) else {
                    return .complete(URLError(.cancelled))
                }
                if HTTPExchange.dropsBody(from: request, to: next) { body = .none }
                request = next
                addedCookie = nil
                self.redirect = nil
                head = nil
                rewind()
                return .follow
            }
            if !delivered {
                guard head != nil else {
                    return .complete(URLError(.badServerResponse, reason: "the server sent no response head"))
                }
                if !deliverHead() { return .complete(URLError(.cancelled)) }
            }
            return .complete(nil)
        }

        /// libcurl's account of a failed hop: its code, then its error buffer, or the code's own text
        /// when the buffer is empty (`libcurl 7: Failed to connect to …`).
        private func libcurlDetail(of code: CurlCode, library: Libcurl) -> String {
            let buffer = String(cString: errorBuffer)
            let text = buffer.isEmpty ? library.errorText(code.rawValue).map { String(cString: $0) } : buffer
            return text.map { "\(code): \($0)" } ?? "\(code)"
        }

        /// The error a failed hop ends with: NetworkKit's summary of `code`, then libcurl's `detail`,
        /// whose code the documentation's table of libcurl's codes lists. A head over libcurl's
        /// bounds fails the exchange with its typed reason.
        private func error(for code: CurlCode, detail: String) -> URLError {
            if refused || exchange.isCancelled { return URLError(.cancelled) }
            if let streamFailure { return URLError(.unknown, reason: streamFailure) }
            if !delivered, let limit = CurlHeadLimit.exceeded(code: code, detail: String(cString: errorBuffer)) {
                return HTTPError.responseHeadLimitError(limit: limit)
            }
            if code == .unsupportedProtocol, !delivered, exchange.outgoing.base.hasHTTPScheme {
                // libcurl sends only http and https here, so the protocol it did not support is the
                // answer's (HTTP/0.9, an unknown version, a status outside 100–999), not the URL's.
                return URLError(.badServerResponse, reason: "\(code.summary) (\(detail))")
            }
            return URLError(code.urlErrorCode, reason: "\(code.summary) (\(detail))")
        }

        // MARK: - Callbacks (under the loop's lock)

        func receivedHeader(_ line: UnsafeRawBufferPointer) -> Bool {
            lastActivity = .now
            guard !delivered else { return true }  // trailers of a chunked body
            var end = line.count
            while end > 0, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
            if end == 0 {
                guard let head, head.status >= 200 else { return true }  // none yet, or an interim one
                // A redirect (but a 304, which answers a conditional request) is followed by the
                // exchange's rules when the hop ends; its body is not kept.
                if exchange.followsRedirects, (300..<400).contains(head.status), head.status != 304,
                    head.fields.contains(where: { FieldName.same($0.name, "Location") })
                {
                    redirect = makeResponse()
                    return redirect != nil
                }
                return deliverHead()
            }
            let bytes = UnsafeRawBufferPointer(rebasing: line[..<end])
            if bytes.starts(with: "HTTP/".utf8) {
                guard let status = Self.statusCode(of: bytes) else { return true }
                var fields: [HTTPHeader] = []
                fields.reserveCapacity(Self.expectedFields)
                head = (status, fields)
            } else if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
                // Field names and values without the spaces and tabs around them, read as bytes:
                // Foundation's trimming costs more than the rest of the response.
                head?.fields.append(
                    HTTPHeader(name: Self.trimmed(bytes, 0, colon), value: Self.trimmed(bytes, colon + 1, bytes.count)))
            }
            return true
        }

        /// Room for a usual head's fields (a dozen), made once instead of growing the list four times.
        static let expectedFields = 16

        /// The status code of a status line (`HTTP/1.1 200 OK`, `HTTP/2 404`): the digits after the
        /// first run of spaces, up to the next space or the end; nil when there are none or they do
        /// not form a number.
        static func statusCode(of line: UnsafeRawBufferPointer) -> Int? {
            guard var index = line.firstIndex(of: 0x20) else { return nil }
            while index < line.count, line[index] == 0x20 { index += 1 }
            var status = 0
            var digits = 0
            while index < line.count, line[index] != 0x20 {
                let digit = Int(line[index]) - 0x30
                guard (0...9).contains(digit), digits < 9 else { return nil }
                status = status * 10 + digit
                digits += 1
                index += 1
            }
            return digits > 0 ? status : nil
        }

        /// `bytes[start..<end]` as text, without the spaces and tabs around it.
        private static func trimmed(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> String {
            var (start, end) = (start, end)
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        /// The head read so far as a response of the current hop's URL.
        private func makeResponse() -> ResponseHead? {
            guard let head, let url = request.url else { return nil }
            return ResponseHead(statusCode: head.status, url: url, wireFields: head.fields)
        }

        /// Gives the exchange the final response head; false when it refused it.
        private func deliverHead() -> Bool {
            delivered = true
            guard let response = makeResponse(), exchange.receive(response) else {
                refused = true
                return false
            }
            return true
        }

        func received(_ bytes: UnsafeRawBufferPointer) -> Bool {
            lastActivity = .now
            if redirect != nil { return true }  // the body of a redirect: not kept
            if !delivered, !deliverHead() { return false }
            guard !refused, exchange.receive(contentsOf: bytes) else {
                refused = true
                return false
            }
            return true
        }

        /// Fills `buffer` with the next body bytes: the count, 0 at the end, nil to abort.
        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
            lastActivity = .now
            let count = readBody(into: buffer)
            if let count { bodyBytesRead += Int64(count) }
            return count
        }

        /// `read(into:)` without the count.
        private func readBody(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
            guard !exchange.isCancelled, let base = buffer.baseAddress else { return nil }
            switch body {
            case .none:
                return 0
            case .data(let data):
                let count = min(buffer.count, data.count - memoryOffset)
                guard count > 0 else { return 0 }
                let start = data.startIndex + memoryOffset
                data.copyBytes(to: base.assumingMemoryBound(to: UInt8.self), from: start..<start + count)
                memoryOffset += count
                return count
            case .file(let url, let length):
                return readStream(into: buffer) { SegmentedBodyStream([.file(path: url.path, size: length)]) }
            case .stream(let make, _):
                return readStream(into: buffer, make: make)
            }
        }

        private func readStream(into buffer: UnsafeMutableRawBufferPointer, make: () -> InputStream?) -> Int? {
            guard let base = buffer.baseAddress else { return nil }
            if stream == nil {
                guard let made = make() else {
                    streamFailure = "the upload's body stream could not be made"
                    return nil
                }
                made.open()
                stream = made
            }
            guard let stream else { return nil }
            let count = stream.read(base.assumingMemoryBound(to: UInt8.self), maxLength: buffer.count)
            if count < 0 {
                // (A SegmentedBodyStream, the kind NetworkKit makes, says what failed in `failure`;
                // Foundation's `streamError` is not for subclasses.)
                let failure = (stream as? SegmentedBodyStream)?.failure
                streamFailure =
                    "the upload's body could not be read" + (failure.map { ": \($0.path): \($0.reason)" } ?? "")
                return nil
            }
            return count
        }

        /// Starts the body again from its beginning (a redirect that keeps the method and body).
        func rewind() {
            memoryOffset = 0
            bodyBytesRead = 0
            stream?.close()
            stream = nil
        }

        func progressed(sent wireBytes: Int64) -> Bool {
            let sent = min(wireBytes, bodyBytesRead)
            if sent != sentReported {
                sentReported = sent
                lastActivity = .now
                if case .none = body {} else { exchange.didSend(totalBytes: sent) }
            }
            return !exchange.isCancelled
        }
    }

    extension URLError {
        /// An error with `reason` as its description.
        init(_ code: Code, reason: String) {
            self.init(code, userInfo: [NSLocalizedDescriptionKey: reason])
        }
    }
#endif
