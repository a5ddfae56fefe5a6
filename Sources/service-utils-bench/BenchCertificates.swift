// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation

    /// A throw-away certificate authority and a server certificate it signed for `localhost` and
    /// 127.0.0.1 (P-256 keys, valid two days), made with `openssl` in a temporary folder: what a TLS
    /// benchmark's nginx serves and its clients trust.
    struct BenchCertificates: Sendable {
        /// The folder holding the files.
        let folder: URL
        /// The authority's certificate (PEM): the trust anchor.
        var authority: URL { folder.appendingPathComponent("ca.pem") }
        /// The server's certificate (PEM), signed by the authority.
        var certificate: URL { folder.appendingPathComponent("server.pem") }
        /// The server's private key (PEM).
        var key: URL { folder.appendingPathComponent("server.key") }

        /// Makes the authority and the server certificate.
        ///
        /// - Throws: ``BenchmarkError`` when `openssl` is missing or fails.
        static func make() throws -> BenchCertificates {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "su-bench-tls-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let made = BenchCertificates(folder: folder)
            do {
                try made.generate()
            } catch {
                made.remove()
                throw error
            }
            return made
        }

        private func generate() throws {
            let authorityKey = folder.appendingPathComponent("ca.key")
            let request = folder.appendingPathComponent("server.csr")
            let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
            // The authority: self-signed, with openssl's v3_ca extensions (CA:TRUE).
            _ = try HelperProcess.run(
                "openssl",
                ["req", "-x509"] + newKey + [
                    "-subj", "/CN=service-utils-bench CA", "-days", "2", "-keyout", authorityKey.path, "-out",
                    authority.path,
                ])
            // The server: a request naming localhost and 127.0.0.1, signed by the authority.
            _ = try HelperProcess.run(
                "openssl",
                ["req", "-new"] + newKey + [
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout",
                    key.path, "-out", request.path,
                ])
            _ = try HelperProcess.run(
                "openssl",
                [
                    "x509", "-req", "-in", request.path, "-CA", authority.path, "-CAkey", authorityKey.path,
                    "-days", "2", "-copy_extensions", "copy", "-out", certificate.path,
                ])
        }

        /// Removes the folder.
        func remove() {
            try? FileManager.default.removeItem(at: folder)
        }
    }
#endif
