import Foundation
import InternalServiceUtilities
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// TLS failures of libcurl's table (`LibcurlErrors.md`) that local servers cause, on both built-in
/// transports: a handshake with a server that speaks plain HTTP, and a certificate no root vouches
/// for. libcurl's transport gives each its own code; FoundationNetworking gives `unknown` with
/// libcurl's detail, which says what failed all the same.
@Suite("TLS failures from local servers as typed errors, on both transports")
struct TLSErrorTests {
    static let engines = [BuiltInTransport.libcurl, .urlSession]

    @Test("https to a plain HTTP server (libcurl 35) fails the handshake, saying so", arguments: engines)
    func plainServer(engine: BuiltInTransport) async throws {
        // Given a server that answers any connection in plain HTTP at once, asked over https
        let server = try PlainAnswerServer()
        defer { server.stop() }

        // When the client asks it
        let answer = try await Self.failure(asking: "https://127.0.0.1:\(server.port)/x", through: engine)
        guard let (failure, onLibcurl) = answer else { return }

        // Then the TLS handshake failed: libcurl's transport says so with its own code, URLSession
        // with OpenSSL's words for what it read
        #expect(failure.reason.localizedCaseInsensitiveContains("SSL"), "\(failure.reason)")
        if onLibcurl {
            #expect(failure.code == .secureConnectionFailed)
            #expect(failure.reason.hasPrefix("the TLS handshake failed (libcurl 35: "), "\(failure.reason)")
        } else {
            #expect(failure.code == .unknown)
        }
    }

    @Test("a self-signed certificate (libcurl 60) is not trusted, saying so", arguments: engines)
    func selfSigned(engine: BuiltInTransport) async throws {
        // Given a TLS server presenting a certificate that signed itself
        let server = try await SelfSignedServer.start()
        defer { server.stop() }

        // When the client asks it
        let answer = try await Self.failure(asking: "https://127.0.0.1:\(server.port)/", through: engine)
        guard let (failure, onLibcurl) = answer else { return }

        // Then the chain is not trusted, and the message says which certificate problem it was
        #expect(failure.reason.contains("self-signed certificate"), "\(failure.reason)")
        if onLibcurl {
            #expect(failure.code == .serverCertificateUntrusted)
            #expect(failure.reason.hasPrefix("the server's certificate is not trusted (libcurl 60: "))
        } else {
            #expect(failure.code == .unknown)
        }
    }

    /// The transport failure of a GET of `address` through a client on `engine` with a 10 s
    /// timeout, and whether that client ran libcurl; nil, with an issue recorded, for any other outcome.
    private static func failure(
        asking address: String, through engine: BuiltInTransport
    ) async throws -> (HTTPError.TransportFailure, onLibcurl: Bool)? {
        let url = try #require(URL(string: address))
        let client = HTTPClient {
            $0.transport = engine
            $0.timeout = 10
        }
        let error = await #expect(throws: HTTPError.self) { try await client.send(URLRequest(url: url)) }
        guard case .transport(let failure)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return nil
        }
        return (failure, client.transportName == "libcurl")
    }
}

/// A server on 127.0.0.1 that answers each connection with a plain HTTP `400` as soon as it is
/// accepted, without reading a byte first (a TLS client's hello is not HTTP MockServer would answer),
/// then reads until the client closes.
final class PlainAnswerServer: Sendable {
    let port: UInt16
    private let listener: Int32

    init() throws {
        let (listener, port) = try LoopbackSocket.listen()
        self.listener = listener
        self.port = port
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { break }
                let answer = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)
                _ = send(connection, answer, answer.count, Int32(MSG_NOSIGNAL))
                // The end of the answer, then whatever the client sends until it closes: a close with
                // unread bytes would reset the connection before the client read the answer.
                shutdown(connection, Int32(SHUT_WR))
                var buffer = [UInt8](repeating: 0, count: 4096)
                while recv(connection, &buffer, buffer.count, 0) > 0 {}
                close(connection)
            }
            close(listener)
        }
    }

    /// Stops accepting; the thread closes the listener.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }
}

/// `openssl s_server` on 127.0.0.1 with a self-signed certificate made for it, answering one
/// connection, then exiting.
struct SelfSignedServer: Sendable {
    let port: UInt16
    private let child: ChildProcess
    private let folder: TestFolder

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Makes the certificate and starts the server, once it listens.
    static func start() async throws -> SelfSignedServer {
        let environment = ProcessInfo.processInfo.environment
        guard let openSSL = ProcessRunner.locate("openssl", environment: environment) else {
            throw Failure(description: "openssl is not installed (Debian package openssl)")
        }
        let folder = try TestFolder()
        let (key, certificate) = (folder.file("key.pem").path, folder.file("certificate.pem").path)
        let made = try await ProcessRunner.runDetached(
            openSSL,
            arguments: [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
                "-out", certificate, "-subj", "/CN=localhost", "-days", "2",
            ])
        guard made.status == 0 else {
            folder.remove()
            throw Failure(description: "openssl req failed: \(made.errorSummary())")
        }
        let child = try ChildProcess(
            openSSL,
            arguments: [
                "s_server", "-accept", "127.0.0.1:0", "-cert", certificate, "-key", key, "-www", "-naccept", "1",
            ],
            standardInput: .nullDevice, standardOutput: .pipe, standardError: .nullDevice)
        guard let output = child.standardOutput?.fileDescriptor,
            let port = try await onThread({ Self.announcedPort(reading: output) })
        else {
            child.stop()
            folder.remove()
            throw Failure(description: "openssl s_server did not say where it listens")
        }
        return SelfSignedServer(port: port, child: child, folder: folder)
    }

    /// Ends the server and removes its files.
    func stop() {
        child.stop()
        folder.remove()
    }

    /// The port of s_server's `ACCEPT 127.0.0.1:PORT` line, read from its output a byte at a time;
    /// nil when the output ends first.
    private static func announcedPort(reading descriptor: Int32) -> UInt16? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1 {
            guard byte == UInt8(ascii: "\n") else {
                line.append(byte)
                continue
            }
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("ACCEPT"), let colon = text.lastIndex(of: ":") {
                return UInt16(text[text.index(after: colon)...])
            }
            line.removeAll()
        }
        return nil
    }
}
