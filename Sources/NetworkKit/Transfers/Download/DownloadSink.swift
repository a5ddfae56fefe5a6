import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One download call's file handling across its attempts: where to resume, what a response head
/// means for the bytes on disk, writing the body, and the final move.
final class DownloadSink: BodySink {
    private struct State {
        /// Bytes at the start of the partial file that belong to the representation described.
        var onDisk: Int64 = 0
        /// The description on disk, when the bytes can be resumed.
        var saved: PartialDownload.Description?
        /// Where the current attempt asked the body to start; nil when it asked for all of it.
        var requestedFrom: Int64?
        var total: Int64?
        var writer: BackgroundFileWriter?
        /// Bytes received and not yet handed to the writer (up to ``DownloadSink/blockSize``).
        var pending = Data()
        var resumedFrom: Int64 = 0
        var restartReason: DownloadedFile.RestartReason?
        /// A `416` showed the bytes on disk are stale: the next attempt starts from zero.
        var needsRestart = false
    }

    let files: PartialDownload
    private let options: DownloadOptions
    private let validation: ResponseValidation
    private let progress: ProgressReporter?
    /// The request's URL, which the description must name for a resume.
    private let url: URL
    private let state = Locked(State())
    /// Holds the partial file's lock for the whole call; -1 once ``unlock()`` released it.
    private let lockDescriptor: Locked<Int32>

    /// Prepares the destination: creates folders, refuses an existing destination, locks the
    /// partial file (creating it, so an unwritable folder fails before anything is sent), and picks
    /// up or empties what it holds.
    init(
        destination: URL, url: URL, options: DownloadOptions, validation: ResponseValidation,
        progress: ProgressReporter?
    ) throws(FileFailure) {
        files = PartialDownload(destination: destination.standardizedFileURL)
        self.options = options
        self.validation = validation
        self.progress = progress
        self.url = url
        let manager = FileManager.default
        let folder = files.destination.deletingLastPathComponent()
        if options.contains(.createFolders) {
            do {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw FileFailure(PartialDownload.reason(error, path: folder.path))
            }
        }
        if !options.contains(.replaceExisting), manager.fileExists(atPath: files.destination.path) {
            throw FileFailure(.destinationExists(path: files.destination.path))
        }
        let leftOver = files.exists
        let descriptor = try files.lock()
        lockDescriptor = Locked(descriptor)
        var initial = State()
        if options.contains(.resume), let (saved, size) = files.resumable(for: url) {
            initial.saved = saved
            initial.onDisk = size
            initial.total = saved.totalBytes
        } else {
            if options.contains(.resume), leftOver { initial.restartReason = .partialFileUnusable }
            files.forgetDescription()
            _ = FileWriter.cut(descriptor, to: 0)  // an empty file is not truncated (see `cut`)
        }
        state.withLock { $0 = initial }
    }

    deinit {
        unlock()
    }

    /// Releases the partial file's lock: the call is over, whatever its outcome.
    func unlock() {
        let descriptor = lockDescriptor.withLock { descriptor -> Int32 in
            defer { descriptor = -1 }
            return descriptor
        }
        if descriptor >= 0 { close(descriptor) }
    }

    /// `request` with the `Range` and `If-Range` that continue the bytes on disk, when they can be;
    /// the next heads are validated against it.
    func ranged(_ request: URLRequest) -> URLRequest {
        let ranged = state.withLock { state in
            state.requestedFrom = nil
            guard state.onDisk > 0, let validator = state.saved?.validator else { return request }
            var ranged = request
            ranged.setValue("bytes=\(state.onDisk)-", forHTTPHeaderField: "Range")
            ranged.setValue(validator, forHTTPHeaderField: "If-Range")
            state.requestedFrom = state.onDisk
            return ranged
        }
        currentRequest.withLock { $0 = ranged }
        return ranged
    }

    /// Whether a `416` asked for a fresh start, cleared as it is read (the bytes on disk are dropped).
    func takeRestart() -> Bool {
        state.withLock { state in
            guard state.needsRestart else { return false }
            state.needsRestart = false
            state.onDisk = 0
            state.saved = nil
            state.total = nil
            return true
        }
    }

    /// The response of a finished download.
    func response(_ head: HTTPResponse) -> DownloadedFile {
        state.withLock { state in
            DownloadedFile(
                fileURL: files.destination, response: head, byteCount: state.onDisk, resumedFrom: state.resumedFrom,
                restartReason: state.restartReason)
        }
    }

    // MARK: - BodySink

    func begin(_ response: ResponseHead) -> HeadDecision {
        state.withLock { state in
            guard let from = state.requestedFrom else { return beginWhole(response, state: &state) }
            let contentRange = response.value(forHTTPHeaderField: "Content-Range")
            switch response.statusCode {
            case 206:
                guard let range = contentRange.flatMap(ContentRange.init), range.first == from else {
                    return .fail(failure(.unexpectedContentRange(expectedStart: from, received: contentRange)))
                }
                let decision = validation.decision(for: response, request: attemptRequest)
                guard case .accept = decision else { return decision }
                return open(at: from, total: range.total ?? state.total, response, state: &state)
            case 416:
                if let total = contentRange.flatMap(ContentRange.init)?.total, total == from {
                    state.resumedFrom = from  // the bytes on disk already were the whole file
                    state.total = total
                    return .finish
                }
                state.needsRestart = true
                state.restartReason = .rangeNotSatisfiable
                return .finish
            default:
                let decision = validation.decision(for: response, request: attemptRequest)
                guard case .accept = decision else { return decision }
                state.restartReason = .rangeIgnored
                return beginWhole(response, state: &state)
            }
        }
    }

    func write(_ data: Data) -> HTTPError? {
        report(
            state.withLock { state -> Result<(Int64, Int64?), HTTPError> in
                guard let writer = state.writer else { return .success((state.onDisk, state.total)) }
                state.pending.append(data)
                state.onDisk += Int64(data.count)
                if state.pending.count >= Self.blockSize {
                    let block = state.pending
                    state.pending = Data(capacity: Self.blockSize)
                    do throws(FileFailure) {
                        try writer.append(block)
                    } catch {
                        return .failure(failure(error.reason))
                    }
                }
                return .success((state.onDisk, state.total))
            })
    }

    /// A piece from libcurl's buffer, written at once on its thread (see
    /// ``BackgroundFileWriter/writeNow(_:)``).
    func write(bytes: UnsafeRawBufferPointer) -> HTTPError? {
        report(
            state.withLock { state -> Result<(Int64, Int64?), HTTPError> in
                guard let writer = state.writer else { return .success((state.onDisk, state.total)) }
                do throws(FileFailure) {
                    if !state.pending.isEmpty {
                        try writer.append(state.pending)
                        state.pending = Data()
                    }
                    try writer.writeNow(bytes)
                } catch {
                    return .failure(failure(error.reason))
                }
                state.onDisk += Int64(bytes.count)
                return .success((state.onDisk, state.total))
            })
    }

    /// Reports a write's progress, or returns its error.
    private func report(_ result: Result<(Int64, Int64?), HTTPError>) -> HTTPError? {
        switch result {
        case .success(let (completed, total)):
            progress?.update(completed: completed, total: total)
            return nil
        case .failure(let error):
            return error
        }
    }

    func end(_ failure: HTTPError?) -> Result<Data, HTTPError> {
        let outcome = state.withLock { state -> Result<Int64, HTTPError> in
            var failure = failure
            if let writer = state.writer {
                state.writer = nil
                if !state.pending.isEmpty { try? writer.append(state.pending) }
                state.pending = Data()
                let closed = writer.close()
                state.onDisk = closed.offset
                if let error = closed.failure { failure = failure ?? self.failure(error.reason) }
            }
            if failure == nil, state.needsRestart { return .success(state.onDisk) }
            if failure == nil, let total = state.total, state.onDisk < total {
                failure = .transport(
                    HTTPError.TransportFailure(
                        request: HTTPError.RequestSummary(attemptRequest), code: .networkConnectionLost,
                        reason: "the body ended after \(state.onDisk) of \(total) bytes"))
            }
            if let failure {
                // Keep what can be resumed; anything else goes, so a failed download leaves no file.
                if state.onDisk == 0 || state.saved == nil { files.remove() }
                return .failure(failure)
            }
            do throws(FileFailure) {
                try files.complete(replacing: options.contains(.replaceExisting))
            } catch {
                return .failure(self.failure(error.reason))
            }
            return .success(state.onDisk)
        }
        switch outcome {
        case .success(let completed):
            progress?.finish(completed: completed)
            return .success(Data())
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Bytes gathered before they are handed to the writer's thread.
    static let blockSize = 1 << 20

    // MARK: - Heads

    /// A head answering a request for the whole body (or a range request the server ignored).
    private func beginWhole(_ response: ResponseHead, state: inout State) -> HeadDecision {
        let decision = validation.decision(for: response, request: attemptRequest)
        guard case .accept = decision else { return decision }
        var total: Int64? = response.expectedContentLength >= 0 ? response.expectedContentLength : nil
        if response.statusCode == 206 {
            let header = response.value(forHTTPHeaderField: "Content-Range")
            guard let range = header.flatMap(ContentRange.init), range.first == 0 else {
                return .fail(failure(.unexpectedContentRange(expectedStart: 0, received: header)))
            }
            total = range.total
        }
        return open(at: 0, total: total, response, state: &state)
    }

    /// Opens the partial file at `offset` and records the representation's validator before any
    /// byte of it is written, so the description never names bytes it did not check.
    private func open(at offset: Int64, total: Int64?, _ response: ResponseHead, state: inout State)
        -> HeadDecision
    {
        let length = response.expectedContentLength
        let total = total ?? (length >= 0 ? offset + length : nil)
        do throws(FileFailure) {
            state.writer = try BackgroundFileWriter(path: files.partial.path, offset: offset)
            state.pending = Data(capacity: Self.blockSize)
            state.onDisk = offset
            state.resumedFrom = offset
            state.total = total
            if let described = Self.description(of: response, url: url, total: total) {
                try files.save(described)
                state.saved = described
            } else {
                files.forgetDescription()
                state.saved = nil
            }
        } catch {
            return .fail(failure(error.reason))
        }
        progress?.update(completed: offset, total: total)
        return .accept
    }

    /// What a resume of `response`'s body needs, or nil when it cannot be resumed safely: no strong
    /// `ETag` or `Last-Modified`, or a content coding (the bytes on disk are then decoded ones,
    /// whose offsets are not the representation's).
    private static func description(of response: ResponseHead, url: URL, total: Int64?)
        -> PartialDownload.Description?
    {
        let coding = response.value(forHTTPHeaderField: "Content-Encoding")?.lowercased()
        guard coding == nil || coding == "identity" else { return nil }
        let tag = response.value(forHTTPHeaderField: "ETag").flatMap { $0.hasPrefix("W/") ? nil : $0 }
        let date = response.value(forHTTPHeaderField: "Last-Modified")
        guard tag != nil || date != nil else { return nil }
        return PartialDownload.Description(
            url: url.absoluteString, entityTag: tag, lastModified: date, totalBytes: total)
    }

    /// The request of the current attempt (set by ``ranged(_:)``), for validating its response
    /// against its `Accept` and for error summaries.
    private let currentRequest = Locked<URLRequest?>(nil)

    private var attemptRequest: URLRequest {
        currentRequest.value ?? URLRequest(url: url)
    }

    private func failure(_ reason: HTTPError.TransferFailureReason) -> HTTPError {
        .transferFailed(
            HTTPError.TransferFailure(
                request: HTTPError.RequestSummary(attemptRequest), reason: reason))
    }
}
