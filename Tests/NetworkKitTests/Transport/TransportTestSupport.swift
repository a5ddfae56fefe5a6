import Foundation
import InternalServiceUtilities
import NetworkKit
import ServiceUtilsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The HTTPS fixture of `scripts/fixtures/tls.sh` (one nginx with a good chain, an expired leaf, a
/// leaf for another host and a leaf of another root), read from its `SU_TLS_*` variables; a missing
/// variable fails the test that asks for it, naming it.
struct TLSFixture: Sendable {
    /// The server with the good chain (leaf → intermediate → root), `https://localhost:PORT`.
    let url: URL
    /// The root certificate as PEM.
    let rootPEM: URL
    /// The root certificate as DER.
    let rootDER: URL
    /// The root of the unrelated chain (the untrusted server's).
    let otherRootPEM: URL
    /// nginx's access log: one line per request, `PORT "GET /path HTTP/2.0" 200 HTTP/2.0`.
    let accessLog: URL
    /// The base64 SHA-256 SPKI pins of the good chain's certificates and of a key in no chain.
    let leafPin: String
    let intermediatePin: String
    let rootPin: String
    let wrongPin: String

    init() throws {
        url = try Fixture.url("SU_TLS_URL")
        rootPEM = URL(fileURLWithPath: try Fixture.value("SU_TLS_CA"))
        rootDER = URL(fileURLWithPath: try Fixture.value("SU_TLS_CA_DER"))
        otherRootPEM = URL(fileURLWithPath: try Fixture.value("SU_TLS_OTHER_CA"))
        accessLog = URL(fileURLWithPath: try Fixture.value("SU_TLS_ACCESS_LOG"))
        leafPin = try Fixture.value("SU_TLS_LEAF_PIN")
        intermediatePin = try Fixture.value("SU_TLS_INTERMEDIATE_PIN")
        rootPin = try Fixture.value("SU_TLS_ROOT_PIN")
        wrongPin = try Fixture.value("SU_TLS_WRONG_PIN")
    }

    /// The URL in the fixture variable `name` (`SU_TLS_EXPIRED_URL`, say).
    static func server(_ name: String) throws -> URL {
        try Fixture.url(name)
    }

    /// The fixture's root as trust anchors.
    func anchors() throws -> TrustAnchors {
        try TrustAnchors(contentsOf: rootPEM)
    }

    /// The 1 MiB file nginx serves as `/large.bin`, read from its folder beside the certificates.
    func largeFile() throws -> Data {
        try Data(contentsOf: rootPEM.deletingLastPathComponent().appendingPathComponent("www/large.bin"))
    }

    /// A request for `path` on `server` (the good one by default) carrying a query of its own,
    /// `probe=UUID`, which nginx logs with the request line: it finds this request's log line among
    /// those of every other test using the fixture at the same time.
    func probe(_ path: String = "hello.json", on server: URL? = nil) -> (request: URLRequest, marker: String) {
        let marker = "probe=\(UUID().uuidString)"
        let base = (server ?? url).appendingPathComponent(path).absoluteString
        return (URLRequest(url: URL(string: "\(base)?\(marker)") ?? url), marker)
    }

    /// The access log's lines now.
    var logLines: [String] {
        let text = (try? String(contentsOf: accessLog, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// The log line of the request that carried `marker`, waiting up to five seconds for nginx to
    /// write it (it logs each request as it finishes).
    func logLine(containing marker: String) async throws -> String {
        for _ in 0..<100 {
            if let line = logLines.first(where: { $0.contains(marker) }) { return line }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw LogFailure(description: "no line of \(accessLog.path) contains \(marker)")
    }

    /// The log lines that contain `marker`, once the log has caught up: a request sent afterwards
    /// through libcurl (whatever transport the test uses) must be logged first, and nginx logs in
    /// order, so a refused request that had reached it would show by then.
    func settledLogLines(containing marker: String) async throws -> [String] {
        let follower = probe()
        let client = HTTPClient {
            $0.transport = .libcurl
            $0.trustAnchors = try? anchors()
        }
        _ = try await client.send(follower.request)
        _ = try await logLine(containing: follower.marker)
        return logLines.filter { $0.contains(marker) }
    }

    struct LogFailure: Error, CustomStringConvertible {
        let description: String
    }
}

/// A bare TCP server on 127.0.0.1, on threads of its own, for what MockServer will not send: it
/// reads each request's head and answers with `reply` exactly as given, then closes the connection,
/// or, when `reply` is nil, never answers and holds the connection until ``stop()``.
final class RawReplyServer: Sendable {
    let port: UInt16
    /// The listening socket until the server stops; under the lock so ``stop()`` never shuts down a
    /// descriptor number the thread closed and another test reused.
    private let listener: Locked<Int32?>
    /// Connections held open (no reply), closed by ``stop()``.
    private let held = Locked<[Int32]>([])
    /// How many connections were accepted.
    let connections = Locked(0)
    /// Opened when a request's head has been read on some connection.
    let headRead = Latch()
    /// When the client closed a connection held open (or ``stop()`` did), seen by the server's own
    /// thread: a timeout measured here does not wait for a test task to be scheduled.
    let heldClosedAt = Locked<ContinuousClock.Instant?>(nil)
    /// Opened when a connection held open has ended.
    let heldClosed = Latch()

    init(reply: Data?) throws {
        let (socket, port) = try LoopbackSocket.listen()
        self.port = port
        let listener = Locked<Int32?>(socket)
        self.listener = listener
        let held = self.held
        let connections = self.connections
        let headRead = self.headRead
        let heldClosedAt = self.heldClosedAt
        let heldClosed = self.heldClosed
        let thread = Thread {
            while true {
                let connection = accept(socket, nil, nil)
                guard connection >= 0 else { break }
                #if canImport(Darwin)
                    var on: Int32 = 1
                    setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
                #endif
                connections.withLock { $0 += 1 }
                let worker = Thread {
                    Self.readHead(connection)
                    headRead.open()
                    guard let reply else {
                        held.withLock { $0.append(connection) }
                        return Self.awaitClose(connection, held: held, closedAt: heldClosedAt, closed: heldClosed)
                    }
                    reply.withUnsafeBytes { bytes in
                        var offset = 0
                        while offset < bytes.count {
                            let sent = send(
                                connection, bytes.baseAddress.map { $0 + offset }, bytes.count - offset, Self.noSignal)
                            guard sent > 0 else { break }
                            offset += sent
                        }
                    }
                    close(connection)
                }
                worker.start()
            }
            listener.withLock { descriptor in
                if let open = descriptor { close(open) }
                descriptor = nil
            }
        }
        thread.start()
    }

    /// `send`'s flag that keeps a write to a connection the client has closed (a client that gave up
    /// on an oversized head, say) from raising SIGPIPE, which would end the whole test process; Darwin
    /// has no such flag and sets `SO_NOSIGPIPE` on the socket instead.
    #if canImport(Glibc)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0
    #endif

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Stops listening and ends the connections held open (their threads close them).
    func stop() {
        listener.withLock { descriptor in
            if let open = descriptor { shutdown(open, Int32(SHUT_RDWR)) }
        }
        held.withLock { held in
            for connection in held { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    /// Reads a held connection until the client closes it (or ``stop()`` shuts it down), notes when,
    /// and closes it; under `held`'s lock, so ``stop()`` never shuts down a reused descriptor number.
    private static func awaitClose(
        _ connection: Int32, held: Locked<[Int32]>, closedAt: Locked<ContinuousClock.Instant?>, closed: Latch
    ) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while recv(connection, &buffer, buffer.count, 0) > 0 {}
        closedAt.withLock { $0 = $0 ?? .now }
        held.withLock { held in
            held.removeAll { $0 == connection }
            close(connection)
        }
        closed.open()
    }

    /// Reads up to the blank line ending a request's head (or the end of the stream), a byte at a time.
    private static func readHead(_ connection: Int32) {
        var last: [UInt8] = []
        var byte: UInt8 = 0
        while recv(connection, &byte, 1, 0) == 1 {
            last.append(byte)
            if last.count > 4 { last.removeFirst() }
            if last == [13, 10, 13, 10] { return }
        }
    }
}

/// A router for `path` on a URL (the fake transports' `https://fake.example`, say).
struct FakeRoute: HTTPRouter {
    let baseURL: URL?
    let path: String
    var method: HTTPMethod = .get

    init(_ base: URL, _ path: String, method: HTTPMethod = .get) {
        baseURL = base
        self.path = path
        self.method = method
    }
}
