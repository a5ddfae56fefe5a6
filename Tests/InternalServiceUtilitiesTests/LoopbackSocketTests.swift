import InternalServiceUtilities
import ServiceUtilsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("LoopbackSocket")
struct LoopbackSocketTests {
    @Test("a listener on a free port accepts a connection that carries bytes")
    func listenAndConnect() async throws {
        // Given a listener on a port the system picked
        let server = try LoopbackSocket.listen()
        defer { close(server.descriptor) }
        #expect(server.port != 0)

        // When a client connects and sends four bytes
        let client = try LoopbackSocket.connect(port: server.port)
        defer { close(client) }
        // (accept and recv block, so they run on a thread of their own, not a cooperative one)
        let listener = server.descriptor
        let accepted = try await onThread { accept(listener, nil, nil) }
        try #require(accepted >= 0)
        defer { close(accepted) }
        let sent = Array("ping".utf8).withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) }
        let (received, buffer) = try await onThread { () -> (Int, [UInt8]) in
            var buffer = [UInt8](repeating: 0, count: 4)
            let received = buffer.withUnsafeMutableBytes {
                recv(accepted, $0.baseAddress, $0.count, Int32(MSG_WAITALL))
            }
            return (received, buffer)
        }

        // Then the server reads exactly those bytes
        #expect(sent == 4)
        #expect(received == 4)
        #expect(buffer == Array("ping".utf8))
    }

    @Test("a port that is bound but not listening refuses connections with ECONNREFUSED")
    func refused() throws {
        // Given a bound socket that never listens
        let bound = try LoopbackSocket.bind()
        defer { close(bound.descriptor) }

        // When a client connects to it
        do {
            let descriptor = try LoopbackSocket.connect(port: bound.port)
            close(descriptor)
            Issue.record("connected to a socket that does not listen")
        } catch {
            // Then connect failed, refused
            #expect(error.call == "connect")
            #expect(error.code == ECONNREFUSED)
        }
    }

    @Test("binding a port that is already bound fails with EADDRINUSE")
    func portInUse() throws {
        // Given a listener
        let first = try LoopbackSocket.listen()
        defer { close(first.descriptor) }

        // When a second socket binds the same port
        do {
            let second = try LoopbackSocket.bind(port: first.port)
            close(second.descriptor)
            Issue.record("bound a port that is in use")
        } catch {
            // Then bind failed, naming the call and the reason
            #expect(error.call == "bind")
            #expect(error.code == EADDRINUSE)
            #expect(error.description == "bind() failed: errno \(EADDRINUSE)")
        }
    }
}
