// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import ServiceUtils

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The Alamofire façade (issue 30) against `HTTPClient` itself: the same GETs and decoding, one
    /// at a time, through `Session.request(router).responseDecodable(of:)` and through
    /// `HTTPClient.send(router)` with a `JSONDecoder`.
    ///
    /// The completion form hands each value to its handler's queue, as Alamofire must, and the
    /// bench's task resumes from there: two thread hand-offs per request, which `await client.send`
    /// never makes and which cost 15–60 µs each on a busy machine. The goal is the issue's, against
    /// `HTTPClient.send` itself; beside it, as context, the same `HTTPClient.send` whose value is
    /// handed to the same queue the same way (``clientOnQueueName``) shows what the hand-offs cost
    /// and so what the façade itself adds.
    extension NetworkBenchmarks {
        /// The façade's case, which the goal is for.
        static let facadeName = "Session.request(router).responseDecodable(of:)"
        /// The façade's Swift-concurrency form of the same request.
        static let facadeAsyncName = "Session.request(router).serializingDecodable(_:).value"
        /// The client's request whose decoded value is then handed to the façade's handler queue and
        /// awaited from there: the façade's completion form is compared with it.
        static let clientOnQueueName = "HTTPClient.send(router) + JSONDecoder, handed to the queue"

        /// `item.json`'s shape.
        struct Item: Decodable, Sendable, Equatable {
            let id: Int
            let name: String
            let price: Int
            let inStock: Bool
        }

        /// The item `request` decodes, through Alamofire's async form.
        static func decodedThroughTask(_ request: DataRequest) async throws -> Item {
            try await request.serializingDecodable(Item.self).value
        }

        static let alamofireFacade = Benchmark(
            name: "NetworkKit.alamofireFacade",
            summary: "\(requestCount) keep-alive GETs of a small JSON file from nginx on 127.0.0.1, "
                + "one at a time, decoded: through Alamofire's Session façade (a handler on a queue, "
                + "and the async form) against HTTPClient.send (its value also handed to the queue)",
            goals: [BenchmarkGoal(case: facadeName, atMost: 1.1)]
        ) {
            let server = try NginxServer()
            let router = BenchRouter(baseURL: server.url)
            let client = HTTPClient()
            let session = Session()
            let queue = DispatchQueue(label: "AlamofireBenchmarks")
            let expected = Item(id: 7, name: "green tea", price: 350, inStock: true)
            @Sendable func throughSession() async throws {
                let item = await withCheckedContinuation { continuation in
                    session.request(router).validate().responseDecodable(of: Item.self, queue: queue) {
                        continuation.resume(returning: $0.value)
                    }
                }
                guard item == expected else { throw BenchmarkError("the façade decoded \(String(describing: item))") }
            }
            @Sendable func throughSessionAsync() async throws {
                let item = try await decodedThroughTask(session.request(router).validate())
                guard item == expected else { throw BenchmarkError("the façade's task decoded \(item)") }
            }
            @Sendable func throughClient() async throws {
                let item = try JSONDecoder().decode(Item.self, from: try await client.send(router).body)
                guard item == expected else { throw BenchmarkError("the client decoded \(item)") }
            }
            @Sendable func throughClientOnQueue() async throws {
                let decoded = try JSONDecoder().decode(Item.self, from: try await client.send(router).body)
                let item = await withCheckedContinuation { continuation in
                    queue.async { continuation.resume(returning: decoded) }
                }
                guard item == expected else { throw BenchmarkError("the client handed over \(item)") }
            }
            do {
                let before = server.logged()
                try await throughClient()
                try await throughClientOnQueue()
                try await throughSession()
                try await throughSessionAsync()
                // nginx logs a request just after answering it: wait for these, or the last one may
                // count in the first measured run (which then fails with one request too many).
                _ = await server.logged(since: before, atLeast: 4)
            } catch {
                server.stop()
                throw error
            }
            return PreparedBenchmark(
                baseline: .reported("HTTPClient.send(router) + JSONDecoder") {
                    try await measure(server: server, concurrency: 1) { try await throughClient() }
                },
                cases: [
                    .reported(facadeName) {
                        try await measure(server: server, concurrency: 1) { try await throughSession() }
                    }.compared(with: clientOnQueueName),
                    .reported(clientOnQueueName) {
                        try await measure(server: server, concurrency: 1) { try await throughClientOnQueue() }
                    },
                    .reported(facadeAsyncName) {
                        try await measure(server: server, concurrency: 1) { try await throughSessionAsync() }
                    },
                ],
                workPerRun: .init(amount: Double(requestCount), unit: "requests"),
                tearDown: { server.stop() },
                // A goal near 1 on a figure that varies ~10% from run to run here.
                repetition: .atLeast(11)
            )
        }
    }
#endif
