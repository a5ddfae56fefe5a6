import Foundation
import InternalServiceUtilities
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An upload hands a body on disk to a transport as the transport asks
/// (``HTTPTransport/requestBodyPreference``), whatever the platform: the plan asks the transport,
/// never which transport type or platform it runs on.
@Suite("Request body preference")
struct RequestBodyPreferenceTests {
    /// What a transport was handed: the body's form, its length, and the bytes it would send.
    struct Handed: Sendable, Equatable {
        enum Form: Sendable, Equatable { case none, data, file, stream }
        var form: Form
        var length: Int64?
        var bytes: Data
    }

    /// A transport stating `preference`, recording the body of each exchange and answering 200.
    final class RecordingTransport: HTTPTransport {
        let requestBodyPreference: RequestBodyPreference
        let handed = Locked<[Handed]>([])
        var name: String { "recording" }

        init(_ preference: RequestBodyPreference) {
            requestBodyPreference = preference
        }

        func send(_ exchange: HTTPExchange) {
            let record: Handed
            switch exchange.body {
            case .none: record = Handed(form: .none, length: nil, bytes: Data())
            case .data(let data): record = Handed(form: .data, length: Int64(data.count), bytes: data)
            case .file(let url, let length):
                record = Handed(form: .file, length: length, bytes: (try? Data(contentsOf: url)) ?? Data())
            case .stream(let make, let length):
                record = Handed(form: .stream, length: length, bytes: make().map(Self.readAll) ?? Data())
            }
            handed.withLock { $0.append(record) }
            guard let url = exchange.request.url,
                let head = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:]),
                exchange.receive(head)
            else { return exchange.complete(URLError(.cancelled)) }
            exchange.complete(nil)
        }

        static func readAll(_ stream: InputStream) -> Data {
            stream.open()
            defer { stream.close() }
            var result = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = stream.read(&buffer, maxLength: buffer.count)
                guard count > 0 else { return result }
                result.append(contentsOf: buffer[0..<count])
            }
        }
    }

    /// A file of `count` bytes in a new folder.
    static func file(_ count: Int) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("body.bin")
        try Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: url)
        return url
    }

    /// Uploads `body` through a recording transport of `preference` and returns what it was handed.
    static func hand(
        _ body: UploadBody, preference: RequestBodyPreference, options: UploadOptions, temporaryDirectory: URL? = nil
    ) async throws -> Handed {
        let transport = RecordingTransport(preference)
        let client = HTTPClient {
            $0.transport = transport
            if let temporaryDirectory { $0.temporaryDirectory = temporaryDirectory }
        }
        var request = URLRequest(url: try #require(URL(string: "http://example.test/upload")))
        request.httpMethod = "PUT"
        _ = try await client.upload(body, with: request, options: options)
        return try #require(transport.handed.value.first)
    }

    @Test("a file: streamed with its length, handed as a file, or from memory when small and chunked when large")
    func file() async throws {
        // Given a 5,000-byte file, and a memory threshold below and above it
        let url = try Self.file(5_000)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let content = try Data(contentsOf: url)
        let small = UploadOptions(framing: .contentLength, multipartMemoryThreshold: 10_000)
        let large = UploadOptions(framing: .contentLength, multipartMemoryThreshold: 1_000)

        // When it is uploaded through transports of each preference
        let stream = try await Self.hand(.file(url), preference: .stream, options: large)
        let file = try await Self.hand(.file(url), preference: .file, options: large)
        let memory = try await Self.hand(.file(url), preference: .chunkedStream, options: small)
        let chunked = try await Self.hand(.file(url), preference: .chunkedStream, options: large)
        let fileChunked = try await Self.hand(
            .file(url), preference: .file, options: UploadOptions(framing: .chunked))

        // Then each gets the body in its form, and every form holds the same bytes
        #expect(stream == Handed(form: .stream, length: 5_000, bytes: content))
        #expect(file == Handed(form: .file, length: 5_000, bytes: content))
        #expect(memory == Handed(form: .data, length: 5_000, bytes: content))
        #expect(chunked == Handed(form: .stream, length: nil, bytes: content))
        #expect(fileChunked == Handed(form: .stream, length: nil, bytes: content))
    }

    @Test("a form above the threshold: its parts streamed with its length, a temporary file, or chunked parts")
    func largeForm() async throws {
        // Given a form with a field and a 5,000-byte file, above a 1,000-byte threshold
        let url = try Self.file(5_000)
        let temporary = url.deletingLastPathComponent().appendingPathComponent("spool")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        var form = MultipartFormData()
        form.append("value", name: "field")
        try form.append(streamingFileAt: url, name: "file")
        let options = UploadOptions(framing: .contentLength, multipartMemoryThreshold: 1_000)

        // When it is uploaded through transports of each preference
        let stream = try await Self.hand(.multipart(form), preference: .stream, options: options)
        let file = try await Self.hand(
            .multipart(form), preference: .file, options: options, temporaryDirectory: temporary)
        let chunked = try await Self.hand(.multipart(form), preference: .chunkedStream, options: options)

        // Then the forms are handed as each transport asks, each the whole encoded form (boundaries
        // differ from one encoding to the next, so the lengths and the file's bytes are compared)
        let fileBytes = try Data(contentsOf: url)
        #expect(stream.form == .stream && stream.length == Int64(stream.bytes.count))
        #expect(file.form == .file && file.length == Int64(file.bytes.count))
        #expect(chunked.form == .stream && chunked.length == nil)
        for handed in [stream, file, chunked] {
            #expect(handed.bytes.count > fileBytes.count)
            #expect(handed.bytes.range(of: fileBytes) != nil)
        }
        // and the temporary file written for the file-preferring transport is gone
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }
}
