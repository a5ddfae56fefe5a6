#if os(Linux)
    import Foundation
    import InternalServiceUtilities
    import FoundationNetworking

    /// One download, upload or stream sent with libcurl on a thread of its own, telling its
    /// ``TransferHandler`` what URLSession's delegate would: the final response head, each piece of the
    /// body, the bytes sent, and the end.
    ///
    /// On Linux, FoundationNetworking hands every piece of a body from libcurl's thread to its work
    /// queue and then to the delegate queue; driven directly, the body goes from libcurl's buffer to the
    /// sink (a file, a stream) on one thread, with a 512 KiB receive buffer, which is what lets a
    /// download keep up with `curl -o`. It also sends a file with its `Content-Length` without
    /// FoundationNetworking's file reader (see ``UploadPlan``), and rewinds a streamed body when a
    /// redirect needs it again.
    ///
    /// It does what the transfer session's URLSession does: reuses the client's connections (see
    /// ``CurlHandlePool``), follows up to 16 redirects (`http` and `https` only; libcurl follows those
    /// of GET, HEAD and POST, this type those of other methods, which libcurl would keep where a `303`
    /// asks for a GET), decodes the content codings libcurl knows, sends the request's headers and
    /// body (adding no `Expect` and no `Content-Type` of its own), treats `timeoutInterval` as the most
    /// time without any progress, and maps libcurl's errors to `URLError` codes as FoundationNetworking
    /// does.
    final class CurlTransfer: @unchecked Sendable {
        // Safe: everything but `control` is touched only by the transfer's own thread (`run()` and
        // libcurl's callbacks, which libcurl calls on that thread); `control` is behind its lock.

        private let library: Libcurl
        private let pool: CurlHandlePool
        /// The request of the current hop (a redirect this transfer follows itself changes it).
        private var request: URLRequest
        private var body: TransferBody
        private let handler: any TransferHandler
        private let idleTimeout: TimeInterval
        /// ``idleTimeout`` as the loop in `drive(_:)` compares it.
        private let idleLimit: Duration
        /// Whether redirects are followed here rather than by libcurl: libcurl keeps a custom method
        /// (PUT, DELETE…) on every hop, where a `303` must become a `GET`.
        private let followsRedirectsItself: Bool
        private let control = Locked<(multi: Libcurl.Handle?, cancelled: Bool)>((nil, false))

        // The transfer thread's own state.
        private var easy: Libcurl.Handle?
        private var head: (status: Int, version: String, fields: [(String, String)])?
        private var delivered = false
        private var refused = false
        private var timedOut = false
        /// A redirect this transfer follows itself, seen in the current hop's head: its `Location`
        /// as sent, checked when it is followed.
        private var redirect: (location: String, status: Int)?
        /// A `CURLMcode` that stopped the transfer (out of memory, say).
        private var multiFailure: Int32?
        private var lastActivity = ContinuousClock.now
        private var memoryOffset = 0
        private var stream: InputStream?
        private var streamFailure: String?
        private var sentReported: Int64 = -1

        init(pool: CurlHandlePool, request: URLRequest, body: TransferBody, handler: any TransferHandler) {
            self.pool = pool
            library = pool.library
            self.request = request
            let method = request.httpMethod ?? "GET"
            switch body {
            case .none where request.httpBody != nil:
                // A download or stream whose request carries a body (a POST for a report, say).
                self.body = .memory(request.httpBody ?? Data())
            case .none where ["POST", "PUT", "PATCH"].contains(method):
                self.body = .memory(Data())  // sent with `Content-Length: 0`, as URLSession does
            default:
                self.body = body
            }
            self.handler = handler
            followsRedirectsItself = !["GET", "HEAD", "POST"].contains(method)
            // Seconds without progress; the client caps them at a week (HTTPClient.longestTimeout),
            // checked again here so no conversion below can overflow.
            let timeout = request.timeoutInterval
            idleTimeout = timeout > 0 && timeout <= HTTPClient.longestTimeout ? timeout : HTTPClient.longestTimeout
            idleLimit = .milliseconds(Int64(idleTimeout * 1000))
        }

        /// Starts the transfer on a new thread; the handler hears of it from there.
        func start() {
            let thread = Thread { [self] in run() }
            thread.name = "NetworkKit.curl"
            thread.start()
        }

        /// Stops the transfer soon; it then completes with `URLError.cancelled` (unless it already
        /// ended).
        func cancel() {
            control.withLock { control in
                control.cancelled = true
                if let multi = control.multi { _ = library.multiWakeup(multi) }
            }
        }

        private var isCancelled: Bool {
            control.value.cancelled
        }

        // MARK: - The transfer thread

        private func run() {
            guard let handles = pool.take() else {
                handler.didComplete(URLError(.unknown, reason: "libcurl could not make a transfer handle"))
                return
            }
            let (easy, multi) = (handles.easy, handles.multi)
            self.easy = easy
            var failure: URLError?
            var hops = 0
            while true {
                failure = send(easy, in: multi)
                guard failure == nil, let next = redirect else { break }
                hops += 1
                guard hops <= 16 else {
                    failure = URLError(.httpTooManyRedirects, reason: "more than 16 redirects")
                    break
                }
                // The errors libcurl gives the redirects it follows itself.
                guard let target = URL(string: next.location, relativeTo: request.url)?.absoluteURL else {
                    failure = URLError(.badURL, reason: "the redirect's Location is not a URL: \(next.location)")
                    break
                }
                guard target.scheme == "http" || target.scheme == "https" else {
                    failure = URLError(
                        .unsupportedURL, reason: "the redirect leads to neither http nor https: \(next.location)")
                    break
                }
                follow(target, status: next.status)
                library.easyReset(easy)
            }
            if failure == nil, !delivered {
                // A response without a body whose head was held back as a redirect libcurl did not
                // follow after all (one past the redirect limit, say).
                if head == nil {
                    failure = URLError(.badServerResponse, reason: "the server sent no response head")
                } else if !deliverHead() {
                    failure = URLError(.cancelled)
                }
            }
            self.easy = nil
            pool.give(handles, reusable: failure == nil)
            stream?.close()
            handler.didComplete(failure)
        }

        /// Sends the current hop's request on `easy` and waits for it to end: nil when it succeeded.
        private func send(_ easy: Libcurl.Handle, in multi: Libcurl.Handle) -> URLError? {
            var errorBuffer = [CChar](repeating: 0, count: Libcurl.Option.errorBufferSize)
            var headerList: Libcurl.Handle?
            defer { library.listFree(headerList) }
            return errorBuffer.withUnsafeMutableBufferPointer { buffer -> URLError? in
                // The buffer is gone after this closure; libcurl must not keep pointing at it.
                defer { _ = library.setPointer(easy, Libcurl.Option.errorBuffer, nil) }
                let configured = configure(easy, errorBuffer: buffer.baseAddress, headerList: &headerList)
                // The header list is freed when this returns: no option may keep pointing at it.
                defer { _ = library.setPointer(easy, Libcurl.Option.headers, nil) }
                if let configured { return configured }
                control.withLock { $0.multi = multi }
                _ = library.multiAdd(multi, easy)
                let code = drive(multi)
                control.withLock { $0.multi = nil }
                _ = library.multiRemove(multi, easy)
                return error(for: code, detail: buffer.baseAddress.map { String(cString: $0) } ?? "")
            }
        }

        /// Turns the request into the next hop's, as the Fetch standard redirects: a `303` (and a
        /// `301` or `302` after a POST) becomes a `GET` without a body; any other keeps method and
        /// body, sent again from its start. Credentials do not go to another origin.
        private func follow(_ url: URL, status: Int) {
            let method = request.httpMethod ?? "GET"
            var next = request
            next.url = url
            if (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST") {
                next.httpMethod = "GET"
                next.httpBody = nil
                for name in ["Content-Type", "Content-Length", "Content-Encoding", "Content-Language"] {
                    next.setValue(nil, forHTTPHeaderField: name)
                }
                body = .none
            }
            let from = request.url
            if from?.scheme != url.scheme || from?.host != url.host || from?.port != url.port {
                next.setValue(nil, forHTTPHeaderField: "Authorization")
                next.setValue(nil, forHTTPHeaderField: "Cookie")
            }
            request = next
            redirect = nil
            head = nil
            rewind()
        }

        /// Runs libcurl until the transfer ends, is cancelled or has made no progress for the idle
        /// timeout; returns libcurl's result code (or -1 when stopped from here or by a multi error).
        private func drive(_ multi: Libcurl.Handle) -> Int32 {
            var running: Int32 = 1
            while true {
                let performed = library.multiPerform(multi, &running)
                if performed != 0 {
                    multiFailure = performed
                    return -1
                }
                if running == 0 { break }
                if isCancelled { return -1 }
                let idle = lastActivity.duration(to: .now)
                if idle >= idleLimit {
                    timedOut = true
                    return -1
                }
                let wait = min(idleLimit - idle, .milliseconds(250))
                let milliseconds = Int32(
                    wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000)
                _ = library.multiPoll(multi, nil, 0, max(milliseconds, 1), nil)
            }
            var remaining: Int32 = 0
            while let message = library.multiInfoRead(multi, &remaining) {
                // CURLMsg: an int (the message kind), the easy handle, then a union whose CURLcode
                // sits at offset 16 on 64-bit systems.
                if message.load(as: Int32.self) == Libcurl.Option.messageDone {
                    return message.load(fromByteOffset: 16, as: Int32.self)
                }
            }
            return 0
        }

        /// The error a finished transfer ends with, nil for success.
        private func error(for code: Int32, detail: String) -> URLError? {
            if code == 0 { return nil }
            if let multiFailure { return URLError(.unknown, reason: "libcurl failed with multi error \(multiFailure)") }
            if timedOut { return URLError(.timedOut, reason: "no progress for \(idleTimeout) seconds") }
            if refused || isCancelled { return URLError(.cancelled) }
            if let streamFailure { return URLError(.unknown, reason: streamFailure) }
            let text = library.errorText(code).map { String(cString: $0) } ?? "libcurl error \(code)"
            let reason = detail.isEmpty ? text : "\(text): \(detail)"
            return URLError(Self.code(for: code), reason: reason)
        }

        /// The URLError code FoundationNetworking gives libcurl's result `code`.
        static func code(for code: Int32) -> URLError.Code {
            switch code {
            case 1: return .unsupportedURL
            case 3: return .badURL
            case 5, 6: return .cannotFindHost
            case 7: return .cannotConnectToHost
            case 8, 16: return .badServerResponse
            case 18, 52, 55, 56, 92: return .networkConnectionLost
            case 28: return .timedOut
            case 35, 59, 64, 98: return .secureConnectionFailed
            case 42: return .cancelled
            case 47: return .httpTooManyRedirects
            case 58: return .clientCertificateRejected
            case 60, 77, 83, 90, 91: return .serverCertificateUntrusted
            case 61: return .cannotDecodeContentData
            case 65: return .requestBodyStreamExhausted
            default: return .unknown
            }
        }

        // MARK: - Set-up

        private func configure(
            _ easy: Libcurl.Handle, errorBuffer: UnsafeMutablePointer<CChar>?, headerList: inout Libcurl.Handle?
        ) -> URLError? {
            guard let url = request.url?.absoluteString else { return URLError(.badURL) }
            let me = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
            typealias O = Libcurl.Option
            var results: [Int32] = []
            func set(_ option: Int32, _ value: Int) { results.append(library.setLong(easy, option, value)) }
            func set(_ option: Int32, _ value: String) {
                // libcurl copies string options (since 7.17).
                results.append(value.withCString { library.setPointer(easy, option, $0) })
            }
            func set(_ option: Int32, pointer: UnsafeRawPointer?) {
                results.append(library.setPointer(easy, option, pointer))
            }
            set(O.url, url)
            // http and https only, the string form (7.85) or, on older libcurl, the bit mask.
            for (named, masked) in [(O.protocols, O.protocolMask), (O.redirectProtocols, O.redirectProtocolMask)] {
                let result = "http,https".withCString { library.setPointer(easy, named, $0) }
                if result == O.unknownOption {
                    set(masked, O.httpAndHTTPS)
                } else {
                    results.append(result)
                }
            }
            set(O.noSignal, 1)
            set(O.followLocation, followsRedirectsItself ? 0 : 1)
            set(O.maximumRedirects, 16)
            set(O.acceptEncoding, "")
            // A proxy's answer to CONNECT is not the response.
            set(O.suppressConnectHeaders, 1)
            set(O.bufferSize, 512 * 1024)
            set(O.uploadBufferSize, 512 * 1024)
            set(O.connectTimeoutMilliseconds, Int(idleTimeout * 1000))  // at most a week: no overflow
            set(O.errorBuffer, pointer: errorBuffer)
            set(O.writeFunction, pointer: unsafeBitCast(curlWrite, to: UnsafeRawPointer.self))
            set(O.writeData, pointer: me)
            set(O.headerFunction, pointer: unsafeBitCast(curlHeader, to: UnsafeRawPointer.self))
            set(O.headerData, pointer: me)
            set(O.progressFunction, pointer: unsafeBitCast(curlProgress, to: UnsafeRawPointer.self))
            set(O.progressData, pointer: me)
            set(O.noProgress, 0)

            let method = request.httpMethod ?? "GET"
            var length: Int64?
            switch body {
            case .none where method == "HEAD":
                set(O.nobody, 1)
            case .none:
                set(O.httpGet, 1)
                if method != "GET" { set(O.customRequest, method) }
            case .memory(let data):
                length = Int64(data.count)
            case .stream(_, let streamLength):
                length = streamLength ?? -1
            }
            if let length {
                set(O.post, 1)
                if method != "POST" { set(O.customRequest, method) }
                results.append(library.setOffset(easy, O.postFieldSize, length))
                set(O.readFunction, pointer: unsafeBitCast(curlRead, to: UnsafeRawPointer.self))
                set(O.readData, pointer: me)
                set(O.seekFunction, pointer: unsafeBitCast(curlSeek, to: UnsafeRawPointer.self))
                set(O.seekData, pointer: me)
            }

            var list: Libcurl.Handle?
            // libcurl would ask for `100 Continue` before a large body; URLSession does not.
            var lines = ["Expect:"]
            // Nor would it invent a form type for a body the request did not type ("Name:" removes
            // one of libcurl's own headers).
            if length != nil, request.value(forHTTPHeaderField: "Content-Type") == nil {
                lines.append("Content-Type:")
            }
            for (name, value) in request.allHTTPHeaderFields ?? [:] {
                let lower = name.lowercased()
                // libcurl writes the framing from the body's length itself.
                if lower == "content-length" || lower == "transfer-encoding" || lower == "expect" { continue }
                // "Name;" is libcurl's way of sending a header with an empty value.
                lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
            }
            for line in lines { list = library.listAppend(list, line) ?? list }
            headerList = list
            set(O.headers, pointer: UnsafeRawPointer(list))
            if let failed = results.first(where: { $0 != 0 }) {
                let text = library.errorText(failed).map { String(cString: $0) } ?? "error \(failed)"
                return URLError(.unknown, reason: "libcurl refused an option: \(text)")
            }
            return nil
        }

        // MARK: - Callbacks (on the transfer thread)

        fileprivate func receivedHeader(_ line: UnsafeRawBufferPointer) -> Bool {
            lastActivity = .now
            guard !delivered else { return true }  // trailers of a chunked body
            var end = line.count
            while end > 0, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: line[..<end]), as: UTF8.self)
            if text.hasPrefix("HTTP/") {
                let parts = text.split(separator: " ", maxSplits: 2)
                guard parts.count >= 2, let status = Int(parts[1]) else { return true }
                head = (status, String(parts[0]), [])
            } else if text.isEmpty {
                guard let head else { return true }
                if head.status < 200 { return true }  // an interim response
                // A redirect: libcurl follows any 3xx with a Location; this transfer follows the same
                // ones itself (but a 304, which answers a conditional request) when it must.
                let location = head.fields.last(where: { $0.0.lowercased() == "location" })?.1 ?? ""
                if (300..<400).contains(head.status), !location.isEmpty {
                    guard followsRedirectsItself else { return true }
                    if head.status != 304 {
                        redirect = (location, head.status)
                        return true
                    }
                }
                return deliverHead()
            } else if let colon = text.firstIndex(of: ":") {
                let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
                let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                head?.fields.append((name, value))
            }
            return true
        }

        /// Gives the handler the last response head; false when it refused it.
        private func deliverHead() -> Bool {
            guard let head else { return false }
            delivered = true
            var fields: [String: String] = [:]
            var names: [String: String] = [:]  // lowercased name → spelling first seen
            for (name, value) in head.fields {
                let key = names[name.lowercased(), default: name]
                names[name.lowercased()] = key
                fields[key] = fields[key].map { "\($0), \(value)" } ?? value
            }
            var effective: UnsafePointer<CChar>?
            _ = library.infoString(easy, Libcurl.Option.effectiveURL, &effective)
            let url = effective.flatMap { URL(string: String(cString: $0)) } ?? request.url
            guard let url,
                let response = HTTPURLResponse(
                    url: url, statusCode: head.status, httpVersion: head.version, headerFields: fields)
            else { return false }
            if handler.didReceive(response) { return true }
            refused = true
            return false
        }

        fileprivate func received(_ bytes: UnsafeRawBufferPointer) -> Bool {
            lastActivity = .now
            if redirect != nil { return true }  // the body of a redirect followed here: not kept
            if !delivered, !deliverHead() { return false }
            guard !refused, !isCancelled else { return false }
            handler.didReceive(bytes: bytes)
            return !isCancelled
        }

        /// Fills `buffer` with the next body bytes: the count, 0 at the end, nil to abort.
        fileprivate func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
            lastActivity = .now
            guard !isCancelled, let base = buffer.baseAddress else { return nil }
            switch body {
            case .none:
                return 0
            case .memory(let data):
                let count = min(buffer.count, data.count - memoryOffset)
                guard count > 0 else { return 0 }
                let start = data.startIndex + memoryOffset
                data.copyBytes(to: base.assumingMemoryBound(to: UInt8.self), from: start..<start + count)
                memoryOffset += count
                return count
            case .stream(let make, _):
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
                    // (A SegmentedBodyStream, the only kind used, says what failed in `failure`;
                    // Foundation's `streamError` is not for subclasses.)
                    let failure = (stream as? SegmentedBodyStream)?.failure
                    streamFailure =
                        "the upload's body could not be read"
                        + (failure.map { ": \($0.path): \($0.reason)" } ?? "")
                    return nil
                }
                return count
            }
        }

        /// Starts the body again from its beginning (a redirect that keeps the method and body): the
        /// next read starts at the first byte in memory, or makes a fresh stream.
        fileprivate func rewind() {
            memoryOffset = 0
            stream?.close()
            stream = nil
        }

        fileprivate func progressed(sent: Int64) -> Bool {
            if sent != sentReported {
                sentReported = sent
                lastActivity = .now
                if case .none = body {} else { handler.didSend(totalBytes: sent) }
            }
            return !isCancelled
        }
    }

    extension URLError {
        /// An error with `reason` as its description.
        fileprivate init(_ code: Code, reason: String) {
            self.init(code, userInfo: [NSLocalizedDescriptionKey: reason])
        }
    }

    // libcurl's callbacks: C functions that find their transfer through the user-data pointer.

    private func transfer(_ pointer: UnsafeMutableRawPointer?) -> CurlTransfer? {
        pointer.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
    }

    private let curlWrite: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
        bytes, size, count, user in
        let total = size * count
        guard let transfer = transfer(user) else { return 0 }
        let ok = transfer.received(UnsafeRawBufferPointer(start: bytes, count: total))
        return ok ? total : 0
    }

    private let curlHeader: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
        bytes, size, count, user in
        let total = size * count
        guard let transfer = transfer(user) else { return 0 }
        return transfer.receivedHeader(UnsafeRawBufferPointer(start: bytes, count: total)) ? total : 0
    }

    private let curlRead: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
        buffer, size, count, user in
        guard let transfer = transfer(user) else { return Libcurl.Option.readAbort }
        return transfer.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
            ?? Libcurl.Option.readAbort
    }

    private let curlSeek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int32 = { user, offset, origin in
        guard offset == 0, origin == SEEK_SET, let transfer = transfer(user) else { return Libcurl.Option.seekFailed }
        transfer.rewind()
        return Libcurl.Option.seekOK
    }

    private let curlProgress: @convention(c) (UnsafeMutableRawPointer?, Int64, Int64, Int64, Int64) -> Int32 = {
        user, _, _, _, sent in
        guard let transfer = transfer(user) else { return 1 }
        return transfer.progressed(sent: sent) ? 0 : 1
    }
#endif
