#if canImport(Glibc)
    import Foundation
    import Glibc
    import InternalServiceUtilities

    /// The server side of the system's libssl, loaded at run time (libcurl's own TLS library on
    /// Debian), as much as ``TLSFront`` needs.
    ///
    /// `@unchecked Sendable`: immutable C function pointers into a library that is never unloaded.
    final class ServerTLS: @unchecked Sendable {
        typealias Pointer = OpaquePointer

        let serverMethod: @convention(c) () -> Pointer?
        let newContext: @convention(c) (Pointer?) -> Pointer?
        let useChainFile: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32
        let useKeyFile: @convention(c) (Pointer?, UnsafePointer<CChar>?, Int32) -> Int32
        let freeContext: @convention(c) (Pointer?) -> Void
        let newConnection: @convention(c) (Pointer?) -> Pointer?
        let setDescriptor: @convention(c) (Pointer?, Int32) -> Int32
        let accept: @convention(c) (Pointer?) -> Int32
        let read: @convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32
        let write: @convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32
        let pending: @convention(c) (Pointer?) -> Int32
        let shutdown: @convention(c) (Pointer?) -> Int32
        let freeConnection: @convention(c) (Pointer?) -> Void

        /// The library, or nil where no libssl 3 or 1.1 can be loaded.
        static let shared: ServerTLS? = ServerTLS()

        private init?() {
            guard let library = dlopen("libssl.so.3", RTLD_NOW) ?? dlopen("libssl.so.1.1", RTLD_NOW) else {
                return nil
            }
            func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
                dlsym(library, name).map { unsafeBitCast($0, to: type) }
            }
            guard let serverMethod = symbol("TLS_server_method", as: (@convention(c) () -> Pointer?).self),
                let newContext = symbol("SSL_CTX_new", as: (@convention(c) (Pointer?) -> Pointer?).self),
                let useChainFile = symbol(
                    "SSL_CTX_use_certificate_chain_file",
                    as: (@convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32).self),
                let useKeyFile = symbol(
                    "SSL_CTX_use_PrivateKey_file",
                    as: (@convention(c) (Pointer?, UnsafePointer<CChar>?, Int32) -> Int32).self),
                let freeContext = symbol("SSL_CTX_free", as: (@convention(c) (Pointer?) -> Void).self),
                let newConnection = symbol("SSL_new", as: (@convention(c) (Pointer?) -> Pointer?).self),
                let setDescriptor = symbol("SSL_set_fd", as: (@convention(c) (Pointer?, Int32) -> Int32).self),
                let accept = symbol("SSL_accept", as: (@convention(c) (Pointer?) -> Int32).self),
                let read = symbol(
                    "SSL_read", as: (@convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32).self),
                let write = symbol(
                    "SSL_write", as: (@convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32).self),
                let pending = symbol("SSL_pending", as: (@convention(c) (Pointer?) -> Int32).self),
                let shutdown = symbol("SSL_shutdown", as: (@convention(c) (Pointer?) -> Int32).self),
                let freeConnection = symbol("SSL_free", as: (@convention(c) (Pointer?) -> Void).self)
            else { return nil }
            (self.serverMethod, self.newContext, self.useChainFile, self.useKeyFile) =
                (serverMethod, newContext, useChainFile, useKeyFile)
            (self.freeContext, self.newConnection, self.setDescriptor, self.accept) =
                (freeContext, newConnection, setDescriptor, accept)
            (self.read, self.write, self.pending, self.shutdown, self.freeConnection) =
                (read, write, pending, shutdown, freeConnection)
        }
    }

    /// An OpenSSL object handed from the accepting thread to the connection's thread, which alone
    /// uses it afterwards. `@unchecked Sendable`: one thread at a time, by that hand-over.
    private struct Handed: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// A TLS front for a MockServer: it accepts TLS on a port of its own with a certificate chain
    /// and key, and passes each connection's bytes, once its handshake completes, to the server on
    /// `upstreamPort` and back. A client that refuses the chain (an untrusted root, a pin mismatch)
    /// ends the handshake, and the server records no request: not one byte reached it.
    final class TLSFront: Sendable {
        let port: UInt16
        /// Connections accepted.
        let connections = Locked(0)
        /// Handshakes that completed (and whose bytes went on to the server).
        let handshakes = Locked(0)
        private let listener: Locked<Int32?>
        /// The sockets of the connections in progress, shut down by ``stop()``.
        private let open = Locked<Set<Int32>>([])

        struct Failure: Error, CustomStringConvertible {
            let description: String
        }

        /// Starts listening on 127.0.0.1.
        ///
        /// - Parameters:
        ///   - chain: The certificate chain as PEM, leaf first.
        ///   - key:   The leaf's private key as PEM.
        ///   - upstreamPort: The port of the plain server on 127.0.0.1.
        init(chain: String, key: String, upstreamPort: UInt16) throws {
            guard let tls = ServerTLS.shared else { throw Failure(description: "libssl cannot be loaded") }
            let context = try Self.makeContext(tls, chain: chain, key: key)
            let (socket, port) = try LoopbackSocket.listen()
            self.port = port
            let listener = Locked<Int32?>(socket)
            self.listener = listener
            let (open, connections, handshakes) = (self.open, self.connections, self.handshakes)
            let thread = Thread {
                while true {
                    let connection = Glibc.accept(socket, nil, nil)
                    guard connection >= 0 else { break }
                    connections.withLock { $0 += 1 }
                    guard let ssl = tls.newConnection(context.pointer) else {
                        _ = Glibc.close(connection)
                        continue
                    }
                    open.withLock { _ = $0.insert(connection) }
                    let handed = Handed(pointer: ssl)
                    let worker = Thread {
                        Self.serve(handed, on: connection, upstreamPort: upstreamPort, handshakes: handshakes)
                        open.withLock { open in
                            open.remove(connection)
                            _ = Glibc.close(connection)
                        }
                    }
                    worker.start()
                }
                tls.freeContext(context.pointer)  // each connection keeps its own reference
                listener.withLock { descriptor in
                    if let open = descriptor { _ = Glibc.close(open) }
                    descriptor = nil
                }
            }
            thread.start()
        }

        /// Stops listening and ends the connections in progress.
        func stop() {
            listener.withLock { descriptor in
                if let open = descriptor { _ = Glibc.shutdown(open, Int32(SHUT_RDWR)) }
            }
            open.withLock { open in
                for connection in open { _ = Glibc.shutdown(connection, Int32(SHUT_RDWR)) }
            }
        }

        private static func makeContext(_ tls: ServerTLS, chain: String, key: String) throws -> Handed {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-front-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let chainFile = folder.appendingPathComponent("chain.pem")
            let keyFile = folder.appendingPathComponent("key.pem")
            try Data(chain.utf8).write(to: chainFile)
            try Data(key.utf8).write(to: keyFile)
            guard let context = tls.newContext(tls.serverMethod()) else {
                throw Failure(description: "SSL_CTX_new failed")
            }
            let pem: Int32 = 1  // SSL_FILETYPE_PEM
            guard tls.useChainFile(context, chainFile.path) == 1, tls.useKeyFile(context, keyFile.path, pem) == 1 else {
                tls.freeContext(context)
                throw Failure(description: "libssl refused the certificate chain or its key")
            }
            return Handed(pointer: context)
        }

        /// Completes the handshake on `connection`, then carries bytes both ways until one side ends.
        private static func serve(_ ssl: Handed, on connection: Int32, upstreamPort: UInt16, handshakes: Locked<Int>) {
            guard let tls = ServerTLS.shared else { return }
            defer { tls.freeConnection(ssl.pointer) }
            _ = tls.setDescriptor(ssl.pointer, connection)
            guard tls.accept(ssl.pointer) == 1 else { return }  // the client refused the chain
            handshakes.withLock { $0 += 1 }
            guard let upstream = try? LoopbackSocket.connect(port: upstreamPort) else { return }
            defer { _ = Glibc.close(upstream) }
            pump(tls, ssl.pointer, connection, upstream)
            _ = tls.shutdown(ssl.pointer)
        }

        private static func pump(_ tls: ServerTLS, _ ssl: OpaquePointer, _ connection: Int32, _ upstream: Int32) {
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            var fds = [
                pollfd(fd: connection, events: Int16(POLLIN), revents: 0),
                pollfd(fd: upstream, events: Int16(POLLIN), revents: 0),
            ]
            while true {
                fds[0].revents = 0
                fds[1].revents = 0
                if tls.pending(ssl) == 0, poll(&fds, 2, -1) < 0, errno != EINTR { return }
                if tls.pending(ssl) > 0 || fds[0].revents != 0 {
                    let count = buffer.withUnsafeMutableBytes { tls.read(ssl, $0.baseAddress, Int32($0.count)) }
                    guard count > 0, sendAll(buffer[0..<Int(count)], to: upstream) else { return }
                }
                if fds[1].revents != 0 {
                    let count = buffer.withUnsafeMutableBytes { recv(upstream, $0.baseAddress, $0.count, 0) }
                    guard count > 0 else { return }
                    let written = buffer.withUnsafeBytes { tls.write(ssl, $0.baseAddress, Int32(count)) }
                    guard written == Int32(count) else { return }
                }
            }
        }

        private static func sendAll(_ bytes: ArraySlice<UInt8>, to socket: Int32) -> Bool {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count, let base = raw.baseAddress {
                    let sent = Glibc.send(socket, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                    guard sent > 0 else { return false }
                    offset += sent
                }
                return true
            }
        }
    }
#endif
