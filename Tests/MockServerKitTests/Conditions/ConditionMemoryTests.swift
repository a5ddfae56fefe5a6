#if os(Linux)
    import Foundation
    import MockServerKit
    import ServiceUtilsTestSupport
    import Testing

    /// Conditions keep nothing per request: after thousands of conditioned answers, plain and
    /// streamed, the server's memory and descriptors are where they were.
    @Suite("Memory under conditions")
    struct ConditionMemoryTests {
        /// Resident growth allowed, in kB, over 3,000 requests: a leak of the 64 KiB each answer
        /// sends at least (a body copy, held pieces) would be 190 MB, twice this. The figure is the
        /// process's, shared with the tests running beside this one, which moved it by up to 15 MB
        /// here until the cookie tests' responses of 10,000 fields came, and by 67 MB with them.
        private static let residentTolerance = 96 * 1024

        /// The conditions the requests meet in turn: every fault that ends quickly, and a fast dribble
        /// (a bandwidth limit waits 50 ms before its first slice, whatever the rate).
        /// Computed, not stored: LeakSanitizer does not follow the references a condition keeps in its
        /// enum payload, and reports a global's conditions as leaked at exit.
        private static var conditions: [NetworkCondition] {
            [
                .closeAfter(bodyBytes: 64 * 1024), .contentLengthLonger(by: 10), .malformedChunk, .emptyResponse,
                .connectionReset, .randomDataThenClose, .dribble(chunks: 4, over: .zero), .slowClose(delay: .zero),
                .failFirst(1, status: 503),
            ]
        }

        @Test("resident memory and descriptors stay flat over 3,000 conditioned requests", .timeLimit(.minutes(3)))
        func flatMemory() async throws {
            // Given a server whose plain and streamed 128 KiB answers meet one condition after another
            let server = try MockServer()
            defer { server.stop() }
            let body = Data(repeating: 0x62, count: 128 * 1024)
            for (index, condition) in Self.conditions.enumerated() {
                server.stub(
                    method: .get, path: "/plain/\(index)", conditions: [condition], response: MockResponse(body: body))
                server.stub(method: .get, path: "/streamed/\(index)", conditions: [condition]) { _ in
                    .streaming(length: index % 2 == 0 ? body.count : nil) { writer in
                        try await writer.write(body.prefix(64 * 1024))
                        try await writer.write(body.dropFirst(64 * 1024))
                    }
                }
            }
            let port = server.port
            let paths = Self.conditions.indices.flatMap { ["/plain/\($0)", "/streamed/\($0)"] }
            try await Self.ask(300, paths: paths, port: port)
            let before = try #require(ProcessFigures.read())

            // When 3,000 more requests meet them
            try await Self.ask(3000, paths: paths, port: port)

            // Then the server holds only its listener, and resident memory grew by less than the tolerance
            #expect(await ProcessFigures.settle { ProcessFigures.sockets(port: port) == 1 })
            let after = try #require(ProcessFigures.read())
            if !ProcessFigures.underAddressSanitizer {
                #expect(
                    after.residentKilobytes <= before.residentKilobytes + Self.residentTolerance,
                    "resident \(before.residentKilobytes) kB → \(after.residentKilobytes) kB")
            }
        }

        /// Sends `count` requests, each on a connection of its own that asks to close, cycling through `paths`.
        private static func ask(_ count: Int, paths: [String], port: UInt16) async throws {
            try await onThread {
                for index in 0..<count {
                    _ = try RawExchange.get(paths[index % paths.count], port: port, fields: "Connection: close\r\n")
                }
            }
        }
    }
#endif
