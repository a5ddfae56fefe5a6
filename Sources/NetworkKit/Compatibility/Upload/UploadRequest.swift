public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Alamofire's `UploadRequest`: a ``DataRequest`` that sends a body (bytes, a file, a stream or a
/// multipart form) through ``HTTPClient/upload(_:with:acceptableStatusCodes:options:progress:)``.
///
/// The body is made before each attempt, so a retry sends it again; files are streamed from disk,
/// and ``Request/uploadProgress`` follows the bytes sent. The response is handled as a
/// ``DataRequest``'s.
///
/// Before each attempt is sent, its monitors are told ``EventMonitor/request(_:didCreateUploadable:)``,
/// or ``EventMonitor/request(_:didFailToCreateUploadableWithError:)`` when ``upload`` throws (the
/// attempt is then not sent, and the retrier decides), as Alamofire tells them. Alamofire tells
/// them just before the attempt's ``EventMonitor/request(_:didCreateURLRequest:)``; here they come
/// just after it, as the body is made when the adapted request is sent.
///
/// ```swift
/// AF.upload(photoURL, to: "https://example.com/photos")
///     .uploadProgress { progress in print(progress.fractionCompleted) }
///     .validate()
///     .responseDecodable(of: Photo.self) { response in print(response.value?.id ?? "") }
/// ```
open class UploadRequest: DataRequest, @unchecked Sendable {
    private struct UploadState {
        var uploadable: Uploadable?
        /// The stream's bytes, once read into a temporary file.
        var streamFile: URL?
        /// Files to remove once the attempts are over.
        var removable: [URL] = []
    }

    /// What makes the body before each attempt.
    public let upload: any UploadableConvertible
    /// The file manager that checks and removes the upload's files.
    public let fileManager: FileManager
    private let uploadState = Locked(UploadState())

    /// Creates a request; a ``Session`` makes requests, and subclasses call this.
    ///
    /// - Parameters:
    ///   - id: Its identifier.
    ///   - convertible: What the `URLRequest` and the body are made from.
    ///   - underlyingQueue: The session's root queue.
    ///   - serializationQueue: The queue for response serializers.
    ///   - eventMonitor: The monitor told about its events.
    ///   - interceptor: Its own interceptor.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil for the session's choice.
    ///   - fileManager: The file manager that checks and removes the upload's files.
    ///   - delegate: The session.
    public init(
        id: UUID = UUID(), convertible: any UploadConvertible, underlyingQueue: DispatchQueue,
        serializationQueue: DispatchQueue, eventMonitor: (any EventMonitor)?, interceptor: (any RequestInterceptor)?,
        shouldAutomaticallyResume: Bool? = nil, fileManager: FileManager = .default, delegate: any RequestDelegate
    ) {
        upload = convertible
        self.fileManager = fileManager
        super.init(
            id: id, convertible: convertible, underlyingQueue: underlyingQueue, serializationQueue: serializationQueue,
            eventMonitor: eventMonitor, interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume,
            delegate: delegate)
    }

    /// The body of the current or last attempt, once it was made.
    public var uploadable: Uploadable? { uploadState.withLock { $0.uploadable } }

    override func transfer(_ attempt: URLRequest, through client: HTTPClient) async -> Result<HTTPResponse, AFError> {
        let body: UploadBody
        switch await makeBody(in: client.configuration.temporaryDirectory) {
        case .success(let made): body = made
        case .failure(let error): return .failure(error)
        }
        do throws(HTTPError) {
            let response = try await client.upload(body, with: attempt, acceptableStatusCodes: 0..<Int.max) {
                [self] progress in
                report(progress, to: uploadProgress, handler: uploadProgressHandler)
            }
            return .success(response)
        } catch {
            return .failure(AFError(error))
        }
    }

    override func didFinishAttempts() {
        let files = uploadState.withLock { state in
            defer { state.removable = [] }
            return state.removable
        }
        for file in files { try? fileManager.removeItem(at: file) }
    }

    /// The attempt's body: made by ``upload``, a file checked, a stream read into a file.
    private func makeBody(in temporaryDirectory: URL) async -> Result<UploadBody, AFError> {
        // Made once, as Alamofire makes it: a retry sends the same body (a multipart form's parts are
        // read once).
        let uploadable: Uploadable
        if let made = uploadState.withLock({ $0.uploadable }) {
            uploadable = made
        } else {
            do {
                uploadable = try upload.createUploadable()
            } catch {
                let failure = Self.uploadableError(error)
                recordFailure(failure)
                emit { [self] in $0.request(self, didFailToCreateUploadableWithError: failure) }
                return .failure(failure)
            }
        }
        uploadState.withLock { state in
            state.uploadable = uploadable
            if case .file(let url, true) = uploadable, !state.removable.contains(url) { state.removable.append(url) }
        }
        // Told for every attempt, as Alamofire asks for the body again before each one.
        emit { [self] in $0.request(self, didCreateUploadable: uploadable) }
        switch uploadable {
        case .data(let data):
            return .success(.data(data))
        case .file(let url, _):
            guard fileManager.fileExists(atPath: url.path) else {
                let missing = URLError(.fileDoesNotExist, userInfo: [NSURLErrorFailingURLErrorKey: url])
                return .failure(.sessionTaskFailed(error: missing))
            }
            return .success(.file(url))
        case .stream:
            if let file = uploadState.withLock({ $0.streamFile }) { return .success(.file(file)) }
            let file = temporaryDirectory.appendingPathComponent("NetworkKit_Upload_\(id.uuidString).tmp")
            uploadState.withLock { $0.removable.append(file) }
            return await StreamDrain.copy(uploadable, to: file).map { _ in
                uploadState.withLock { $0.streamFile = file }
                return .file(file)
            }
        }
    }

    private static func uploadableError(_ error: any Error) -> AFError {
        switch error {
        case let error as AFError: error
        case let error as HTTPError: AFError(error)
        default: .createUploadableFailed(error: error)
        }
    }
}

/// Reads a stream to its end into a file, on a thread of its own (reading may block).
enum StreamDrain {
    /// The bytes of a ``UploadRequest/Uploadable/stream(_:)`` written to `file` (the enum carries the
    /// stream across threads: it is `@unchecked Sendable` for that reason).
    ///
    /// - Returns: Success, or ``AFError/createUploadableFailed(error:)`` with the stream's or the
    ///   file's error.
    static func copy(_ uploadable: UploadRequest.Uploadable, to file: URL) async -> Result<Void, AFError> {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                guard case .stream(let stream) = uploadable else { return continuation.resume(returning: .success(())) }
                continuation.resume(returning: write(stream, to: file))
            }
        }
    }

    private static func write(_ stream: InputStream, to file: URL) -> Result<Void, AFError> {
        guard FileManager.default.createFile(atPath: file.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: file)
        else {
            return .failure(
                .createUploadableFailed(error: CocoaError(.fileWriteUnknown, userInfo: [NSURLErrorKey: file])))
        }
        defer { try? handle.close() }
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count < 0 { return .failure(.createUploadableFailed(error: error(of: stream))) }
            if count == 0 { return .success(()) }
            do {
                try handle.write(contentsOf: buffer[0..<count])
            } catch {
                return .failure(.createUploadableFailed(error: error))
            }
        }
    }

    /// The error of a stream whose read failed; FoundationNetworking's `streamError` stops the
    /// process unless the status is `.error`, so it is read only then.
    private static func error(of stream: InputStream) -> any Error {
        guard stream.streamStatus == .error, let error = stream.streamError else { return CocoaError(.fileReadUnknown) }
        return error
    }
}
