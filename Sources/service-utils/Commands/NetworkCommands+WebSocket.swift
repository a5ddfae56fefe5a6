// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import InternalServiceUtilities
    import ServiceUtils

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension NetworkCommands {
        /// `service-utils ws URL`, as websocat: standard input's lines go out as text messages, the
        /// messages received are printed one per line.
        static let webSocket = Command(
            name: "ws",
            summary: "open a WebSocket: send standard input's lines as text messages, print what arrives",
            usage:
                "ws URL [-H 'Name: value' ...] [--protocol NAME ...] [--binary] [--no-close] [--no-compression] "
                + "[--ping-interval SECONDS] [--timeout SECONDS] " + TLSOptions.usage,
            details: """
                URL is ws:// or wss:// (http:// and https:// are taken as those). Each line of standard input
                is sent as a text message; each message received is printed on a line of its own, a binary
                one as raw bytes, or as base64 with --binary. At the end of standard input the client closes
                the connection (code 1000) and waits for the server's close; with --no-close (websocat's -n)
                it waits for the server to close. -H (or --header) adds a field to
                the handshake, --protocol offers a subprotocol (repeatable, in order of preference; the one
                chosen is printed on standard error), --no-compression offers no permessage-deflate, and
                --ping-interval pings the server that often and gives up on it when a pong does not come
                back in time. The exit status is 0 after a normal close (1000); otherwise 1, after the close
                code and reason (or the failure) on standard error.
                """ + "\n\n" + TLSOptions.details
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let tls = try TLSOptions(parsing: &parser)
            let headerLines = try parser.options("-H") + parser.options("--header")
            let protocols = try parser.options("--protocol")
            let binary = parser.flag("--binary")
            let noClose = parser.flag("--no-close") || parser.flag("-n")
            let noCompression = parser.flag("--no-compression")
            let pingInterval = try parser.option("--ping-interval").map { try seconds($0, for: "--ping-interval") }
            let timeout = try parser.option("--timeout").map { try seconds($0, for: "--timeout") }
            let words = try parser.positionals()
            guard words.count == 1 else { throw UsageError("ws needs one URL") }
            guard let url = URL(string: words[0]), url.host?.isEmpty == false,
                ["ws", "wss", "http", "https"].contains(url.scheme?.lowercased() ?? "")
            else { throw UsageError("not a ws:// or wss:// URL: \(words[0])") }
            var request = URLRequest(url: url)
            if let timeout { request.timeoutInterval = timeout }
            for line in headerLines {
                guard let colon = line.firstIndex(of: ":") else { throw UsageError("-H needs 'Name: value'") }
                let name = line[..<colon].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { throw UsageError("-H needs 'Name: value'") }
                request.setValue(
                    line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces), forHTTPHeaderField: name)
            }
            var configuration = HTTPClient.Configuration()
            try tls.apply(to: &configuration, for: url)
            let client = HTTPClient(configuration: configuration)
            let options = WebSocketConfiguration(
                protocols: protocols, pingInterval: pingInterval.map { .milliseconds(Int($0 * 1000)) },
                compression: noCompression ? .none : .permessageDeflate)
            let socket: WebSocket
            do {
                socket = try await client.webSocket(request, configuration: options)
            } catch {
                console.error("ws: \(error)")
                return ExitStatus.failure
            }
            if let chosen = socket.negotiatedProtocol { console.error("ws: subprotocol \(chosen)") }
            let sender = Task {
                for await line in standardInputLines(console) {
                    do {
                        try await socket.send(.string(line))
                    } catch {
                        return
                    }
                }
                if !noClose { await socket.close() }
            }
            defer { sender.cancel() }
            do {
                for try await message in socket.messages {
                    switch message {
                    case .string(let text): console.print(text)
                    case .data(let data) where binary: console.print(data.base64EncodedString())
                    case .data(let data): console.writeData(data + Data("\n".utf8))
                    }
                }
            } catch {
                console.error("ws: \(error)")
                return ExitStatus.failure
            }
            guard socket.closeCode == .normalClosure else {
                let code = socket.closeCode?.rawValue ?? WebSocketCloseCode.abnormalClosure.rawValue
                console.error("ws: closed with \(code) \(socket.closeReason ?? "")")
                return ExitStatus.failure
            }
            return ExitStatus.success
        }

        /// A positive number of seconds from an option's value.
        private static func seconds(_ text: String, for option: String) throws(UsageError) -> TimeInterval {
            guard let seconds = TimeInterval(text), seconds > 0, seconds.isFinite else {
                throw UsageError("\(option) needs a positive number of seconds")
            }
            return seconds
        }

        /// Standard input's lines, read on a thread of their own (a blocking read must not hold a
        /// thread of Swift's pool); the stream ends at the end of the input.
        private static func standardInputLines(_ console: Console) -> AsyncStream<String> {
            AsyncStream { continuation in
                Thread.detachNewThread {
                    while let line = console.readLine() { continuation.yield(line) }
                    continuation.finish()
                }
            }
        }
    }
#endif
