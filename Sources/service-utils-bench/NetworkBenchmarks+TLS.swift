// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import ServiceUtils

    extension NetworkBenchmarks {
        /// ``requestCount`` GETs of `item.json` over TLS from nginx offering HTTP/2 (ALPN), its
        /// certificate signed by a throw-away authority that HTTPClient trusts through
        /// ``TrustAnchors`` and curl through `--cacert`: 8 at a time, then one at a time, each against
        /// the `curl` command line doing the same in one process; HTTPClient limited to HTTP/1.1 shows
        /// what HTTP/2 changes. nginx's log must show HTTP/2.0 for every request but those of the
        /// HTTP/1.1 client.
        static let tlsRequests = Benchmark(
            name: "NetworkKit.tlsGETs",
            summary: "\(requestCount) GETs of a small JSON file over TLS (HTTP/2 by ALPN) from nginx on 127.0.0.1, "
                + "8 at a time then one at a time; curl -Z --parallel-max 8 is the baseline"
        ) {
            let certificates = try BenchCertificates.make()
            var started: [@Sendable () -> Void] = [certificates.remove]
            do {
                let server = try NginxServer(tls: certificates)
                started.append(server.stop)
                let url = server.url.appendingPathComponent("item.json")
                let parallel = try CurlBatch(
                    url: url, count: requestCount, parallel: 8, authority: certificates.authority)
                started.append(parallel.remove)
                let sequential = try CurlBatch(
                    url: url, count: requestCount, parallel: nil, authority: certificates.authority)
                started.append(sequential.remove)
                let anchors = try TrustAnchors(contentsOf: certificates.authority)
                let http2 = HTTPClient { $0.trustAnchors = anchors }
                let http1 = HTTPClient {
                    $0.trustAnchors = anchors
                    $0.httpVersion = .http1Only
                }
                let router = BenchRouter(baseURL: server.url)
                _ = try await http2.send(router)
                _ = try await http1.send(router)
                func client(_ name: String, _ client: HTTPClient, concurrency: Int, expecting version: String)
                    -> BenchmarkCase
                {
                    .reported(name) {
                        try await measure(server: server, concurrency: concurrency, expecting: version) {
                            blackHole(try await client.send(router).body)
                        }
                    }
                }
                let curlSequential = "curl -K, sequential (h2)"
                let stopAll = started
                return PreparedBenchmark(
                    baseline: curlCase("curl -Z, 8 parallel (h2)", parallel, server: server, expecting: "HTTP/2.0"),
                    cases: [
                        client("HTTPClient, 8 at a time (h2)", http2, concurrency: 8, expecting: "HTTP/2.0"),
                        client("HTTPClient .http1Only, 8 at a time", http1, concurrency: 8, expecting: "HTTP/1.1"),
                        curlCase(curlSequential, sequential, server: server, expecting: "HTTP/2.0"),
                        client("HTTPClient, 1 at a time (h2)", http2, concurrency: 1, expecting: "HTTP/2.0")
                            .compared(with: curlSequential),
                        client("HTTPClient .http1Only, 1 at a time", http1, concurrency: 1, expecting: "HTTP/1.1")
                            .compared(with: curlSequential),
                    ],
                    workPerRun: .init(amount: Double(requestCount), unit: "requests"),
                    tearDown: { for stop in stopAll.reversed() { stop() } }
                )
            } catch {
                for stop in started.reversed() { stop() }
                throw error
            }
        }
    }
#endif
