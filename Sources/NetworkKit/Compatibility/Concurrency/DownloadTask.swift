public import Foundation

/// Alamofire's `DownloadTask`: a ``DownloadRequest``'s serialized file, to `await`.
///
/// The request's serializer runs once, on the session's serialization queue, as soon as the file is
/// in place, and every task awaiting ``response`` (or ``result``, or ``value``) is resumed from there
/// with the same response. Made by ``DownloadRequest/serializingDownloadedFileURL(automaticallyCancelling:)``
/// and its siblings; it behaves as Alamofire's does.
///
/// ```swift
/// let fileURL = try await AF.download("https://example.com/manual.pdf").serializingDownloadedFileURL().value
/// ```
public struct DownloadTask<Value>: Sendable where Value: Sendable {
    /// The serialized response. With `automaticallyCancelling` (the default), cancelling the task that
    /// awaits it cancels the request, which then ends with ``AFError/explicitlyCancelled``.
    public var response: DownloadResponse<Value, AFError> {
        get async {
            guard shouldAutomaticallyCancel else { return await future.value }
            let request = request
            return await withTaskCancellationHandler {
                await future.value
            } onCancel: {
                request.cancel()
            }
        }
    }

    /// The serialized value or the error.
    public var result: Result<Value, AFError> {
        get async { await response.result }
    }

    /// The serialized value.
    ///
    /// - Throws: The ``AFError`` the request or its serializer failed with.
    public var value: Value {
        get async throws {
            try await result.get()
        }
    }

    private let request: DownloadRequest
    private let future: ResponseFuture<DownloadResponse<Value, AFError>>
    private let shouldAutomaticallyCancel: Bool

    init(
        request: DownloadRequest, future: ResponseFuture<DownloadResponse<Value, AFError>>,
        shouldAutomaticallyCancel: Bool
    ) {
        self.request = request
        self.future = future
        self.shouldAutomaticallyCancel = shouldAutomaticallyCancel
    }

    /// Cancels the request; its response is then ``AFError/explicitlyCancelled``.
    public func cancel() {
        request.cancel()
    }

    /// Resumes the request.
    public func resume() {
        request.resume()
    }

    /// Suspends the request.
    public func suspend() {
        request.suspend()
    }
}

// MARK: - Serializing

extension DownloadRequest {
    /// A ``DownloadTask`` that awaits the file's bytes (a ``DataResponseSerializer``'s).
    ///
    /// - Parameters:
    ///   - shouldAutomaticallyCancel: Whether cancelling the task awaiting the ``DownloadTask``'s values
    ///     cancels the request; true by default.
    ///   - dataPreprocessor: Prepares the bytes first.
    ///   - emptyResponseCodes: Statuses whose empty file is a success.
    ///   - emptyRequestMethods: Methods whose empty file is a success.
    /// - Returns: The task.
    public func serializingData(
        automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        dataPreprocessor: any DataPreprocessor = DataResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods
    ) -> DownloadTask<Data> {
        serializingDownload(
            using: DataResponseSerializer(
                dataPreprocessor: dataPreprocessor, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            automaticallyCancelling: shouldAutomaticallyCancel)
    }

    /// A ``DownloadTask`` that awaits the file decoded as `type` (a ``DecodableResponseSerializer``'s).
    ///
    /// ```swift
    /// let user = try await AF.download(url).serializingDecodable(User.self).value
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - shouldAutomaticallyCancel: Whether cancelling the task awaiting the ``DownloadTask``'s values
    ///     cancels the request; true by default.
    ///   - dataPreprocessor: Prepares the bytes first.
    ///   - decoder: The decoder; a `JSONDecoder` by default.
    ///   - emptyResponseCodes: Statuses whose empty file is a success (``Empty`` and ``EmptyResponse``
    ///     types decode from it).
    ///   - emptyRequestMethods: Methods whose empty file is a success.
    /// - Returns: The task.
    public func serializingDecodable<Value: Decodable & Sendable>(
        _ type: Value.Type = Value.self, automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        dataPreprocessor: any DataPreprocessor = DecodableResponseSerializer<Value>.defaultDataPreprocessor,
        decoder: any DataDecoder = JSONDecoder(),
        emptyResponseCodes: Set<Int> = DecodableResponseSerializer<Value>.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DecodableResponseSerializer<Value>.defaultEmptyRequestMethods
    ) -> DownloadTask<Value> {
        serializingDownload(
            using: DecodableResponseSerializer<Value>(
                dataPreprocessor: dataPreprocessor, decoder: decoder, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            automaticallyCancelling: shouldAutomaticallyCancel)
    }

    /// A ``DownloadTask`` that awaits the file as text (a ``StringResponseSerializer``'s): in `encoding`,
    /// else the response's charset, else ISO Latin 1.
    ///
    /// - Parameters:
    ///   - shouldAutomaticallyCancel: Whether cancelling the task awaiting the ``DownloadTask``'s values
    ///     cancels the request; true by default.
    ///   - dataPreprocessor: Prepares the bytes first.
    ///   - encoding: The text encoding; nil to take the response's.
    ///   - emptyResponseCodes: Statuses whose empty file is a success.
    ///   - emptyRequestMethods: Methods whose empty file is a success.
    /// - Returns: The task.
    public func serializingString(
        automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        dataPreprocessor: any DataPreprocessor = StringResponseSerializer.defaultDataPreprocessor,
        encoding: String.Encoding? = nil,
        emptyResponseCodes: Set<Int> = StringResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = StringResponseSerializer.defaultEmptyRequestMethods
    ) -> DownloadTask<String> {
        serializingDownload(
            using: StringResponseSerializer(
                dataPreprocessor: dataPreprocessor, encoding: encoding, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            automaticallyCancelling: shouldAutomaticallyCancel)
    }

    /// A ``DownloadTask`` that awaits what `serializer` makes of the response (the overload that lets
    /// `.data`, `.string` and `.decodable(of:)` be written with a dot).
    ///
    /// - Parameters:
    ///   - serializer: Makes the value; runs on the session's serialization queue.
    ///   - shouldAutomaticallyCancel: Whether cancelling the task awaiting the ``DownloadTask``'s values
    ///     cancels the request; true by default.
    /// - Returns: The task.
    public func serializingDownload<Serializer: ResponseSerializer>(
        using serializer: Serializer, automaticallyCancelling shouldAutomaticallyCancel: Bool = true
    ) -> DownloadTask<Serializer.SerializedObject> {
        downloadTask(serializer, automaticallyCancelling: shouldAutomaticallyCancel)
    }

    /// A ``DownloadTask`` that awaits what `serializer` makes of the response.
    ///
    /// - Parameters:
    ///   - serializer: Makes the value; runs on the session's serialization queue.
    ///   - shouldAutomaticallyCancel: Whether cancelling the task awaiting the ``DownloadTask``'s values
    ///     cancels the request; true by default.
    /// - Returns: The task.
    public func serializingDownload<Serializer: DownloadResponseSerializerProtocol>(
        using serializer: Serializer, automaticallyCancelling shouldAutomaticallyCancel: Bool = true
    ) -> DownloadTask<Serializer.SerializedObject> {
        downloadTask(serializer, automaticallyCancelling: shouldAutomaticallyCancel)
    }

    /// A ``DownloadTask`` that awaits the URL the file was moved to (a ``URLResponseSerializer``'s).
    ///
    /// - Parameter shouldAutomaticallyCancel: Whether cancelling the task awaiting the
    ///   ``DownloadTask``'s values cancels the request; true by default.
    /// - Returns: The task.
    public func serializingDownloadedFileURL(automaticallyCancelling shouldAutomaticallyCancel: Bool = true)
        -> DownloadTask<URL>
    {
        serializingDownload(using: URLResponseSerializer(), automaticallyCancelling: shouldAutomaticallyCancel)
    }

    /// Registers `serializer` to run on the serialization queue once the download has finished (and
    /// starts the request as a response handler does); its response fulfils the task's future there.
    private func downloadTask<Serializer: DownloadResponseSerializerProtocol>(
        _ serializer: Serializer, automaticallyCancelling shouldAutomaticallyCancel: Bool
    ) -> DownloadTask<Serializer.SerializedObject> {
        let future = ResponseFuture<AFDownloadResponse<Serializer.SerializedObject>>()
        whenDelivered(run) { [self] in
            let (request, response, fileURL, resumeData, error) = (request, response, fileURL, resumeData, error)
            serializationQueue.async {
                let (result, duration) = SerializationRun.timed {
                    try serializer.serializeDownload(
                        request: request, response: response, fileURL: fileURL, error: error)
                }
                future.fulfil(
                    AFDownloadResponse(
                        request: request, response: response, fileURL: fileURL, resumeData: resumeData, metrics: nil,
                        serializationDuration: duration, result: result))
            }
        }
        // As in Alamofire, a task made inside an already-cancelled task cancels its request at once.
        if shouldAutomaticallyCancel, Task.isCancelled { cancel() }
        return DownloadTask(request: self, future: future, shouldAutomaticallyCancel: shouldAutomaticallyCancel)
    }
}
