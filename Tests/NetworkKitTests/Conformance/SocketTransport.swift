#if canImport(Glibc)
    import Foundation
    import NetworkKit

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A third party's transport, written with NetworkKit's public API only (this file and the
    /// connection and wire files beside it import NetworkKit without `@testable`): blocking HTTP/1.1
    /// over POSIX sockets, one thread per exchange, one connection per hop.
    ///
    /// It reads heads itself and reports them as ``ResponseHead``s, follows redirects by asking
    /// ``HTTPExchange/redirectRequest(after:for:)`` (sending the body again unless the method
    /// changed), reads `Content-Length`, chunked and close-delimited bodies, sends `.data`,
    /// `.file` and `.stream` bodies (chunked when the stream has no length) reporting
    /// ``HTTPExchange/didSend(totalBytes:)``, honours ``HTTPExchange/onCancel(_:)`` at every wait and
    /// takes `timeoutInterval` as the longest wait for progress. What it cannot do: `https` (it
    /// answers `URLError(.unsupportedURL)`, so it checks no server trust and a client refuses pinned
    /// hosts before it sees them), content codings (it asks for `identity`), keep-alive and HTTP/2.
    struct SocketTransport: HTTPTransport {
        var name: String { "sockets" }

        func send(_ exchange: HTTPExchange) {
            let thread = Thread { SocketExchange(exchange: exchange).run() }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// One exchange of ``SocketTransport``, run on its own thread from the first hop to the end.
    private struct SocketExchange {
        let exchange: HTTPExchange

        func run() {
            let cancellation: CancellationPipe
            do {
                cancellation = try CancellationPipe()
            } catch {
                return exchange.complete(error)
            }
            exchange.onCancel { cancellation.cancel() }
            let error = perform(cancellation)
            exchange.complete(error)  // drops the cancellation handler: nothing writes to the pipe after
            cancellation.close()
        }

        /// Sends each hop until the final response has been read; the error to complete with, or nil.
        private func perform(_ cancellation: CancellationPipe) -> URLError? {
            var hop = exchange.request
            var body = exchange.body
            while true {
                do throws(URLError) {
                    guard let url = hop.url, url.scheme?.lowercased() == "http", let host = url.host, !host.isEmpty
                    else {
                        throw URLError.socket(
                            .unsupportedURL, "only http is supported: \(hop.url?.absoluteString ?? "")")
                    }
                    let connection = try SocketConnection(
                        host: host, port: url.port ?? 80, timeout: hop.timeoutInterval, cancellation: cancellation)
                    try connection.send(HTTP1RequestWriter.head(for: hop, url: url, body: body))
                    try HTTP1RequestWriter.send(body, on: connection) { exchange.didSend(totalBytes: $0) }
                    let reader = HTTP1ResponseReader(connection)
                    let wire = try reader.readFinalHead()
                    if exchange.followsRedirects, Self.isRedirect(wire), let redirect = Self.platformHead(wire, url) {
                        // nil: the exchange refused the redirect and fails with its reason.
                        guard let next = exchange.redirectRequest(after: redirect, for: hop) else { return nil }
                        if next.httpMethod != hop.httpMethod { body = .none }
                        hop = next
                        continue
                    }
                    let head = ResponseHead(statusCode: wire.status, url: url, fields: wire.fields)
                    guard exchange.receive(head) else { return URLError(.cancelled) }
                    let framing = HTTP1ResponseReader.framing(of: wire, method: hop.httpMethod ?? "GET")
                    let whole = try reader.readBody(framing) { exchange.receive($0) }
                    return whole ? nil : URLError(.cancelled)
                } catch {
                    return error
                }
            }
        }

        /// A redirect's head as `redirectRequest(after:for:)` takes it (the `ResponseHead` overload is
        /// internal: the redirect is the one place the transport makes an `HTTPURLResponse`).
        private static func platformHead(_ head: HTTP1ResponseReader.Head, _ url: URL) -> HTTPURLResponse? {
            let fields = Dictionary(head.fields, uniquingKeysWith: { first, next in first + ", " + next })
            return HTTPURLResponse(url: url, statusCode: head.status, httpVersion: "HTTP/1.1", headerFields: fields)
        }

        /// A redirect the exchange's rules judge: a `3xx` but `304`, with a `Location`.
        private static func isRedirect(_ head: HTTP1ResponseReader.Head) -> Bool {
            (300..<400).contains(head.status) && head.status != 304 && head.value(of: "Location") != nil
        }
    }
#endif
