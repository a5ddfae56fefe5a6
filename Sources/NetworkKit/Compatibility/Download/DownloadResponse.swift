public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The answer a ``DownloadRequest`` hands to its response handlers, in Alamofire's shape: the
/// request, response, the file the body was saved to, resume data, metrics, serialization time and
/// the serialized result.
///
/// ```swift
/// AF.download(url).responseURL { (response: AFDownloadResponse<URL>) in
///     if let file = response.value { print(file.path) }
/// }
/// ```
public struct DownloadResponse<Success, Failure: Error> {
    /// The request sent (the last one, after adaptation and retries).
    public let request: URLRequest?
    /// The response, if one came.
    public let response: HTTPURLResponse?
    /// Where the body was saved, once it was moved to its destination.
    public let fileURL: URL?
    /// What ``Session/download(resumingWith:interceptor:shouldAutomaticallyResume:to:)`` needs to
    /// continue the download, when it stopped part way and the server allows ranges.
    public let resumeData: Data?
    /// URLSession's task metrics: nil, as NetworkKit's transports report timing to their
    /// ``EventMonitor``s instead.
    public let metrics: URLSessionTaskMetrics?
    /// How long the serializer took, in seconds.
    public let serializationDuration: TimeInterval
    /// The serialized value, or the error.
    public let result: Result<Success, Failure>

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The response.
    ///   - fileURL: Where the body was saved.
    ///   - resumeData: What a resume needs.
    ///   - metrics: The task metrics.
    ///   - serializationDuration: How long serializing took.
    ///   - result: The result.
    public init(
        request: URLRequest?, response: HTTPURLResponse?, fileURL: URL?, resumeData: Data?,
        metrics: URLSessionTaskMetrics?, serializationDuration: TimeInterval, result: Result<Success, Failure>
    ) {
        self.request = request
        self.response = response
        self.fileURL = fileURL
        self.resumeData = resumeData
        self.metrics = metrics
        self.serializationDuration = serializationDuration
        self.result = result
    }

    /// The value, when the result is a success.
    public var value: Success? {
        try? result.get()
    }

    /// The error, when the result is a failure.
    public var error: Failure? {
        guard case .failure(let error) = result else { return nil }
        return error
    }

    /// The same response with `transform` applied to its value.
    ///
    /// - Parameter transform: Makes the new value.
    /// - Returns: The response.
    public func map<NewSuccess>(_ transform: (Success) -> NewSuccess) -> DownloadResponse<NewSuccess, Failure> {
        with(result.map(transform))
    }

    /// The same response with `transform` applied to its value; a thrown error becomes the result.
    ///
    /// - Parameter transform: Makes the new value.
    /// - Returns: The response.
    public func tryMap<NewSuccess>(_ transform: (Success) throws -> NewSuccess) -> DownloadResponse<
        NewSuccess, any Error
    > {
        switch result {
        case .success(let value): with(Result { try transform(value) })
        case .failure(let error): with(.failure(error))
        }
    }

    /// The same response with `transform` applied to its error.
    ///
    /// - Parameter transform: Makes the new error.
    /// - Returns: The response.
    public func mapError<NewFailure: Error>(_ transform: (Failure) -> NewFailure) -> DownloadResponse<
        Success, NewFailure
    > {
        with(result.mapError(transform))
    }

    /// The same response with `transform` applied to its error; a thrown error becomes the result.
    ///
    /// - Parameter transform: Makes the new error.
    /// - Returns: The response.
    public func tryMapError<NewFailure: Error>(_ transform: (Failure) throws -> NewFailure) -> DownloadResponse<
        Success, any Error
    > {
        switch result {
        case .success(let value):
            return with(Result<Success, any Error>.success(value))
        case .failure(let error):
            do {
                return with(Result<Success, any Error>.failure(try transform(error)))
            } catch {
                return with(Result<Success, any Error>.failure(error))
            }
        }
    }

    /// This response with another result.
    private func with<NewSuccess, NewFailure>(_ result: Result<NewSuccess, NewFailure>) -> DownloadResponse<
        NewSuccess, NewFailure
    > {
        DownloadResponse<NewSuccess, NewFailure>(
            request: request, response: response, fileURL: fileURL, resumeData: resumeData, metrics: metrics,
            serializationDuration: serializationDuration, result: result)
    }
}

extension DownloadResponse: @unchecked Sendable where Success: Sendable, Failure: Sendable {}
// Sendable when its value and error are: its other properties are immutable lets of value types,
// and `metrics`, a class FoundationNetworking does not mark Sendable, is never set by NetworkKit and
// is immutable once made (URLSessionTaskMetrics exposes only read-only properties).

extension DownloadResponse: CustomStringConvertible, CustomDebugStringConvertible {
    /// The result.
    public var description: String { "\(result)" }

    /// The request, status, file, resume data size, serialization time and result, secrets masked.
    public var debugDescription: String {
        let line = Redaction.default.requestLine(request)
        let status = response.map { "\($0.statusCode)" } ?? "None"
        return """
            [Request]: \(line)
            [Response]: \(status)
            [File URL]: \(fileURL?.path ?? "None")
            [Resume Data]: \(resumeData.map { "\($0.count) bytes" } ?? "None")
            [Serialization Duration]: \(serializationDuration)s
            [Result]: \(result)
            """
    }
}

/// Alamofire's name for a ``DownloadResponse`` that fails with an ``AFError``.
public typealias AFDownloadResponse<Success> = DownloadResponse<Success, AFError>
