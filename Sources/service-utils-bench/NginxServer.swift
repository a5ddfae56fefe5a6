// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Debian's nginx on a free 127.0.0.1 port, serving `item.json` from a temporary folder that also
    /// holds its configuration, pid and logs; the access log records each request's connection
    /// number and protocol (`HTTP/1.1`, `HTTP/2.0`).
    final class NginxServer: Sendable {
        /// `http://127.0.0.1:<port>/`, or `https://…` with TLS.
        let url: URL
        /// The folder nginx serves.
        let root: URL
        private let folder: URL
        private let process: HelperProcess

        /// - Parameters:
        ///   - prepareRoot: Adds files to the served folder before nginx starts.
        ///   - locations:   Extra `location` blocks for the server.
        ///   - tls:         A certificate and key to serve HTTPS with, HTTP/2 offered by ALPN; plain
        ///                  HTTP/1.1 when nil.
        init(prepareRoot: (URL) throws -> Void = { _ in }, locations: String = "", tls: BenchCertificates? = nil)
            throws
        {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("su-nginx-\(UUID().uuidString)")
            let www = folder.appendingPathComponent("www")
            try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
            try Data(#"{"id":7,"name":"green tea","price":350,"inStock":true}"#.utf8)
                .write(to: www.appendingPathComponent("item.json"))
            try prepareRoot(www)
            root = www
            let port = try HelperProcess.freePort()
            guard let url = URL(string: "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)/") else {
                throw BenchmarkError("no URL for port \(port)")
            }
            let configuration = folder.appendingPathComponent("nginx.conf")
            let text = Self.configuration(folder: folder.path, port: port, locations: locations, tls: tls)
            try Data(text.utf8).write(to: configuration)
            process = try HelperProcess(
                "nginx",
                ["-p", folder.path, "-e", folder.path + "/error.log", "-c", configuration.path, "-g", "daemon off;"])
            self.folder = folder
            self.url = url
            try waitUntilListening(port: port)
        }

        /// What the access log holds at one moment.
        struct Tally: Sendable {
            /// Requests logged.
            var requests = 0
            /// Different connections they came on.
            var connections = 0
            /// Requests per protocol, such as `["HTTP/2.0": 2000]`.
            var protocols: [String: Int] = [:]

            /// What was logged after `earlier`: its requests, the connections first seen since, and
            /// the requests per protocol.
            func since(_ earlier: Tally) -> Tally {
                Tally(
                    requests: requests - earlier.requests, connections: connections - earlier.connections,
                    protocols: protocols.merging(earlier.protocols.mapValues { -$0 }, uniquingKeysWith: +)
                        .filter { $0.value != 0 })
            }

            /// `HTTP/2.0 ×2000`, or `none`.
            var protocolSummary: String {
                protocols.isEmpty
                    ? "none"
                    : protocols.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
            }
        }

        /// How many requests, how many different connections and which protocols nginx has logged so far.
        func logged() -> Tally {
            let log = (try? String(contentsOf: folder.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
            var connections = Set<Substring>()
            var tally = Tally()
            for line in log.split(separator: "\n") {
                tally.requests += 1
                let fields = line.split(separator: " ", maxSplits: 1)
                connections.insert(fields[0])
                tally.protocols[fields.count > 1 ? String(fields[1]) : "?", default: 0] += 1
            }
            tally.connections = connections.count
            return tally
        }

        /// What was logged since `before`, once it holds at least `count` requests or a second has
        /// passed: nginx writes a request's line just after sending its response, so the last line can
        /// lag behind the client by a moment.
        func logged(since before: Tally, atLeast count: Int) async -> Tally {
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(1)
            while true {
                let since = logged().since(before)
                if since.requests >= count || clock.now >= deadline { return since }
                try? await Task.sleep(for: .milliseconds(10))
            }
        }

        func stop() {
            process.stop()
            try? FileManager.default.removeItem(at: folder)
        }

        private func waitUntilListening(port: Int) throws {
            if let port = UInt16(exactly: port), HelperProcess.waitUntilListening(port: port) { return }
            process.stop()
            let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
            throw BenchmarkError("nginx did not listen on 127.0.0.1:\(port): \(log)")
        }

        private static func configuration(folder: String, port: Int, locations: String, tls: BenchCertificates?)
            -> String
        {
            let listen =
                if let tls {
                    """
                    listen 127.0.0.1:\(port) ssl http2;
                            ssl_certificate \(tls.certificate.path);
                            ssl_certificate_key \(tls.key.path);
                    """
                } else {
                    "listen 127.0.0.1:\(port);"
                }
            return """
                \(getuid() == 0 ? "user root;" : "")
                worker_processes 1;
                pid \(folder)/nginx.pid;
                error_log \(folder)/error.log warn;
                events { worker_connections 1024; }
                http {
                    log_format connection '$connection $server_protocol';
                    access_log \(folder)/access.log connection;
                    client_body_temp_path \(folder)/body;
                    proxy_temp_path \(folder)/proxy;
                    fastcgi_temp_path \(folder)/fastcgi;
                    uwsgi_temp_path \(folder)/uwsgi;
                    scgi_temp_path \(folder)/scgi;
                    keepalive_requests 1000000;
                    keepalive_timeout 60s;
                    default_type application/json;
                    server {
                        \(listen)
                        root \(folder)/www;
                        \(locations)
                    }
                }
                """
        }
    }
#endif
