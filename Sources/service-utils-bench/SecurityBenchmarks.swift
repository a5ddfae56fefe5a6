// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import ServiceUtils

    /// SecurityKit's primitives beside `openssl speed -evp` for the same algorithm, and unlock latency.
    enum SecurityBenchmarks {
        static let size = 16 * 1_048_576

        static let all: [Benchmark] = [
            throughput(
                name: "SecurityKit.sha3-224", summary: "SHA3-224 of 16 MiB, against openssl speed -evp sha3-224",
                openSSL: ["-evp", "sha3-224"]
            ) { input in
                let hasher = SHA3(variant: .sha224)
                return { blackHole(hasher.hash(input)) }
            },
            throughput(
                name: "SecurityKit.blowfish-cbc", summary: "Blowfish-CBC encryption of 16 MiB, against openssl bf-cbc",
                openSSL: ["-provider", "legacy", "-provider", "default", "-evp", "bf-cbc"]
            ) { input in
                let cipher = try Blowfish(key: Array("a 16-byte key!!!".utf8))
                let iv = Array("8 bytes!".utf8)
                return { blackHole(try cipher.encryptCBC(input, iv: iv, padding: .none)) }
            },
            throughput(
                name: "SecurityKit.chacha20-poly1305", summary: "ChaCha20-Poly1305 seal of 16 MiB, against openssl",
                openSSL: ["-evp", "chacha20-poly1305"]
            ) { input in
                let cipher = try ChaCha20Poly1305(key: [UInt8](repeating: 7, count: 32))
                let nonce = [UInt8](repeating: 1, count: 12)
                return { blackHole(try cipher.seal(input, nonce: nonce)) }
            },
            unlockLatency,
        ]

        /// A benchmark of `size` bytes through our code, with OpenSSL's own figure for 16 KiB blocks as
        /// the baseline (its bytes per second turned into the time it would take for the same size).
        static func throughput(
            name: String, summary: String, openSSL: [String],
            makeBody: @escaping @Sendable ([UInt8]) throws -> @Sendable () throws -> Void
        ) -> Benchmark {
            Benchmark(name: name, summary: summary) {
                let input = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
                let body = try makeBody(input)
                return PreparedBenchmark(
                    baseline: .reported("openssl speed " + (openSSL.last ?? "")) {
                        let rate = try openSSLRate(openSSL)
                        return BenchmarkSample(duration: .seconds(Double(size) / rate))
                    },
                    cases: [.timed("SecurityKit (pure Swift)") { try body() }],
                    workPerRun: .init(amount: Double(size), unit: "B")
                )
            }
        }

        /// Bytes per second that `openssl speed -mr -bytes 16384 -seconds 1 …` reports.
        static func openSSLRate(_ arguments: [String]) throws -> Double {
            // openssl speed stops its timing loop on SIGALRM; HelperProcess.run starts children with no
            // signal blocked (through ProcessRunner), so it can.
            let output = try HelperProcess.run(
                "openssl", ["speed", "-mr", "-seconds", "1", "-bytes", "16384"] + arguments)
            let text = String(decoding: output, as: UTF8.self)
            guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("+F:") }),
                let field = line.split(separator: ":").last, let rate = Double(field), rate > 0
            else {
                throw BenchmarkError("openssl speed printed no +F: line for \(arguments.joined(separator: " "))")
            }
            return rate
        }

        /// Opening a legacy PIN box (one SHA3-224 and a Blowfish key schedule) against opening a vault
        /// with the default scrypt cost (N = 2^15, r = 8): the vault is slow on purpose.
        static let unlockLatency = Benchmark(
            name: "SecurityKit.unlock",
            summary: "unlock latency: legacy PinCryptoBox against PinVault (N = 2^15, r = 8)"
        ) {
            let store = InMemorySecretStore()
            // PinCryptoBox holds SurfUtils' non-Sendable closure and protocols, so each run makes its
            // own (a few words on the stack, nothing next to the Blowfish key schedule being timed).
            @Sendable func legacy() -> PinCryptoBox {
                PinCryptoBox(
                    secureStore: { SecretStoreAdapter(store) }, hashProvider: SHA3(variant: .sha224),
                    cryptoService: BlowfishCryptoService(), ivKey: "iv", dataKey: "data", saltKey: "salt",
                    hashKey: "hash")
            }
            try legacy().encrypt(data: "refresh-token", auth: "2580")
            let vault = PinVault(store: store, name: "bench")
            try vault.save(text: "refresh-token", pin: "2580")
            return PreparedBenchmark(
                baseline: .timed("PinCryptoBox.decrypt (legacy)") { blackHole(try legacy().decrypt(auth: "2580")) },
                cases: [.timed("PinVault.unlock (scrypt N=2^15)") { blackHole(try vault.unlock(pin: "2580")) }],
                workPerRun: .init(amount: 1, unit: "unlocks")
            )
        }
    }
#endif
