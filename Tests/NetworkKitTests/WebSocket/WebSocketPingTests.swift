import Foundation
import InternalServiceUtilities
import Testing

@testable import NetworkKit

/// The client's own pings: one sent on request, which returns with its pong, and the automatic ping
/// that takes a peer that stops answering for dead.
@Suite("WebSocket pings from the client")
struct WebSocketPingTests {
    @Test("a ping waits for its pong")
    func pingWaitsForPong() async throws {
        let (engine, peer) = try await makeEngine()
        async let pinged: Void = engine.pingAndWaitForPong()
        let ping = try #require(try await peer.readFrame())
        #expect(ping.opcode == 0x9)
        try await peer.sendFrame(opcode: 0xA, payload: ping.payload)
        try await pinged
        await engine.cancel()
    }

    @Test("the automatic ping goes on while pongs come back, and fails the connection when one does not")
    func automaticPing() async throws {
        // Given an engine that pings every second (long enough for a peer on a loaded machine to
        // answer in time: 50 ms failed a CI run whose parallel tests held the peer back)
        let (engine, peer) = try await makeEngine(pingInterval: .seconds(1))

        // When the peer answers the first two pings, then stops answering
        for _ in 0..<2 {
            let ping = try #require(try await peer.readFrame())
            #expect(ping.opcode == 0x9)
            try await peer.sendFrame(opcode: 0xA, payload: ping.payload)
        }
        let unanswered = try #require(try await peer.readFrame())
        #expect(unanswered.opcode == 0x9)
        await engine.waitUntilFinished()

        // Then the connection failed as timed out, with 1006 as its code
        let error = await #expect(throws: WebSocketError.self) { try await engine.receive() }
        #expect(error?.reason == .pingTimedOut)
        #expect(engine.closeStatus.withLock { $0.code } == .abnormalClosure)
    }

    @Test("a pending ping fails when the connection closes")
    func pingFailsOnClose() async throws {
        let (engine, peer) = try await makeEngine()
        let pinged = Task { try await engine.pingAndWaitForPong() }
        _ = try await peer.readFrame()
        peer.close()
        await #expect(throws: WebSocketError.self) { try await pinged.value }
    }
}
