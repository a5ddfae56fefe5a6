#if os(Linux)
    import Foundation
    import FoundationNetworking
    import InternalServiceUtilities

    extension CurlExchange {
        /// Sets the current hop's options on `easy`: nil when libcurl took them all.
        ///
        /// Redirects are never followed by libcurl: the loop asks the exchange about each one, so
        /// that every transport follows the same rules. No `Expect` and no `Content-Type` of
        /// libcurl's own are sent, content codings libcurl knows are decoded, and the protocols are
        /// `http` and `https` only.
        ///
        /// - Parameters:
        ///   - easy:     The handle, fresh or reset, or `primed`.
        ///   - library:  libcurl.
        ///   - settings: The transport's settings.
        ///   - lines:    The header lines the loop made last: used when the hop's fields are the same,
        ///               replaced by the hop's own otherwise.
        ///   - primed:   Whether `easy` still holds the options of a ``isPlain`` hop of this loop, and
        ///               this hop is plain too: only what differs from one such hop to the next is set.
        func configure(
            _ easy: Libcurl.Handle, library: Libcurl, settings: CurlTransport.Settings, lines: inout CurlHeaderList?,
            primed: Bool
        ) -> URLError? {
            guard let url = request.url?.absoluteString else { return URLError(.badURL) }
            let options = OptionWriter(library: library, easy: easy)
            let transfer = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
            typealias Option = Libcurl.Option
            options.set(Option.url, url)
            if !primed { configureBase(options, settings) }
            options.set(Option.connectTimeoutMilliseconds, Int(idleTimeout * 1000))  // at most a week
            errorBuffer[0] = 0
            options.set(Option.errorBuffer, pointer: errorBuffer)
            options.set(Option.writeData, pointer: transfer)
            options.set(Option.headerData, pointer: transfer)
            // A large receive buffer lets a download keep up with `curl -o`; small responses keep
            // libcurl's default, which costs no allocation per request.
            if exchange.expectsLargeBody { options.set(Option.bufferSize, 512 * 1024) }
            configurePins(options)
            // A primed handle already sends a GET without a body.
            let length = primed ? nil : configureBody(options)
            var fields = request.allHTTPHeaderFields ?? [:]
            if let addedCookie { URLRequest.set(addedCookie, for: "Cookie", in: &fields) }
            if let last = lines, last.matches(fields: fields, typed: length != nil) {
                headerList = last
            } else {
                let made = CurlHeaderList(fields: fields, typed: length != nil, library: library)
                lines = made
                headerList = made
            }
            options.set(Option.headers, pointer: UnsafeRawPointer(headerList?.pointer))
            if let failed = options.failure {
                let text = library.errorText(failed).map { String(cString: $0) } ?? "error \(failed)"
                return URLError(.unknown, reason: "libcurl refused an option: \(text)")
            }
            return nil
        }

        /// Whether the hop sets no option but those every plain GET of the loop sets alike (no body,
        /// no other method, no pins, no large buffer): a handle that ran one keeps its options for
        /// the next one instead of being reset (see ``CurlEventLoop``).
        var isPlain: Bool {
            guard case .none = body, !exchange.expectsLargeBody, exchange.pins.isEmpty else { return false }
            return (request.httpMethod ?? "GET") == "GET"
        }

        /// The options that are the same for every hop of the loop: protocols, callbacks, content
        /// codings, HTTP version and CA bundle.
        private func configureBase(_ options: OptionWriter, _ settings: CurlTransport.Settings) {
            typealias Option = Libcurl.Option
            options.setHTTPProtocolsOnly()
            options.set(Option.noSignal, 1)
            options.set(Option.acceptEncoding, "")
            // A proxy's answer to CONNECT is not the response.
            options.set(Option.suppressConnectHeaders, 1)
            options.set(Option.writeFunction, pointer: unsafeBitCast(curlWrite, to: UnsafeRawPointer.self))
            options.set(Option.headerFunction, pointer: unsafeBitCast(curlHeader, to: UnsafeRawPointer.self))
            switch settings.httpVersion {
            case .automatic:
                options.set(Option.httpVersion, Option.httpVersion2OverTLS)
                // A new request to a host whose HTTP/2 connection is being set up waits for it and
                // is multiplexed on it, instead of opening a connection of its own.
                options.set(Option.pipeWait, 1)
            case .http1Only:
                options.set(Option.httpVersion, Option.httpVersion1)
            }
            if let bundle = settings.caBundle { options.setCABundle(bundle) }
        }

        /// The chain check of a hop to a pinned host.
        private func configurePins(_ options: OptionWriter) {
            typealias Option = Libcurl.Option
            // Pins first: the hop's host is read from its URL, which Foundation parses again.
            if !exchange.pins.isEmpty, exchange.isPinned(host: host), let trust = CurlTrust.shared {
                // Every new connection to a pinned host runs the chain check (see CurlTrust); none
                // resumes a TLS session, which would skip it.
                options.set(Option.sslSessionCache, 0)
                options.set(Option.sslContextFunction, pointer: trust.contextFunction)
                options.set(Option.sslContextData, pointer: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()))
            }
        }

        /// Sets the method and the body; returns the body's length (-1: chunked), nil for none.
        private func configureBody(_ options: OptionWriter) -> Int64? {
            typealias Option = Libcurl.Option
            let method = request.httpMethod ?? "GET"
            var length: Int64?
            switch body {
            case .none where method == "HEAD":
                options.set(Option.nobody, 1)
            case .none where ["POST", "PUT", "PATCH"].contains(method):
                length = 0  // sent with `Content-Length: 0`, as URLSession does
            case .none:
                options.set(Option.httpGet, 1)
                if method != "GET" { options.set(Option.customRequest, method) }
            case .data(let data):
                length = Int64(data.count)
            case .file(_, let fileLength):
                length = fileLength
            case .stream(_, let streamLength):
                length = streamLength ?? -1
            }
            if let length {
                let transfer = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
                options.set(Option.post, 1)
                if method != "POST" { options.set(Option.customRequest, method) }
                options.set(Option.postFieldSize, offset: length)
                options.set(Option.readFunction, pointer: unsafeBitCast(curlRead, to: UnsafeRawPointer.self))
                options.set(Option.readData, pointer: transfer)
                options.set(Option.seekFunction, pointer: unsafeBitCast(curlSeek, to: UnsafeRawPointer.self))
                options.set(Option.seekData, pointer: transfer)
                options.set(Option.uploadBufferSize, 512 * 1024)
                options.set(Option.progressFunction, pointer: unsafeBitCast(curlProgress, to: UnsafeRawPointer.self))
                options.set(Option.progressData, pointer: transfer)
                options.set(Option.noProgress, 0)
            }
            return length
        }
    }

    /// Sets options on one easy handle and keeps the first refusal.
    final class OptionWriter {
        let library: Libcurl
        let easy: Libcurl.Handle
        /// libcurl's code for the first option it refused; nil while it took them all.
        private(set) var failure: Int32?

        init(library: Libcurl, easy: Libcurl.Handle) {
            self.library = library
            self.easy = easy
        }

        /// Keeps `result`, the code of an option set directly, when it is the first refusal.
        func note(_ result: Int32) {
            if result != CurlCode.ok.rawValue, failure == nil { failure = result }
        }

        func set(_ option: Int32, _ value: Int) { note(library.setLong(easy, option, value)) }

        /// A string option (libcurl copies it, since 7.17).
        func set(_ option: Int32, _ value: String) {
            note(value.withCString { library.setPointer(easy, option, $0) })
        }

        func set(_ option: Int32, pointer: UnsafeRawPointer?) {
            note(library.setPointer(easy, option, pointer))
        }

        func set(_ option: Int32, offset: Int64) { note(library.setOffset(easy, option, offset)) }

        /// http and https only: the string form (7.85) or, on older libcurl, the bit mask.
        func setHTTPProtocolsOnly() {
            let result = "http,https".withCString { library.setPointer(easy, Libcurl.Option.protocols, $0) }
            if result == CurlCode.unknownOption.rawValue {
                set(Libcurl.Option.protocolMask, Libcurl.Option.httpAndHTTPS)
            } else {
                note(result)
            }
        }

        /// `bundle` (PEM) as the CA certificates, and only it: no file or folder of libcurl's own.
        func setCABundle(_ bundle: Data) {
            bundle.withUnsafeBytes { bytes in
                var blob = Libcurl.Blob(
                    data: UnsafeMutableRawPointer(mutating: bytes.baseAddress), length: bytes.count,
                    flags: Libcurl.Option.blobCopy)
                withUnsafePointer(to: &blob) { set(Libcurl.Option.caInfoBlob, pointer: UnsafeRawPointer($0)) }
            }
            set(Libcurl.Option.caInfo, pointer: nil)
            set(Libcurl.Option.caPath, pointer: nil)
        }
    }

    // libcurl's callbacks: C functions that find their transfer through the user-data pointer.

    private func transfer(_ pointer: UnsafeMutableRawPointer?) -> CurlExchange? {
        pointer.map { Unmanaged<CurlExchange>.fromOpaque($0).takeUnretainedValue() }
    }

    private let curlWrite: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
        bytes, size, count, user in
        let total = size * count
        guard let transfer = transfer(user) else { return 0 }
        return transfer.received(UnsafeRawBufferPointer(start: bytes, count: total)) ? total : 0
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
        guard let transfer = transfer(user) else { return Libcurl.Option.progressAbort }
        return transfer.progressed(sent: sent) ? Libcurl.Option.progressContinue : Libcurl.Option.progressAbort
    }
#endif
