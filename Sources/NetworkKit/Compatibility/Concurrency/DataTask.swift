public import Foundation

/// Alamofire's `DataTask`: a ``DataRequest``'s serialized response, to `await`.
///
/// The request's serializer runs once, on the session's serialization queue, as soon as the request
/// has finished, and every task awaiting ``response`` (or ``result``, or ``value``) is resumed from
/// there with the same response. Made by ``DataRequest/serializingData(automaticallyCancelling:dataPreprocessor:emptyResponseCodes:emptyRequestMethods:)``
/// and its siblings; it behaves as Alamofire's does.
///
/// ```swift
/// let user = try await AF.request("https://example.com/user").validate().serializingDecodable(User.self).value
/// ```
public struct DataTask<Value>: Sendable where Value: Sendable {
    /// The serialized response. With `automaticallyCancelling` (the default), cancelling the task that
    /// awaits it cancels the request, which then ends with ``AFError/explicitlyCancelled``.
    public var response: DataResponse<Value, AFError> {
        get async {
            // Made already (a request answered on the awaiting task's own thread): cancelling now
            // could no longer change it.
            if let made = future.made { return made }
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

    private let request: DataRequest
    private let future: ResponseFuture<DataResponse<Value, AFError>>
    private let shouldAutomaticallyCancel: Bool

    init(
        request: DataRequest, future: ResponseFuture<DataResponse<Value, AFError>>, shouldAutomaticallyCancel: Bool
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

extension DataRequest {
    /// A ``DataTask`` that awaits the body (a ``DataResponseSerializer``'s).
    ///
    /// - Parameters:
    ///   - shouldAutomaticallyCancel: Whether cancelling the task awaiting the ``DataTask``'s values
    ///     cancels the request; true by default.
    ///   - dataPreprocessor: Prepares the body first.
    ///   - emptyResponseCodes: Statuses whose empty body is a success.
    ///   - emptyRequestMethods: Methods whose empty body is a success.
    /// - Returns: The task.
    public func serializingData(
        automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        dataPreprocessor: any DataPreprocessor = DataResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods
    ) -> DataTask<Data> {
        dataTask(
            DataResponseSerializer(
                dataPreprocessor: dataPreprocessor, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            readsResponseForBody: false, automaticallyCancelling: shouldAutomaticallyCancel)
    }

    /// A ``DataTask`` that awaits the body decoded as `type` (a ``DecodableResponseSerializer``'s).
    ///
    /// ```swift
    /// let user = try await AF.request(url).serializingDecodable(User.self).value
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - shouldAutomaticallyCancel: Whether cancelling the task awaiting the ``DataTask``'s values
    ///     cancels the request; true by default.
    ///   - dataPreprocessor: Prepares the body first.
    ///   - decoder: The decoder; a `JSONDecoder` by default.
    ///   - emptyResponseCodes: Statuses whose empty body is a success (``Empty`` and ``EmptyResponse``
    ///     types decode from it).
    ///   - emptyRequestMethods: Methods whose empty body is a success.
    /// - Returns: The task.
    public func serializingDecodable<Value: Decodable & Sendable>(
        _ type: Value.Type = Value.self, automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        dataPreprocessor: any DataPreprocessor = DecodableResponseSerializer<Value>.defaultDataPreprocessor,
        decoder: any DataDecoder = JSONDecoder(),
        emptyResponseCodes: Set<Int> = DecodableResponseSerializer<Value>.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DecodableResponseSerializer<Value>.defaultEmptyRequestMethods
    ) -> DataTask<Value> {
        dataTask(
            DecodableResponseSerializer<Value>(
                dataPreprocessor: dataPreprocessor, decoder: decoder, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            readsResponseForBody: false, automaticallyCancelling: shouldAutomaticallyCancel)
    }

    /// A ``DataTask`` that awaits the body as text (a ``StringResponseSerializer``'s): in `encoding`,
    /// else the response's charset, else ISO Latin 1.
    ///
    /// - Parameters:
    ///   - shouldAutomaticallyCancel: Whether cancelling the task awaiting the ``DataTask``'s values
    ///     cancels the request; true by default.
    ///   - dataPreprocessor: Prepares the body first.
    ///   - encoding: The text encoding; nil to take the response's.
    ///   - emptyResponseCodes: Statuses whose empty body is a success.
    ///   - emptyRequestMethods: Methods whose empty body is a success.
    /// - Returns: The task.
    public func serializingString(
        automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        dataPreprocessor: any DataPreprocessor = StringResponseSerializer.defaultDataPreprocessor,
        encoding: String.Encoding? = nil,
        emptyResponseCodes: Set<Int> = StringResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = StringResponseSerializer.defaultEmptyRequestMethods
    ) -> DataTask<String> {
        dataTask(
            StringResponseSerializer(
                dataPreprocessor: dataPreprocessor, encoding: encoding, emptyResponseCodes: emptyResponseCodes,
                emptyRequestMethods: emptyRequestMethods),
            readsResponseForBody: encoding == nil, automaticallyCancelling: shouldAutomaticallyCancel)
    }

    /// A ``DataTask`` that awaits what `serializer` makes of the response (the overload that lets
    /// `.data`, `.string` and `.decodable(of:)` be written with a dot).
    ///
    /// - Parameters:
    ///   - serializer: Makes the value; runs on the session's serialization queue.
    ///   - shouldAutomaticallyCancel: Whether cancelling the task awaiting the ``DataTask``'s values
    ///     cancels the request; true by default.
    /// - Returns: The task.
    public func serializingResponse<Serializer: ResponseSerializer>(
        using serializer: Serializer, automaticallyCancelling shouldAutomaticallyCancel: Bool = true
    ) -> DataTask<Serializer.SerializedObject> {
        dataTask(
            serializer, readsResponseForBody: ResponseReading.readsResponseForBody(serializer),
            automaticallyCancelling: shouldAutomaticallyCancel)
    }

    /// A ``DataTask`` that awaits what `serializer` makes of the response.
    ///
    /// - Parameters:
    ///   - serializer: Makes the value; runs on the session's serialization queue.
    ///   - shouldAutomaticallyCancel: Whether cancelling the task awaiting the ``DataTask``'s values
    ///     cancels the request; true by default.
    /// - Returns: The task.
    public func serializingResponse<Serializer: DataResponseSerializerProtocol>(
        using serializer: Serializer, automaticallyCancelling shouldAutomaticallyCancel: Bool = true
    ) -> DataTask<Serializer.SerializedObject> {
        dataTask(
            serializer, readsResponseForBody: ResponseReading.readsResponseForBody(serializer),
            automaticallyCancelling: shouldAutomaticallyCancel)
    }

    /// Registers `serializer` to run on the serialization queue once the request has finished (and
    /// starts the request as a response handler does); its response fulfils the task's future there.
    /// `readsResponseForBody` is the serializer's answer (see ``ResponseReading``).
    private func dataTask<Serializer: DataResponseSerializerProtocol>(
        _ serializer: Serializer, readsResponseForBody: @autoclosure @escaping @Sendable () -> Bool,
        automaticallyCancelling shouldAutomaticallyCancel: Bool
    ) -> DataTask<Serializer.SerializedObject> {
        let future = ResponseFuture<AFDataResponse<Serializer.SerializedObject>>()
        _ = serialized(queue: nil) { request, source, data, error in
            let response = source.flatMap {
                ResponseReading.response($0, readsResponseForBody: readsResponseForBody(), data: data, error: error)
            }
            return try serializer.serialize(request: request, response: response, data: data, error: error)
        } deliver: {
            future.fulfil($0)
        }
        // As in Alamofire, a task made inside an already-cancelled task cancels its request at once.
        if shouldAutomaticallyCancel, Task.isCancelled { cancel() }
        return DataTask(request: self, future: future, shouldAutomaticallyCancel: shouldAutomaticallyCancel)
    }
}
