public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A response whose body is still arriving: its validated head, and the body as it comes.
///
/// Stop reading (leave the loop, cancel the reading task, or drop the stream) and the request is
/// cancelled. Pieces arrive as the server sends them and wait in memory until read.
public struct ResponseStream: Sendable {
    /// The status and headers; ``HTTPResponse/body`` is empty.
    public let response: HTTPResponse
    /// The body, piece by piece; the sequence throws an ``HTTPError`` if the transfer fails.
    public let chunks: AsyncThrowingStream<Data, any Error>
}

extension HTTPClient {
    /// Sends the router's request and returns as soon as the response head is validated, with the
    /// body to read as it arrives.
    ///
    /// Adapters, retriers, validation and event monitors apply as for ``send(_:)``; a failure is
    /// retried only while no head was accepted, so no byte is delivered twice.
    ///
    /// ```swift
    /// let stream = try await client.stream(LogAPI.tail)
    /// for try await chunk in stream.chunks { output.write(chunk) }
    /// ```
    ///
    /// - Parameter router: The endpoint.
    /// - Returns: The head and the body stream.
    /// - Throws: ``HTTPError`` when no acceptable head arrives (status, content type, transport,
    ///   cancellation, timeout).
    public func stream(_ router: any HTTPRouter) async throws(HTTPError) -> ResponseStream {
        let request = try prepare(router)
        return try await startStream(request, check: headCheck(acceptableStatusCodes: router.acceptableStatusCodes))
    }

    /// Sends a prepared request and returns once its head is validated; see ``stream(_:)-(HTTPRouter)``.
    ///
    /// - Parameters:
    ///   - request:               The request; the client's default headers are added when missing.
    ///   - acceptableStatusCodes: Codes that count as success; the configuration's when nil.
    /// - Returns: The head and the body stream.
    /// - Throws: ``HTTPError`` when no acceptable head arrives.
    public func stream(_ request: URLRequest, acceptableStatusCodes: Range<Int>? = nil) async throws(HTTPError)
        -> ResponseStream
    {
        var base = request
        addDefaultHeaders(to: &base)
        return try await startStream(base, check: headCheck(acceptableStatusCodes: acceptableStatusCodes))
    }

    /// The router's response body as lines of UTF-8 text (split at CR LF, LF or CR, without them),
    /// each as soon as it is complete; the last line need not end with a line break.
    ///
    /// ```swift
    /// for try await line in client.lines(LogAPI.tail) { print(line) }
    /// ```
    ///
    /// - Parameters:
    ///   - router:        The endpoint.
    ///   - maximumLength: The most bytes a line may have (512 KiB by default); a longer one ends the
    ///     sequence with ``HTTPError/TransferFailureReason/lineTooLong(limit:)``.
    /// - Returns: The lines; the sequence throws an ``HTTPError`` when the request fails. Stopping
    ///   the reading cancels the request.
    public func lines(_ router: any HTTPRouter, maximumLength: Int = 512 * 1024)
        -> AsyncThrowingStream<String, any Error>
    {
        let check = headCheck(acceptableStatusCodes: router.acceptableStatusCodes)
        let prepared = Result { () throws(HTTPError) in try prepare(router) }
        return lineStream(prepared, check: check, maximumLength: maximumLength)
    }

    /// A prepared request's response body as lines; see ``lines(_:maximumLength:)-(HTTPRouter,_)``.
    ///
    /// - Parameters:
    ///   - request:       The request; the client's default headers are added when missing.
    ///   - maximumLength: The most bytes a line may have.
    /// - Returns: The lines.
    public func lines(_ request: URLRequest, maximumLength: Int = 512 * 1024) -> AsyncThrowingStream<String, any Error>
    {
        var base = request
        addDefaultHeaders(to: &base)
        return lineStream(.success(base), check: headCheck(acceptableStatusCodes: nil), maximumLength: maximumLength)
    }

    /// Starts a streamed call in a task of its own and waits for its head.
    private func startStream(
        _ request: URLRequest, check: @escaping @Sendable (ResponseHead, URLRequest) -> HeadDecision
    )
        async throws(HTTPError) -> ResponseStream
    {
        let (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let head = OneShot<Result<HTTPResponse, HTTPError>>()
        let task = Task {
            do throws(HTTPError) {
                _ = try await streamBody(
                    request, check: check, onHead: { head.resolve(.success($0)) },
                    onData: { data in
                        continuation.yield(data)
                        return nil
                    })
                continuation.finish()
            } catch {
                head.resolve(.failure(error))
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        let response = await withTaskCancellationHandler {
            await head.value
        } onCancel: {
            task.cancel()
        }
        return ResponseStream(response: try response.get(), chunks: chunks)
    }

    /// Runs a streamed call whose body is split into lines, in a task ended by the reader.
    private func lineStream(
        _ prepared: Result<URLRequest, HTTPError>,
        check: @escaping @Sendable (ResponseHead, URLRequest) -> HeadDecision,
        maximumLength: Int
    ) -> AsyncThrowingStream<String, any Error> {
        let (lines, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
        let scanner = LockedLineScanner(limit: max(maximumLength, 1))
        let task = Task {
            do throws(HTTPError) {
                let request = try prepared.get()
                let head = try await streamBody(
                    request, check: check, onHead: { _ in },
                    onData: { data in
                        scanner.feed(data, request: request) { continuation.yield(String(decoding: $0, as: UTF8.self)) }
                    })
                if let last = scanner.remainder() { continuation.yield(String(decoding: last, as: UTF8.self)) }
                _ = head
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return lines
    }
}

/// A ``LineScanner`` shared between the delegate queue, which feeds it, and the task that ends the stream.
final class LockedLineScanner: Sendable {
    private let scanner: Locked<LineScanner>
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
        scanner = Locked(LineScanner(limit: limit))
    }

    /// Feeds a piece, handing each complete line to `line`; an error when a line is too long.
    func feed(_ data: Data, request: URLRequest, line: (UnsafeRawBufferPointer) -> Void) -> HTTPError? {
        let fits = scanner.withLock { scanner in
            data.withUnsafeBytes { scanner.feed($0, line: line) }
        }
        guard !fits else { return nil }
        return .transferFailed(
            HTTPError.TransferFailure(request: HTTPError.RequestSummary(request), reason: .lineTooLong(limit: limit)))
    }

    /// The unfinished last line.
    func remainder() -> [UInt8]? {
        scanner.withLock { $0.remainder() }
    }
}
