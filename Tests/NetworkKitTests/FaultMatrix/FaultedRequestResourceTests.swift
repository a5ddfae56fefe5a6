#if os(Linux)
    import Foundation
    import MockServerKit
    import NetworkKit
    import ServiceUtilsTestSupport
    import Testing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// 1,000 requests meeting faults leave no descriptor and no memory behind.
    ///
    /// The figures are the process's own, shared with the tests that run beside this one: sockets are
    /// counted exactly (those to or from this test's server), other descriptors and resident memory
    /// within a stated tolerance.
    @Suite("Resources after 1,000 faulted requests")
    struct FaultedRequestResourceTests {
        /// The faults that end a request at once, in turn.
        private static let faults: [NetworkCondition] = [
            .emptyResponse, .connectionReset, .randomDataThenClose, .closeAfter(bodyBytes: 16 * 1024),
            .malformedChunk, .contentLengthLonger(by: 1000),
        ]
        /// Other descriptors the process may open meanwhile (tests running beside this one).
        private static let descriptorTolerance = 64
        /// Resident growth allowed, in kB: a leak of the 16 KiB each request receives would be 16 MB.
        private static let residentTolerance = 12 * 1024

        @Test(
            "descriptors and resident memory are unchanged after 1,000 faulted requests",
            .timeLimit(.minutes(3)), arguments: FaultMatrix.engines)
        func thousandFaultedRequests(engine: TransferEngine) async throws {
            // Given a server whose 64 KiB answers meet one fault after another, and a client warmed up
            let server = try MockServer()
            defer { server.stop() }
            let body = Data(repeating: 0x61, count: 64 * 1024)
            for (index, fault) in Self.faults.enumerated() {
                server.stub(
                    method: .get, path: "/fault/\(index)", conditions: [fault],
                    response: MockResponse(headers: ["Content-Type": "text/plain"], body: body))
            }
            let client = HTTPClient {
                $0.timeout = 5
                $0.transferEngine = engine
            }
            let failures = try await Self.send(100, through: client, to: server)
            #expect(failures == 100)
            let before = try #require(ProcessFigures.read())

            // When 1,000 requests meet the faults
            let failed = try await Self.send(1000, through: client, to: server)

            // Then each failed with a typed error, and the figures came back to where they were
            #expect(failed == 1000)
            let socketsGone = await ProcessFigures.settle { ProcessFigures.sockets(port: server.port) <= 1 }
            #expect(socketsGone, "sockets to the server left open: \(ProcessFigures.sockets(port: server.port))")
            let after = try #require(ProcessFigures.read())
            #expect(
                after.descriptors <= before.descriptors + Self.descriptorTolerance,
                "descriptors \(before.descriptors) → \(after.descriptors)")
            #expect(
                after.residentKilobytes <= before.residentKilobytes + Self.residentTolerance,
                "resident \(before.residentKilobytes) kB → \(after.residentKilobytes) kB")
        }

        /// Sends `count` requests cycling through the faults; returns how many failed with an `HTTPError`.
        private static func send(_ count: Int, through client: HTTPClient, to server: MockServer) async throws -> Int {
            var failed = 0
            for index in 0..<count {
                let url = server.url("fault/\(index % faults.count)")
                do {
                    _ = try await client.send(URLRequest(url: url))
                } catch {
                    failed += 1
                }
            }
            return failed
        }
    }

    /// This process's descriptors and resident memory, from `/proc/self`.
    struct ProcessFigures {
        var descriptors: Int
        var residentKilobytes: Int

        static func read() -> ProcessFigures? {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count
            guard let descriptors, let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
                let kilobytes = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
            else { return nil }
            return ProcessFigures(descriptors: descriptors, residentKilobytes: kilobytes)
        }

        /// How many of this process's descriptors are TCP sockets with `port` at either end: a
        /// server's listener, its connections and its clients'.
        static func sockets(port: UInt16) -> Int {
            var inodes: Set<String> = []
            for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
                guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
                for line in text.split(separator: "\n").dropFirst() {
                    let columns = line.split(separator: " ")
                    guard columns.count > 9 else { continue }
                    let ports = [columns[1], columns[2]].compactMap { $0.split(separator: ":").last }
                    if ports.contains(where: { UInt16($0, radix: 16) == port }), columns[9] != "0" {
                        inodes.insert("socket:[\(columns[9])]")
                    }
                }
            }
            let folder = "/proc/self/fd"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")).map(inodes.contains)
                    ?? false
            }.count
        }

        /// Waits until `condition` holds (the server learns of closed connections on its own thread);
        /// false if it has not within 20 s.
        static func settle(_ condition: () -> Bool) async -> Bool {
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline {
                if condition() { return true }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return condition()
        }
    }
#endif
