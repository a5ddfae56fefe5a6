// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation

    /// nginx in the foreground with one worker and no master process, answering `GET /item` on
    /// 127.0.0.1 with a fixed JSON body: the baseline the MockServer benchmarks compare with.
    struct FixedBodyNginx: Sendable {
        let process: HelperProcess
        let port: UInt16
        /// The prefix folder holding the configuration, pid file, logs and temporary files.
        let folder: URL

        /// `http://127.0.0.1:<port>/item`.
        var url: URL {
            URL(string: "http://127.0.0.1:\(port)/item") ?? URL(fileURLWithPath: "/")
        }

        /// The nginx process (with `master_process off` it is the one that serves).
        var processIdentifier: Int32 { process.processIdentifier }

        /// Writes a configuration under a fresh temporary folder, starts nginx and waits until it listens.
        ///
        /// - Throws: ``BenchmarkError`` when nginx is missing or does not listen within 5 seconds.
        static func start(serving body: Data) async throws -> FixedBodyNginx {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "su-bench-nginx-\(getpid())-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let port = UInt16(try HelperProcess.freePort())
            let text = String(decoding: body, as: UTF8.self)
            let configuration = """
                daemon off; master_process off; worker_processes 1; pid \(folder.path)/nginx.pid;
                error_log \(folder.path)/error.log;
                events { worker_connections 1024; }
                http {
                    access_log off; client_body_temp_path \(folder.path); proxy_temp_path \(folder.path);
                    fastcgi_temp_path \(folder.path); uwsgi_temp_path \(folder.path); scgi_temp_path \(folder.path);
                    keepalive_requests 1000000;
                    server { listen 127.0.0.1:\(port);
                        location = /item { default_type application/json; return 200 '\(text)'; } }
                }
                """
            let file = folder.appendingPathComponent("nginx.conf")
            let process: HelperProcess
            do {
                try configuration.write(to: file, atomically: true, encoding: .utf8)
                process = try HelperProcess(
                    "nginx", ["-p", folder.path, "-e", "\(folder.path)/error.log", "-c", file.path])
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw error
            }
            let server = FixedBodyNginx(process: process, port: port, folder: folder)
            let listening = await Task.detached { HelperProcess.waitUntilListening(port: port, seconds: 5) }.value
            guard listening else {
                server.stop()
                throw BenchmarkError("nginx did not start listening on 127.0.0.1:\(port)")
            }
            return server
        }

        /// Stops nginx and removes its folder.
        func stop() {
            process.stop()
            try? FileManager.default.removeItem(at: folder)
        }
    }
#endif
