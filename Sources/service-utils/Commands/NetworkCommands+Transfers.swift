// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import ServiceUtils

    #if canImport(FoundationNetworking)
        import FoundationNetworking
        import MockServerKit
    #endif

    /// `service-utils download` and `service-utils upload`, and the tour's download that is cut and resumed.
    extension NetworkCommands {
        static let download = Command(
            name: "download",
            summary: "download a URL to a file, streaming it to disk, with progress; --resume continues a cut one",
            usage: "download URL [-o FILE] [--resume] [--cache DIR] " + TLSOptions.usage + " " + CookieOptions.usage,
            details: """
                The body goes to FILE.partial as it arrives and becomes FILE at the end (FILE is the URL's
                last path component when -o is not given; an existing FILE is replaced). A download that
                fails keeps FILE.partial and FILE.partial.json; run the same command with --resume to
                continue from there (Range and If-Range: a file changed on the server starts over, and
                says so). Progress goes to standard error: a bar on a terminal, a line a second otherwise.
                --cache DIR keeps answers in an RFC 9111 cache in that folder (made when missing; bodies up
                to 32 MiB), writes FILE from it while the answer is fresh, and says on standard error when
                it did.
                """ + "\n\n" + TLSOptions.details + "\n\n" + CookieOptions.details
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let cacheFolder = try parser.option("--cache")
            if let cacheFolder, cacheFolder.isEmpty { throw UsageError("--cache needs a folder") }
            let tls = try TLSOptions(parsing: &parser)
            let cookies = try CookieOptions(parsing: &parser)
            let resume = parser.flag("--resume")
            let output = try parser.option("-o") ?? parser.option("--output")
            let words = try parser.positionals()
            guard words.count == 1 else { throw UsageError("download needs one URL") }
            let url = try absoluteURL(words[0])
            let name =
                output
                ?? (url.lastPathComponent.isEmpty || url.lastPathComponent == "/" ? "download" : url.lastPathComponent)
            let destination = URL(fileURLWithPath: name)
            var options: DownloadOptions = [.replaceExisting, .createFolders]
            if resume { options.insert(.resume) }
            var configuration = HTTPClient.Configuration()
            try tls.apply(to: &configuration, for: url)
            let store = try cookies.makeStore()
            configuration.cookies = store
            defer { cookies.writeJar(from: store, console: console) }
            let cache = cacheFolder.map { HTTPCache(directory: URL(fileURLWithPath: $0), maximumBytes: 256 << 20) }
            configuration.cache = cache
            let client = HTTPClient(configuration: configuration)
            var request = URLRequest(url: url)
            cookies.apply(to: &request)
            let meter = TransferMeter(console: console, verb: "downloaded")
            let file: DownloadedFile
            do {
                file = try await client.download(request, to: destination, options: options) {
                    meter.update($0)
                }
            } catch {
                meter.finish()
                if FileManager.default.fileExists(atPath: destination.path + ".partial") {
                    console.error("the bytes so far are in \(destination.path).partial: add --resume to continue")
                }
                throw error
            }
            meter.finish()
            if let problem = cache?.lastError { console.error("the cache folder is not used: \(problem)") }
            if let note = cacheNote(file.response.source) { console.error(note) }
            console.print(summary(of: file))
            return ExitStatus.success
        }

        static let upload = Command(
            name: "upload",
            summary: "upload a file as the request body, or as a multipart form field, with progress",
            usage: "upload URL FILE [--field NAME] [--method POST|PUT|PATCH] [--chunked] " + TLSOptions.usage + " "
                + CookieOptions.usage,
            details: """
                Without --field the file is the body (its type guessed from its extension); with --field
                it is sent as multipart/form-data in that field, streamed from disk (through a temporary
                file above 10 MB, removed afterwards). --chunked sends the body with chunked transfer
                coding instead of Content-Length. Prints the status, headers and body of the answer; the
                exit status is 1 for a status from 400 up, or when no answer came.
                """ + "\n\n" + TLSOptions.details + "\n\n" + CookieOptions.details
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let tls = try TLSOptions(parsing: &parser)
            let cookies = try CookieOptions(parsing: &parser)
            let field = try parser.option("--field")
            let method = HTTPMethod(rawValue: (try parser.option("--method") ?? "POST").uppercased())
            let chunked = parser.flag("--chunked")
            let words = try parser.positionals()
            guard words.count == 2 else { throw UsageError("upload needs a URL and a FILE") }
            guard [HTTPMethod.post, .put, .patch].contains(method) else {
                throw UsageError("--method takes POST, PUT or PATCH, not \(method)")
            }
            let url = try absoluteURL(words[0])
            var request = URLRequest(url: url)
            request.httpMethod = method.rawValue
            cookies.apply(to: &request)
            let file = URL(fileURLWithPath: words[1])
            let body: UploadBody
            if let field {
                var form = MultipartFormData()
                try form.append(streamingFileAt: file, name: field)
                body = .multipart(form)
            } else {
                body = .file(file)
            }
            let meter = TransferMeter(console: console, verb: "sent")
            var configuration = HTTPClient.Configuration()
            configuration.acceptableStatusCodes = 100..<600
            try tls.apply(to: &configuration, for: url)
            let store = try cookies.makeStore()
            configuration.cookies = store
            defer { cookies.writeJar(from: store, console: console) }
            let client = HTTPClient(configuration: configuration)
            let response: HTTPResponse
            do {
                response = try await client.upload(
                    body, with: request, options: UploadOptions(framing: chunked ? .chunked : .contentLength)
                ) { meter.update($0) }
            } catch {
                meter.finish()
                throw error
            }
            meter.finish()
            printResponse(response, console: console)
            return response.statusCode < 400 ? ExitStatus.success : ExitStatus.failure
        }

        /// `url` when it is an absolute URL with a host.
        private static func absoluteURL(_ text: String) throws(UsageError) -> URL {
            guard let url = URL(string: text), url.host != nil else { throw UsageError("not an absolute URL: \(text)") }
            return url
        }

        /// One line on a finished download.
        static func summary(of file: DownloadedFile) -> String {
            var line =
                "saved \(file.fileURL.path) (\(TransferMeter.bytes(file.byteCount)), HTTP \(file.response.statusCode))"
            if file.resumedFrom > 0 {
                line += ", resumed after \(TransferMeter.bytes(file.resumedFrom)) already on disk"
            }
            switch file.restartReason {
            case .rangeIgnored?:
                line +=
                    "; the bytes on disk were dropped: the server sent the whole file (it changed, or ignores ranges)"
            case .rangeNotSatisfiable?: line += "; the bytes on disk were dropped: the file is now shorter"
            case .partialFileUnusable?: line += "; the partial file was for another URL or unusable, so it started over"
            case nil: break
            }
            return line
        }
    }

    // MARK: - Tour

    /// The tour's transfers: a download cut in the middle, then resumed, from the tour's own server.
    enum TransferTour {
        static func run(server: MockServer, console: Console) async throws {
            let report = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) })
            let cut = CutOnce()
            server.stub(method: .get, path: "/v1/files/report.bin") { request in
                guard await cut.first() else { return .ranged(report, for: request, entityTag: "\"report-v1\"") }
                // The first answer stops after a third of the file, as a dropped connection would.
                return .streaming(headers: ["ETag": "\"report-v1\""], length: report.count) { writer in
                    try await writer.write(report.prefix(1_000_000))
                }
            }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "service-utils-tour-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let destination = folder.appendingPathComponent("report.bin")
            let url = server.url("v1/files/report.bin")
            console.print("  Download to a file, streamed to disk (3 MB; the server cuts the first answer after 1 MB):")
            let client = HTTPClient()
            do {
                _ = try await client.download(URLRequest(url: url), to: destination, options: .createFolders)
            } catch {
                console.print("    first try failed: \(error.description)")
                let partial =
                    (try? FileManager.default.attributesOfItem(atPath: destination.path + ".partial")[.size]) ?? 0
                console.print(
                    "    kept for a resume: report.bin.partial (\(partial) bytes) and report.bin.partial.json")
            }
            let command = ["download", url.absoluteString, "-o", destination.path, "--resume"]
            console.print(
                "  $ service-utils \(command.joined(separator: " ").replacingOccurrences(of: folder.path, with: "<tmp>"))"
            )
            _ = try await NetworkCommands.download.run(Array(command.dropFirst()), console)
            let last = server.requests.last
            console.print(
                "    the resume asked for: Range: \(last?.headers["Range"] ?? "-"), If-Range: \(last?.headers["If-Range"] ?? "-")"
            )
            let intact = (try? Data(contentsOf: destination)) == report
            console.print("    the file matches the server's byte for byte: \(intact ? "yes" : "NO")")
        }
    }

    /// Says yes once: the tour's server cuts only its first answer.
    private actor CutOnce {
        private var used = false

        func first() -> Bool {
            defer { used = true }
            return !used
        }
    }
#endif
