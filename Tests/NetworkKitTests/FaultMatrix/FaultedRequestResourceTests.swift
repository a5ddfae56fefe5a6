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
        /// Computed, not stored: LeakSanitizer does not follow the references a condition keeps in its
        /// enum payload, and reports a global's conditions as leaked at exit.
        private static var faults: [NetworkCondition] {
            [
                .emptyResponse, .connectionReset, .randomDataThenClose, .closeAfter(bodyBytes: 128 * 1024),
                .malformedChunk, .contentLengthLonger(by: 1000),
            ]
        }
        /// Other descriptors the process may open meanwhile (tests running beside this one).
        private static let descriptorTolerance = 64
        /// Resident growth allowed, in kB: a leak of the 128 KiB each request receives at least would
        /// be 125 MB; the tests running beside this one moved the process's figure by up to 15 MB here.
        private static let residentTolerance = 48 * 1024

        @Test(
            "descriptors and resident memory are unchanged after 1,000 faulted requests",
            .timeLimit(.minutes(3)), arguments: FaultMatrix.engines)
        func thousandFaultedRequests(engine: BuiltInTransport) async throws {
            // Given a server whose 256 KiB answers meet one fault after another, and a client warmed up
            let server = try MockServer()
            defer { server.stop() }
            let body = Data(repeating: 0x61, count: 256 * 1024)
            for (index, fault) in Self.faults.enumerated() {
                server.stub(
                    method: .get, path: "/fault/\(index)", conditions: [fault],
                    response: MockResponse(headers: ["Content-Type": "text/plain"], body: body))
            }
            let client = HTTPClient {
                $0.timeout = 5
                $0.transport = engine
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
            if !ProcessFigures.underAddressSanitizer {
                #expect(
                    after.residentKilobytes <= before.residentKilobytes + Self.residentTolerance,
                    "resident \(before.residentKilobytes) kB → \(after.residentKilobytes) kB")
            }
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
#endif
