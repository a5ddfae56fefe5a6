public import Foundation

// MARK: - Responses

extension DownloadRequest {
    /// Calls `completionHandler` on `queue` with the request, response, file URL and error,
    /// unserialized.
    ///
    /// - Parameters:
    ///   - queue: Where the handler runs; the main queue by default.
    ///   - completionHandler: Called once.
    /// - Returns: This request.
    @discardableResult
    public func response(
        queue: DispatchQueue = .main, completionHandler: @escaping (AFDownloadResponse<URL?>) -> Void
    ) -> Self {
        let handler = OnceHandler(completionHandler)
        whenDelivered(run) { [self] in
            let response = AFDownloadResponse<URL?>(
                request: request, response: response, fileURL: fileURL, resumeData: resumeData, metrics: metrics,
                serializationDuration: 0, result: error.map { .failure($0) } ?? .success(fileURL))
            emit { [self] in $0.request(self, didParseResponse: response) }
            queue.async { handler.call(response) }
        }
        return self
    }

    /// Calls `completionHandler` on `queue` with what `responseSerializer` makes of the download.
    ///
    /// - Parameters:
    ///   - queue: Where the handler runs; the main queue by default.
    ///   - responseSerializer: Makes the value from the file; runs on the session's serialization queue.
    ///   - completionHandler: Called once.
    /// - Returns: This request.
    @discardableResult
    public func response<Serializer: DownloadResponseSerializerProtocol>(
        queue: DispatchQueue = .main, responseSerializer: Serializer,
        completionHandler: @escaping (AFDownloadResponse<Serializer.SerializedObject>) -> Void
    ) -> Self {
        serialized(queue: queue, by: responseSerializer, completionHandler: completionHandler)
    }

    /// Calls `completionHandler` on `queue` with what `responseSerializer` makes of the download
    /// (the overload that lets `.data`, `.string` and `.decodable(of:)` be written with a dot).
    ///
    /// - Parameters:
    ///   - queue: Where the handler runs; the main queue by default.
    ///   - responseSerializer: Makes the value from the file; runs on the session's serialization queue.
    ///   - completionHandler: Called once.
    /// - Returns: This request.
    @discardableResult
    public func response<Serializer: ResponseSerializer>(
        queue: DispatchQueue = .main, responseSerializer: Serializer,
        completionHandler: @escaping (AFDownloadResponse<Serializer.SerializedObject>) -> Void
    ) -> Self {
        serialized(queue: queue, by: responseSerializer, completionHandler: completionHandler)
    }

    /// Calls `completionHandler` on `queue` with the downloaded file's URL (a
    /// ``URLResponseSerializer``'s).
    ///
    /// - Parameters:
    ///   - queue: Where the handler runs; the main queue by default.
    ///   - completionHandler: Called once.
    /// - Returns: This request.
    @discardableResult
    public func responseURL(
        queue: DispatchQueue = .main, completionHandler: @escaping (AFDownloadResponse<URL>) -> Void
    ) -> Self {
        response(queue: queue, responseSerializer: URLResponseSerializer(), completionHandler: completionHandler)
    }

    /// Calls `completionHandler` on `queue` with the file's bytes (a ``DataResponseSerializer``'s).
    ///
    /// - Parameters:
    ///   - queue: Where the handler runs; the main queue by default.
    ///   - dataPreprocessor: Prepares the bytes first.
    ///   - emptyResponseCodes: Statuses whose empty file is a success.
    ///   - emptyRequestMethods: Methods whose empty file is a success.
    ///   - completionHandler: Called once.
    /// - Returns: This request.
    @discardableResult
    public func responseData(
        queue: DispatchQueue = .main,
        dataPreprocessor: any DataPreprocessor = DataResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods,
        completionHandler: @escaping (AFDownloadResponse<Data>) -> Void
    ) -> Self {
        response(
            queue: queue,
            responseSerializer: DataResponseSerializer(
                dataPreprocessor: dataPreprocessor, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            completionHandler: completionHandler)
    }

    /// Calls `completionHandler` on `queue` with the file as text (a ``StringResponseSerializer``'s):
    /// in `encoding`, else the response's charset, else ISO Latin 1.
    ///
    /// - Parameters:
    ///   - queue: Where the handler runs; the main queue by default.
    ///   - dataPreprocessor: Prepares the bytes first.
    ///   - encoding: The text encoding; nil to take the response's.
    ///   - emptyResponseCodes: Statuses whose empty file is a success.
    ///   - emptyRequestMethods: Methods whose empty file is a success.
    ///   - completionHandler: Called once.
    /// - Returns: This request.
    @discardableResult
    public func responseString(
        queue: DispatchQueue = .main,
        dataPreprocessor: any DataPreprocessor = StringResponseSerializer.defaultDataPreprocessor,
        encoding: String.Encoding? = nil,
        emptyResponseCodes: Set<Int> = StringResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = StringResponseSerializer.defaultEmptyRequestMethods,
        completionHandler: @escaping (AFDownloadResponse<String>) -> Void
    ) -> Self {
        response(
            queue: queue,
            responseSerializer: StringResponseSerializer(
                dataPreprocessor: dataPreprocessor, encoding: encoding, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            completionHandler: completionHandler)
    }

    /// Calls `completionHandler` on `queue` with the file decoded as `type` (a
    /// ``DecodableResponseSerializer``'s).
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - queue: Where the handler runs; the main queue by default.
    ///   - dataPreprocessor: Prepares the bytes first.
    ///   - decoder: The decoder; a `JSONDecoder` by default.
    ///   - emptyResponseCodes: Statuses whose empty file is a success (for an ``EmptyResponse`` type).
    ///   - emptyRequestMethods: Methods whose empty file is a success.
    ///   - completionHandler: Called once.
    /// - Returns: This request.
    @discardableResult
    public func responseDecodable<Value: Decodable & Sendable>(
        of type: Value.Type = Value.self, queue: DispatchQueue = .main,
        dataPreprocessor: any DataPreprocessor = DecodableResponseSerializer<Value>.defaultDataPreprocessor,
        decoder: any DataDecoder = JSONDecoder(),
        emptyResponseCodes: Set<Int> = DecodableResponseSerializer<Value>.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DecodableResponseSerializer<Value>.defaultEmptyRequestMethods,
        completionHandler: @escaping (AFDownloadResponse<Value>) -> Void
    ) -> Self {
        response(
            queue: queue,
            responseSerializer: DecodableResponseSerializer<Value>(
                dataPreprocessor: dataPreprocessor, decoder: decoder, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            completionHandler: completionHandler)
    }

    /// Runs `serializer` on the serialization queue once the download has finished, then the handler
    /// on `queue`; a thrown error that is not an ``AFError`` becomes
    /// `.responseSerializationFailed(.customSerializationFailed)`.
    private func serialized<Serializer: DownloadResponseSerializerProtocol>(
        queue: DispatchQueue, by serializer: Serializer,
        completionHandler: @escaping (AFDownloadResponse<Serializer.SerializedObject>) -> Void
    ) -> Self {
        let handler = OnceHandler(completionHandler)
        whenDelivered(run) { [self] in
            let (request, response, fileURL, resumeData, error) = (request, response, fileURL, resumeData, error)
            serializationQueue.async {
                let (result, duration) = SerializationRun.timed {
                    try serializer.serializeDownload(
                        request: request, response: response, fileURL: fileURL, error: error)
                }
                let made = AFDownloadResponse<Serializer.SerializedObject>(
                    request: request, response: response, fileURL: fileURL, resumeData: resumeData, metrics: nil,
                    serializationDuration: duration, result: result)
                self.emit { [self] in $0.request(self, didParseResponse: made) }
                queue.async { handler.call(made) }
            }
        }
        return self
    }
}
