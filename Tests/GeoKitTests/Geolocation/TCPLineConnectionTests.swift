import Foundation
import InternalServiceUtilities
import ServiceUtilsTestSupport
import Testing

@testable import GeoKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("TCPLineConnection connecting")
struct TCPLineConnectionTests {
    @Test("a connect that is never answered ends at the deadline with timedOut, not at the system's timeout")
    func unansweredConnectTimesOut() async throws {
        // Given a listener whose accept queue (backlog 0) is already full, so the kernel drops new SYNs
        let listener = try LoopbackSocket.listen(backlog: 0)
        defer { close(listener.descriptor) }
        let first = try LoopbackSocket.connect(port: listener.port)
        defer { close(first) }
        let port = listener.port
        // When connecting with a deadline half a second away
        let outcome = try await onThread { () -> GeoError? in
            do throws(GeoError) {
                _ = try TCPLineConnection(host: "127.0.0.1", port: port, deadline: Date(timeIntervalSinceNow: 0.5))
                return nil
            } catch {
                return error
            }
        }
        // Then the connection times out with the typed reason
        #expect(outcome == .locationFailed(.timedOut))
    }

    @Test("a refused connect is unreachable with the address and the reason")
    func refusedConnect() async throws {
        let closed = try ClosedPort()
        defer { withExtendedLifetime(closed) {} }
        let port = closed.port
        let outcome = try await onThread { () -> GeoError? in
            do throws(GeoError) {
                _ = try TCPLineConnection(host: "127.0.0.1", port: port, deadline: Date(timeIntervalSinceNow: 5))
                return nil
            } catch {
                return error
            }
        }
        guard case .locationFailed(.unreachable(let text)) = outcome else {
            Issue.record("unexpected \(String(describing: outcome))")
            return
        }
        #expect(text.contains("127.0.0.1:\(port)"))
        #expect(text.lowercased().contains("refused"))
    }
}
