import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One cell of the fault matrix carried out: a mock server answering the operation's request under
/// the fault, a client on the cell's transport, and what the caller got.
struct FaultScenario: Sendable {
    /// The client's timeout in every cell: a stall must end in `.timedOut` within it plus one second.
    static let timeout: TimeInterval = 1
    /// The entity tag of downloaded content, so a failed download keeps its bytes for a resume.
    static let entityTag = "\"fault-matrix\""

    let cell: FaultMatrix.Cell
    let server: MockServer
    let client: HTTPClient
    let folder: TestFolder

    /// What the caller saw.
    struct Observation: Sendable {
        /// The error, or nil when the operation succeeded.
        var error: HTTPError?
        /// Another error type than `HTTPError`: never acceptable.
        var untypedError: String?
        /// Whether a success delivered the whole, correct body.
        var correct = false
        /// The requests of the operation the server saw.
        var requests = 0
        /// The time from the call to its outcome.
        var elapsed: Duration = .zero
        /// For a failed download: what was left beside the destination.
        var leftovers: [String] = []

        /// The outcome in the table's words: `ok`, or the error's name, then for fail-first cells
        /// whether the request was retried.
        func outcome(failsFirst: Bool) -> String {
            var text: String
            if let untypedError {
                text = "untyped \(untypedError)"
            } else if let error {
                text = Self.name(of: error)
            } else {
                text = correct ? "ok" : "wrong body"
            }
            if failsFirst {
                switch requests {
                case 1: text += ", not retried"
                case 2: text += ", retried"
                default: text += ", \(requests) requests"
                }
            }
            return text
        }

        /// A short name for what an error says happened.
        static func name(of error: HTTPError) -> String {
            switch error {
            case .timedOut: "timedOut"
            case .transport(let failure): urlErrorNames[failure.code] ?? "transport \(failure.code.rawValue)"
            case .unacceptableStatus(let failure): "status \(failure.statusCode)"
            case .decodingFailed: "decodingFailed"
            case .unacceptableContentType: "unacceptableContentType"
            case .cancelled: "cancelled"
            case .transferFailed(let failure): "transferFailed \(failure.reason)"
            default: "\(error)"
            }
        }

        private static let urlErrorNames: [URLError.Code: String] = [
            .networkConnectionLost: "networkConnectionLost", .badServerResponse: "badServerResponse",
            .cannotParseResponse: "cannotParseResponse", .timedOut: "transport timedOut",
            .cannotConnectToHost: "cannotConnectToHost", .zeroByteResource: "zeroByteResource",
            .cannotDecodeRawData: "cannotDecodeRawData", .cannotDecodeContentData: "cannotDecodeContentData",
            .unknown: "unknown", .dataLengthExceedsMaximum: "dataLengthExceedsMaximum",
        ]
    }

    /// Starts a server for the cell's operation and fault, and a client on the cell's transport.
    init(_ cell: FaultMatrix.Cell) throws {
        self.cell = cell
        var configuration = MockServer.Configuration()
        configuration.seed = 21
        server = try MockServer(configuration: configuration)
        folder = try TestFolder()
        client = HTTPClient {
            $0.timeout = Self.timeout
            $0.transport = cell.engine
            if cell.fault.failsFirst {
                $0.retriers = [RetryPolicy(maximumRetries: 2, baseDelay: .milliseconds(20), jitter: 0)]
            }
        }
        FaultContent.stub(cell.operation, fault: cell.fault, on: server)
    }

    func stop() {
        server.stop()
        folder.remove()
    }

    /// Runs the operation once (after the setup a resumed download needs) and observes it.
    func run() async -> Observation {
        let before = cell.operation == .resumedDownload ? await prepareResume() : 0
        var observation = Observation()
        let start = ContinuousClock.now
        do {
            observation.correct = try await perform()
        } catch let error as HTTPError {
            observation.error = error
        } catch {
            observation.untypedError = "\(type(of: error)): \(error)"
        }
        observation.elapsed = ContinuousClock.now - start
        observation.requests = server.requests.filter { $0.path == "/op" }.count - before
        if observation.error != nil { observation.leftovers = folder.contents }
        return observation
    }

    /// Cuts a first download half-way, leaving a partial file to resume; returns the requests it took.
    /// (A client without retriers: a retry would resume at once and finish the file.)
    private func prepareResume() async -> Int {
        let engine = cell.engine
        let plain = HTTPClient {
            $0.timeout = Self.timeout
            $0.transport = engine
        }
        _ = try? await plain.download(route(), to: destination)
        return server.requests.filter { $0.path == "/op" }.count
    }

    var destination: URL { folder.file("file.txt") }

    private func route(_ method: HTTPMethod = .get) -> FaultRoute {
        FaultRoute(baseURL: server.baseURL, method: method)
    }

    /// Performs the operation; true when what it returned is the whole, correct content.
    private func perform() async throws -> Bool {
        switch cell.operation {
        case .data:
            return try await client.send(route()).body == FaultContent.text
        case .decode:
            return try await client.send(route(), as: [String].self) == FaultContent.items
        case .download:
            let file = try await client.download(route(), to: destination)
            return try Data(contentsOf: file.fileURL) == FaultContent.text
        case .resumedDownload:
            let file = try await client.download(route(), to: destination, options: .resume)
            return try Data(contentsOf: file.fileURL) == FaultContent.text && file.resumedFrom > 0
        case .uploadFile:
            let file = try folder.write(FaultContent.upload, to: "upload.bin")
            let response = try await client.upload(.file(file), to: route(.put))
            return response.body == FaultContent.text && server.requests.last?.body == FaultContent.upload
        case .multipart:
            var form = MultipartFormData()
            form.append("fault matrix", name: "field")
            form.append(FaultContent.upload, name: "file", fileName: "upload.bin", mimeType: "application/octet-stream")
            let response = try await client.upload(.multipart(form), to: route(.post))
            return response.body == FaultContent.text
        case .byteStream:
            let stream = try await client.stream(route())
            var body = Data()
            for try await chunk in stream.chunks { body.append(chunk) }
            return body == FaultContent.text
        case .lines:
            var lines: [String] = []
            for try await line in client.lines(route()) { lines.append(line) }
            return lines == FaultContent.lines
        case .serverSentEvents:
            let options = ServerSentEventOptions(reconnectionTime: .milliseconds(10), maximumReconnections: 0)
            var data: [String] = []
            for try await event in client.events(route(), options: options) { data.append(event.data) }
            return data == FaultContent.lines
        }
    }
}

/// The matrix's one endpoint, `/op`.
struct FaultRoute: HTTPRouter {
    let baseURL: URL?
    let method: HTTPMethod
    var path: String { "op" }
}
