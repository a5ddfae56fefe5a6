import Foundation
import InternalServiceUtilities
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers each exchange with a canned head and body, then calls `complete` a
/// second time, as a faulty transport might; it can also hold its answer until released.
private final class TwiceCompletingTransport: HTTPTransport {
    var name: String { "twice" }
    let release = Latch()
    let started = Latch()
    let sends = Locked(0)

    func send(_ exchange: HTTPExchange) {
        sends.withLock { $0 += 1 }
        started.open()
        Task { [release] in
            await release.wait()
            let head = ResponseHead(
                statusCode: 200, url: exchange.request.url, fields: [("Content-Type", "text/plain")])
            if exchange.receive(head) { exchange.receive(Data("first".utf8)) }
            exchange.complete(nil)
            exchange.complete(URLError(.networkConnectionLost))
        }
    }
}

/// An ``HTTPExchange`` made and sent without a client: what a third party's transport is tested with.
@Suite("A standalone HTTPExchange: sent once, completed once", .timeLimit(.minutes(1)))
struct ConformanceStandaloneExchangeTests {
    @Test("a second complete is ignored: the first outcome stands, and a later send returns it")
    func completedTwice() async throws {
        // Given a transport that completes each exchange twice, the second time with an error
        let transport = TwiceCompletingTransport()
        transport.release.open()
        let exchange = HTTPExchange(request: URLRequest(url: try #require(URL(string: "http://example.test/a"))))

        // When the exchange is sent, and sent again
        let first = try await exchange.send(through: transport)
        let again = try await exchange.send(through: transport)

        // Then both are the first outcome, and the transport was asked once
        #expect(first.statusCode == 200 && first.text == "first")
        #expect(again.text == "first")
        #expect(transport.sends.value == 1)
        #expect(exchange.completionCount == 2)
    }

    @Test("a second send while the first is under way fails at once; the first one is answered")
    func sentWhileUnderWay() async throws {
        // Given a transport that holds its answer, and an exchange it was given
        let transport = TwiceCompletingTransport()
        let exchange = HTTPExchange(request: URLRequest(url: try #require(URL(string: "http://example.test/b"))))
        let first = Task { try await exchange.send(through: transport) }
        await transport.started.wait()

        // When the exchange is sent again meanwhile
        let error = await #expect(throws: HTTPError.self) { try await exchange.send(through: transport) }
        transport.release.open()
        let response = try await first.value

        // Then the second send failed without reaching the transport, and the first got its answer
        #expect(error?.urlErrorCode == .unknown, "\(String(describing: error))")
        #expect(transport.sends.value == 1)
        #expect(response.text == "first")
    }
}
