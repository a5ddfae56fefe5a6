public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Alamofire's `DownloadRequest`: a request whose response body is written to a file, never held
/// in memory, then moved to the destination its ``Destination`` chooses.
///
/// A ``Session`` makes it. Each attempt runs ``HTTPClient/download(_:to:options:acceptableStatusCodes:progress:)``
/// into a temporary file in the client's ``HTTPClient/Configuration/temporaryDirectory``; once the
/// response has come the destination closure is asked where the file goes, the file is moved there,
/// and the validations run with its URL. The session's interceptor, then the request's, adapt and
/// retry it as they do a ``DataRequest``.
///
/// ```swift
/// let destination = DownloadRequest.suggestedDownloadDestination(for: .cachesDirectory, options: .removePreviousFile)
/// AF.download("https://example.com/report.pdf", to: destination).validate().responseURL { response in
///     print(response.value?.path ?? "failed")
/// }
/// ```
open class DownloadRequest: Request, @unchecked Sendable {
    /// What to do at the destination before the file is moved there.
    public struct Options: OptionSet, Sendable, Hashable {
        /// Create the destination's missing folders.
        public static let createIntermediateDirectories = Options(rawValue: 1 << 0)
        /// Remove a file already at the destination.
        public static let removePreviousFile = Options(rawValue: 1 << 1)

        /// The options as bits.
        public let rawValue: Int

        /// Creates options from their bits.
        ///
        /// - Parameter rawValue: The bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }
    }

    /// Chooses where a downloaded file goes, given where it was saved and the response.
    public typealias Destination =
        @Sendable (_ temporaryURL: URL, _ response: HTTPURLResponse) -> (destinationURL: URL, options: Options)

    /// A check of a download's response and file, as ``validate(_:)`` takes.
    public typealias Validation =
        @Sendable (_ request: URLRequest?, _ response: HTTPURLResponse, _ fileURL: URL?) -> ValidationResult

    /// What a download starts from.
    public enum Downloadable: Sendable {
        /// A request to send.
        case request(any URLRequestConvertible)
        /// The ``DownloadRequest/resumeData`` of an earlier download, to continue.
        case resumeData(Data)
    }

    /// A destination in `directory` named by the response's suggested file name (the temporary file's
    /// place when the response suggests none).
    ///
    /// - Parameters:
    ///   - directory: The folder, such as `.documentDirectory`.
    ///   - domain: Where to look for the folder.
    ///   - options: What to do at the destination.
    /// - Returns: The destination.
    public class func suggestedDownloadDestination(
        for directory: FileManager.SearchPathDirectory = .documentDirectory,
        in domain: FileManager.SearchPathDomainMask = .userDomainMask, options: Options = []
    ) -> Destination {
        { temporaryURL, response in
            let folder = FileManager.default.urls(for: directory, in: domain).first
            let named = response.suggestedFilename.flatMap { folder?.appendingPathComponent($0) }
            return (named ?? temporaryURL, options)
        }
    }

    /// The destination when none is given: `Alamofire_` and the temporary file's name, beside it.
    static let defaultDestination: Destination = { temporaryURL, _ in
        let name = "Alamofire_" + temporaryURL.lastPathComponent
        return (temporaryURL.deletingLastPathComponent().appendingPathComponent(name), [])
    }

    struct DownloadState {
        var validators: [Validation] = []
        var fileURL: URL?
        var resumeData: Data?
        /// Whether a cancellation should keep the bytes so far and describe them in ``resumeData``.
        var keepsResumeData = false
        var resumeDataHandlers: [@Sendable (Data?) -> Void] = []
        /// Where attempts write the body before it is moved.
        var temporaryURL: URL?
    }

    /// What the download starts from.
    public let downloadable: Downloadable
    /// Where the file goes once it has been downloaded.
    let destination: Destination
    let downloadState = Locked(DownloadState())
    let run = RequestRun()

    /// Creates a request; a ``Session`` makes requests, and subclasses call this.
    ///
    /// - Parameters:
    ///   - id: Its identifier.
    ///   - downloadable: What the download starts from.
    ///   - underlyingQueue: The session's root queue.
    ///   - serializationQueue: The queue for response serializers.
    ///   - eventMonitor: The monitor told about its events.
    ///   - interceptor: Its own interceptor.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil for the session's choice.
    ///   - delegate: The session.
    ///   - destination: Where the file goes; beside the temporary file, prefixed `Alamofire_`, when nil.
    public init(
        id: UUID = UUID(), downloadable: Downloadable, underlyingQueue: DispatchQueue,
        serializationQueue: DispatchQueue, eventMonitor: (any EventMonitor)?, interceptor: (any RequestInterceptor)?,
        shouldAutomaticallyResume: Bool? = nil, delegate: any RequestDelegate, destination: Destination? = nil
    ) {
        self.downloadable = downloadable
        self.destination = destination ?? Self.defaultDestination
        super.init(
            id: id, underlyingQueue: underlyingQueue, serializationQueue: serializationQueue,
            eventMonitor: eventMonitor, interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume,
            delegate: delegate)
    }

    /// What ``Session/download(resumingWith:interceptor:shouldAutomaticallyResume:to:)`` needs to
    /// continue this download: set when it was cancelled with
    /// ``cancel(producingResumeData:)`` or failed part way, and the server named the file with an
    /// `ETag` or `Last-Modified` so that a range of it can be asked for.
    public var resumeData: Data? { downloadState.withLock { $0.resumeData } }

    /// Where the file was moved, once it was.
    public var fileURL: URL? { downloadState.withLock { $0.fileURL } }

    // MARK: - Running

    override func didResume() {
        if run.hasStarted { deliver(run) } else { begin() }
    }

    override func didCancel() {
        if let task = run.task {
            task.cancel()
        } else {
            finish(.failed(.explicitlyCancelled), of: run)
        }
    }

    override func didPrepareForRetry() {
        downloadState.withLock { $0.fileURL = nil }
    }

    private func begin() {
        let task = Task { [self] in
            guard let session = delegate as? Session else { return finish(.failed(.sessionDeinitialized), of: run) }
            let start: (request: URLRequest, temporaryURL: URL)
            do throws(AFError) {
                start = try startingPoint(in: session.client.configuration.temporaryDirectory)
            } catch {
                emit { [self] in $0.request(self, didFailToCreateURLRequestWithError: error) }
                return finish(.failed(error), of: run)
            }
            emit { [self] in $0.request(self, didCreateInitialURLRequest: start.request) }
            downloadState.withLock { $0.temporaryURL = start.temporaryURL }
            let sent = authenticated(start.request)
            didCreate(sent)
            let outcome = await session.send(
                sent, for: self, steps: steps(client: session.client, to: start.temporaryURL))
            settleResumeData(after: outcome, temporaryURL: start.temporaryURL)
            finish(outcome, of: run)
        }
        run.keep(task)
    }

    /// The request to send and the temporary file to write.
    private func startingPoint(in folder: URL) throws(AFError) -> (request: URLRequest, temporaryURL: URL) {
        switch downloadable {
        case .request(let convertible):
            let temporaryURL = folder.appendingPathComponent("NetworkKit_Download_\(id.uuidString).tmp")
            do {
                return (try convertible.asURLRequest(), temporaryURL)
            } catch {
                throw Self.creationError(error)
            }
        case .resumeData(let data):
            guard let resumed = ResumeData(data) else {
                throw .sessionTaskFailed(error: URLError(.cannotDecodeRawData))
            }
            return (resumed.request, resumed.temporaryURL)
        }
    }

    /// How each attempt runs: a download into the temporary file, then the move and validation.
    private func steps(client: HTTPClient, to temporaryURL: URL) -> AttemptSteps {
        AttemptSteps(
            transfer: { [self] attempt in
                do throws(HTTPError) {
                    let file = try await client.download(
                        attempt, to: temporaryURL, options: [.replaceExisting, .resume],
                        acceptableStatusCodes: 0..<Int.max
                    ) { [self] progress in
                        report(progress, to: downloadProgress, handler: downloadProgressHandler)
                    }
                    return .success(file.response)
                } catch {
                    return .failure(AFError(error))
                }
            },
            receive: { [self] answer in received(answer, at: temporaryURL) })
    }

    /// Records an attempt's response, moves the file to its destination, and runs the validations;
    /// returns the first failure.
    private func received(_ answer: HTTPResponse, at temporaryURL: URL) -> AFError? {
        let recorded = Self.urlResponse(of: answer)
        mutableState.withLock { $0.response = recorded }
        guard let response = recorded.value else { return nil }
        let (destinationURL, options) = destination(temporaryURL, response)
        emit { [self] in $0.request(self, didCreateDestinationURL: destinationURL) }
        do {
            try Self.move(temporaryURL, to: destinationURL, options: options)
        } catch {
            try? FileManager.default.removeItem(at: temporaryURL)
            let failure = AFError.downloadedFileMoveFailed(
                error: error, source: temporaryURL, destination: destinationURL)
            recordFailure(failure)
            return failure
        }
        let validators = downloadState.withLock { state in
            state.fileURL = destinationURL
            return state.validators
        }
        let sent = request
        for validation in validators {
            let failure = Self.failure(of: validation, request: sent, response: response, fileURL: destinationURL)
            if eventMonitor != nil {
                let result = Handoff(failure.map { Request.ValidationResult.failure($0) } ?? .success(()))
                emit { [self] in
                    $0.request(
                        self, didValidateRequest: sent, response: response, fileURL: destinationURL,
                        withResult: result.value)
                }
            }
            if let failure {
                recordFailure(failure)
                return failure
            }
        }
        return nil
    }

    private static func move(_ source: URL, to destination: URL, options: Options) throws {
        let manager = FileManager.default
        guard source.standardizedFileURL != destination.standardizedFileURL else { return }
        if options.contains(.createIntermediateDirectories) {
            try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        if options.contains(.removePreviousFile), manager.fileExists(atPath: destination.path) {
            try manager.removeItem(at: destination)
        }
        try manager.moveItem(at: source, to: destination)
    }

    /// The error `validation` fails with, as an ``AFError``; nil when it passes.
    static func failure(of validation: Validation, request: URLRequest?, response: HTTPURLResponse, fileURL: URL?)
        -> AFError?
    {
        guard case .failure(let failure) = validation(request, response, fileURL) else { return nil }
        return (failure as? AFError) ?? .responseValidationFailed(reason: .customValidationFailed(error: failure))
    }
}
